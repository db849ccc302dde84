import { useTranslation } from 'react-i18next';
import { MONEY_INPUT, PERCENT_INPUT } from '@/lib/decimal-input';
import { DecimalField, FormSection, SelectField } from './form-controls';
import { useMasterDataOptions } from './use-master-data-options';

/** Net, tax and total amount, tax rate and tax key. */
export function AmountsSection() {
  const { t } = useTranslation('invoice-detail');
  const { options } = useMasterDataOptions();
  return (
    <FormSection id="invoice-section-amounts" title={t('form.sections.amounts')}>
      <div className="grid gap-4 sm:grid-cols-3">
        <DecimalField name="netAmount" label={t('fields.netAmount')} kind={MONEY_INPUT} />
        <DecimalField name="taxAmount" label={t('fields.taxAmount')} kind={MONEY_INPUT} />
        <DecimalField name="totalAmount" label={t('fields.totalAmount')} kind={MONEY_INPUT} />
        <DecimalField name="taxRate" label={t('fields.taxRate')} kind={PERCENT_INPUT} />
        <SelectField name="taxKeyId" label={t('fields.taxKeyId')} options={options.taxKeys} className="sm:col-span-2" />
      </div>
    </FormSection>
  );
}
