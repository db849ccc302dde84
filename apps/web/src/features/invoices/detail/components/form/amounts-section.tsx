import { useTranslation } from 'react-i18next';
import { netOfGross } from '@kontor/domain/invoices/invoice-rules';
import { MONEY_INPUT, PERCENT_INPUT } from '@/lib/decimal-input';
import { DecimalField, FormSection, SelectField } from './form-controls';
import { useDerivedAmount } from './use-derived-amount';
import { useMasterDataOptions } from './use-master-data-options';

/**
 * The gross total is what an invoice is entered by (it is what gets paid): with the tax rate it
 * gives the net amount, and the tax amount is the rest, so the three always add up to the cent.
 */
const NET_SOURCES = ['totalAmount', 'taxRate'] as const;
const TAX_SOURCES = ['totalAmount', 'netAmount'] as const;

/** Net, tax and total amount, tax rate and tax key. */
export function AmountsSection() {
  const { t } = useTranslation('invoice-detail');
  const { options } = useMasterDataOptions();
  useDerivedAmount('netAmount', NET_SOURCES, ([total, rate]) => netOfGross(total!, rate!));
  useDerivedAmount('taxAmount', TAX_SOURCES, ([total, net]) => total! - net!);
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
