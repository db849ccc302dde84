import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import { StaleEditDialog } from '@/components/stale-edit-dialog';
import { SwitchField } from '@/components/form-controls';
import { FormErrorAlerts, FormFooter } from '@/components/form-footer';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { PERCENT_INPUT } from '@/lib/decimal-input';
import { useLeaveAfterSave } from '@/lib/use-leave-after-save';
import { BankAccountsEditor } from './bank-accounts-editor';
import { DAYS_INPUT, FormSection, NumberField, TextField, fieldId } from './form-fields';
import { CountrySelect, InvoiceLanguageSelect, LedgerAccountSelect } from './select-fields';
import { useCounterpartyEditor } from './use-counterparty-editor';

interface CounterpartyFormProps {
  /** null creates a new counterparty. */
  counterparty: Counterparty | null;
  /** Where Cancel goes; a save goes to the saved counterparty's detail. */
  cancelPath: string;
  detailPath: (id: string) => string;
}

/** Every field of SPEC §3, validated with the server's schema; a 409 keeps what was typed. */
export function CounterpartyForm({ counterparty, cancelPath, detailPath }: CounterpartyFormProps) {
  const { t } = useTranslation(['counterparties', 'validation']);
  const navigate = useNavigate();
  const { isLeaving, leaveTo } = useLeaveAfterSave();
  const editor = useCounterpartyEditor(counterparty, (saved) => leaveTo(detailPath(saved.id)));
  const { form } = editor;
  const { isDirty, errors, submitCount } = form.formState;

  const hasErrors = submitCount > 0 && Object.keys(errors).length > 0;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void editor.submit(event)}
        className="grid gap-6"
        aria-label={counterparty ? t('form.editTitle', { name: counterparty.name }) : t('form.createTitle')}
      >
        <FormErrorAlerts
          summary={hasErrors ? t('form.errorSummary') : null}
          summaryTestId="counterparty-error-summary"
          serverMessages={editor.serverMessages}
        />
        <fieldset disabled={editor.isSaving} className="grid min-w-0 gap-6">
          <FormSection id="counterparty-section-general" title={t('form.sections.general')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="name" label={t('fields.name')} maxLength={200} keepEmpty className="sm:col-span-2" />
              <TextField name="vatNumber" label={t('fields.vatNumber')} hint={t('form.hints.vatNumber')} maxLength={20} />
              <TextField name="email" label={t('fields.email')} type="email" maxLength={320} autoComplete="email" />
              <TextField
                name="description"
                label={t('fields.description')}
                maxLength={2000}
                multiline
                className="sm:col-span-2"
              />
            </div>
          </FormSection>
          <FormSection id="counterparty-section-address" title={t('form.sections.address')}>
            <div className="grid gap-4 sm:grid-cols-[1fr_2fr]">
              <TextField name="street" label={t('fields.street')} maxLength={200} className="sm:col-span-2" />
              <TextField name="zip" label={t('fields.zip')} maxLength={20} />
              <TextField name="city" label={t('fields.city')} maxLength={100} />
              <CountrySelect className="sm:col-span-2 sm:max-w-md" />
            </div>
          </FormSection>
          <BankAccountsEditor record={editor.base} />
          <FormSection id="counterparty-section-accounting" title={t('form.sections.accounting')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                name="accountsPayableNumber"
                label={t('fields.accountsPayableNumber')}
                hint={t('form.hints.number')}
                maxLength={9}
              />
              <TextField
                name="accountsReceivableNumber"
                label={t('fields.accountsReceivableNumber')}
                hint={t('form.hints.number')}
                maxLength={9}
              />
              <LedgerAccountSelect className="sm:col-span-2 sm:max-w-md" />
            </div>
          </FormSection>
          <FormSection id="counterparty-section-payment" title={t('form.sections.payment')}>
            <div className="grid gap-4 sm:grid-cols-3">
              <NumberField name="paymentTermsDays" label={t('fields.paymentTermsDays')} kind={DAYS_INPUT} />
              <NumberField name="skontoDays" label={t('fields.skontoDays')} kind={DAYS_INPUT} hint={t('form.hints.skonto')} />
              <NumberField name="skontoRate" label={t('fields.skontoRate')} kind={PERCENT_INPUT} suffix="%" />
            </div>
            <SwitchField
              id={fieldId('paymentRemindersEnabled')}
              name="paymentRemindersEnabled"
              label={t('fields.paymentRemindersEnabled')}
              hint={t('form.hints.remindersEnabled')}
            />
            <TextField
              name="paymentReminderEmails"
              label={t('fields.paymentReminderEmails')}
              hint={t('form.hints.reminderEmails')}
              maxLength={2000}
            />
          </FormSection>
          <FormSection id="counterparty-section-invoicing" title={t('form.sections.invoicing')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="leitwegId" label={t('fields.leitwegId')} hint={t('form.hints.leitwegId')} maxLength={46} />
              <InvoiceLanguageSelect />
            </div>
          </FormSection>
        </fieldset>
        <FormFooter
          isDirty={isDirty}
          isSaving={editor.isSaving}
          unsavedLabel={t('form.unsaved')}
          secondary={{ label: t('form.cancel'), onClick: () => void navigate(cancelPath) }}
          submitLabel={counterparty ? t('form.save') : t('form.create')}
        />
      </form>
      <StaleEditDialog
        stale={editor.stale}
        onResolve={editor.resolveStale}
        text={(key, values) => t(`stale.${key}`, values)}
        fieldName={(field) => t(`fields.${field}`)}
        testId="stale-counterparty-dialog"
      />
      <UnsavedChangesGuard
        isDirty={isDirty && !editor.isSaving && !isLeaving}
        texts={{ title: t('leave.title'), description: t('leave.description'), stay: t('leave.stay'), leave: t('leave.leave') }}
      />
    </FormProvider>
  );
}
