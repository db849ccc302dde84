import { useEffect } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { FormErrorAlerts } from '@/components/form-footer';
import { StaleEditDialog } from '@/components/stale-edit-dialog';
import { Button } from '@/components/ui/button';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { CustomerField } from './customer-field';
import { CurrencySelect, DateField, EditableContext, FormSection, NumberField, TextField, useIsEditable } from './form-fields';
import { LineItemsSection } from './line-items-section';
import { PERCENT_INPUT } from '@/lib/decimal-input';
import { TotalsPanel } from './totals-panel';
import { useDueDateFollowing } from './use-due-date-following';
import { useReceivableEditor } from './use-receivable-editor';
import { creditNoteValues } from '../../model/receivable-form';

/** Whole days, for the payment terms. */
const DAYS_INPUT = { scale: 0, minimumFractionDigits: 0 };

/** Customer, dates, service period and currency; the due date follows invoice date and terms. */
function CustomerAndDatesSection({ record }: { record: ArInvoice | null }) {
  const { t } = useTranslation('receivables');
  const following = useDueDateFollowing();
  const isEditable = useIsEditable();
  return (
    <FormSection id="receivable-section-customer" title={t('form.sections.customer')}>
      <div className="grid items-start gap-4 @lg:grid-cols-2 @3xl:grid-cols-4">
        <CustomerField
          className="@lg:col-span-2 @3xl:col-span-3"
          savedName={record ? { id: record.counterpartyId, name: record.counterpartyName } : null}
          onTermsKnown={following.onCustomerTerms}
        />
        <CurrencySelect />
        <DateField name="invoiceDate" label={t('fields.invoiceDate')} onChanged={following.onInvoiceDateChanged} />
        <NumberField
          name="paymentTermDays"
          label={t('fields.paymentTermDays')}
          kind={DAYS_INPUT}
          onChanged={following.onTermsChanged}
        />
        <DateField
          name="dueDate"
          label={t('fields.dueDate')}
          hint={isEditable ? t('form.hints.dueDate') : undefined}
          className="@3xl:col-span-2"
        />
        <DateField name="servicePeriodStart" label={t('fields.servicePeriodStart')} />
        <DateField name="servicePeriodEnd" label={t('fields.servicePeriodEnd')} />
        <NumberField name="skontoRate" label={t('fields.skontoRate')} kind={PERCENT_INPUT} />
        <NumberField name="skontoDays" label={t('fields.skontoDays')} kind={DAYS_INPUT} />
      </div>
    </FormSection>
  );
}

export interface ReceivableFormProps {
  /** null writes a new invoice. */
  record: ArInvoice | null;
  /** Fields that may not change any more (paid, canceled …) show read-only, without buttons. */
  isEditable: boolean;
  today: string;
  onCreated?: (saved: ArInvoice) => void;
  /** A new credit note: the invoice it corrects, whose customer and lines it starts from. */
  creditFor?: ArInvoice;
  /** Tells the page whether unsaved changes exist (status actions wait for them). */
  onDirtyChange?: (isDirty: boolean) => void;
}

/**
 * An outgoing invoice's fields, validated with the server's own schema (arInvoiceInputSchema),
 * with live totals per tax rate. A draft (or a new invoice) is saved as a draft or issued; an
 * issued one nothing was paid of saves its changes. A 409 keeps what was typed.
 */
export function ReceivableForm({ record, isEditable, today, onCreated, creditFor, onDirtyChange }: ReceivableFormProps) {
  const { t } = useTranslation(['receivables', 'validation']);
  const editor = useReceivableEditor(
    record,
    today,
    (saved) => onCreated?.(saved),
    creditFor ? creditNoteValues(creditFor, today) : undefined,
  );
  const { form, savingIntent } = editor;
  const { isDirty, errors, submitCount } = form.formState;
  const isDraft = !editor.base || editor.base.status === 'draft';
  const isSaving = savingIntent !== null;
  const hasErrors = submitCount > 0 && Object.keys(errors).length > 0;

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => {
          // Enter in a field saves (a draft stays a draft: an issued number cannot be taken back);
          // with nothing changed there is nothing to save.
          if (editor.base && !isDirty) event.preventDefault();
          else void editor.submit('save')(event);
        }}
        aria-label={t('form.label')}
        className="grid gap-4"
      >
        <FormErrorAlerts
          summary={hasErrors ? t('form.errorSummary') : null}
          summaryTestId="receivable-error-summary"
          serverMessages={editor.serverMessages}
        />
        <EditableContext value={isEditable}>
          <fieldset disabled={!isEditable || isSaving} className="grid min-w-0 gap-4">
            <CustomerAndDatesSection record={editor.base} />
            <LineItemsSection />
            <TotalsPanel />
            <FormSection id="receivable-section-notes" title={t('form.sections.notes')}>
              <TextField name="notes" label={t('fields.notes')} hint={t('form.hints.notes')} maxLength={2000} multiline />
            </FormSection>
          </fieldset>
        </EditableContext>
        {isEditable ? (
          <div className="sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-3 border-t border-border bg-background/95 py-3 backdrop-blur">
            {isDirty ? <span className="mr-auto text-sm text-muted-foreground">{t('form.unsaved')}</span> : null}
            {editor.base ? (
              <Button variant="ghost" onClick={editor.discardChanges} disabled={!isDirty || isSaving}>
                {t('form.discard')}
              </Button>
            ) : null}
            <Button
              type="submit"
              variant={isDraft ? 'outline' : 'primary'}
              isLoading={savingIntent === 'save'}
              disabled={isSaving || (editor.base !== null && !isDirty)}
            >
              {isDraft ? t('form.saveDraft') : t('form.save')}
            </Button>
            {isDraft ? (
              <Button isLoading={savingIntent === 'issue'} disabled={isSaving} onClick={() => void editor.submit('issue')()}>
                {t('form.issue')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </form>
      <StaleEditDialog
        stale={editor.stale}
        onResolve={editor.resolveStale}
        text={(key, values) => t(`stale.${key}`, values)}
        fieldName={(field) => t(`fields.${field}`)}
        testId="stale-receivable-dialog"
      />
      <UnsavedChangesGuard
        isDirty={isDirty && !isSaving}
        texts={{ title: t('leave.title'), description: t('leave.description'), stay: t('leave.stay'), leave: t('leave.leave') }}
      />
    </FormProvider>
  );
}
