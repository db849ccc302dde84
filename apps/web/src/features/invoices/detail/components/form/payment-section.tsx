import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REMITTANCE_MAX_LENGTH } from '@kontor/domain/invoices/invoice-fields';
import { skontoAmountFor } from '@kontor/domain/invoices/invoice-rules';
import { MONEY_INPUT, PERCENT_INPUT } from '@/lib/decimal-input';
import type { InvoiceFormValues } from '../../model/invoice-form-values';
import { DateField, DecimalField, FormSection, SelectField, SwitchField, TextField } from './form-controls';
import { useDerivedAmount } from './use-derived-amount';
import { useMasterDataOptions } from './use-master-data-options';

/** The skonto amount follows its rate and the total until one is typed by hand. */
const SKONTO_SOURCES = ['skontoRate', 'totalAmount'] as const;

/** How the invoice is paid: transaction, already paid, debit account, remittance, terms and skonto. */
export function PaymentSection() {
  const { t } = useTranslation('invoice-detail');
  const { control, getValues, resetField, getFieldState } = useFormContext<InvoiceFormValues>();
  const { options, defaultBankAccountId } = useMasterDataOptions();
  const [alreadyPaid, remittance] = useWatch({ control, name: ['alreadyPaid', 'remittanceInformation'] });
  useDerivedAmount('skontoAmount', SKONTO_SOURCES, ([rate, total]) => skontoAmountFor(total!, rate!));

  // The organisation's default debit account is preselected (as the form's starting value, so
  // opening an invoice does not count as a change).
  useEffect(() => {
    if (defaultBankAccountId && !getValues('debitorBankAccountId') && !getFieldState('debitorBankAccountId').isDirty) {
      resetField('debitorBankAccountId', { defaultValue: defaultBankAccountId });
    }
  }, [defaultBankAccountId, getValues, getFieldState, resetField]);

  return (
    <>
      <FormSection id="invoice-section-payment" title={t('form.sections.payment')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <SwitchField
            name="shouldCreateTransaction"
            label={t('fields.shouldCreateTransaction')}
            hint={t('hints.shouldCreateTransaction')}
          />
          <SwitchField name="alreadyPaid" label={t('fields.alreadyPaid')} />
          {alreadyPaid ? (
            <DateField name="alreadyPaidDate" label={t('fields.alreadyPaidDate')} className="sm:col-start-2" />
          ) : null}
          <SelectField
            name="debitorBankAccountId"
            label={t('fields.debitorBankAccountId')}
            options={options.bankAccounts}
            className="sm:col-span-2"
          />
          <TextField
            name="remittanceInformation"
            label={t('fields.remittanceInformation')}
            hint={t('hints.remittance', { count: (remittance ?? '').length, max: REMITTANCE_MAX_LENGTH })}
            className="sm:col-span-2"
          />
          <TextField name="paymentTerms" label={t('fields.paymentTerms')} maxLength={200} className="sm:col-span-2" />
        </div>
      </FormSection>
      <FormSection id="invoice-section-skonto" title={t('form.sections.skonto')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <DecimalField name="skontoRate" label={t('fields.skontoRate')} kind={PERCENT_INPUT} />
          <DecimalField name="skontoAmount" label={t('fields.skontoAmount')} kind={MONEY_INPUT} />
          <DateField name="skontoDate" label={t('fields.skontoDate')} />
          <div className="sm:col-span-3">
            <SwitchField
              name="skontoIgnoreDeadline"
              label={t('fields.skontoIgnoreDeadline')}
              hint={t('hints.skontoIgnoreDeadline')}
            />
          </div>
        </div>
      </FormSection>
    </>
  );
}
