import { useTranslation } from 'react-i18next';
import { INVOICE_CURRENCIES, INVOICE_TYPES } from '@kontor/domain/invoices/invoice-fields';
import { DateField, FormSection, SelectField, TextField } from './form-controls';

/** Invoice number, purchase order, type, currency, dates and the billing period. */
export function InvoiceDataSection() {
  const { t } = useTranslation('invoice-detail');
  return (
    <FormSection id="invoice-section-invoice" title={t('form.sections.invoice')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="invoiceNumber" label={t('fields.invoiceNumber')} maxLength={100} />
        <TextField name="purchaseOrder" label={t('fields.purchaseOrder')} maxLength={100} />
        <SelectField
          name="type"
          label={t('fields.type')}
          isNullable={false}
          options={INVOICE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        />
        <SelectField
          name="currency"
          label={t('fields.currency')}
          isNullable={false}
          options={INVOICE_CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
        />
        <DateField name="date" label={t('fields.date')} />
        <DateField name="dueDate" label={t('fields.dueDate')} />
        <DateField name="billingPeriodStart" label={t('fields.billingPeriodStart')} />
        <DateField name="billingPeriodEnd" label={t('fields.billingPeriodEnd')} />
      </div>
    </FormSection>
  );
}
