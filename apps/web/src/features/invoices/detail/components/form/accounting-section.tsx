import { useTranslation } from 'react-i18next';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { useFormContext } from 'react-hook-form';
import type { InvoiceFormValues } from '../../model/invoice-form-values';
import { fieldId, FormSection, SelectField, useFieldError } from './form-controls';
import { useMasterDataOptions } from './use-master-data-options';

/** Cost centre (KOST1), cost centre 2 (KOST2) and ledger account ("0000 - Name"). */
export function AccountingSection() {
  const { t } = useTranslation('invoice-detail');
  const { options } = useMasterDataOptions();
  return (
    <FormSection id="invoice-section-accounting" title={t('form.sections.accounting')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="costCenter" label={t('fields.costCenter')} options={options.costCenters1} />
        <SelectField name="costCenter2" label={t('fields.costCenter2')} options={options.costCenters2} />
        <SelectField
          name="ledgerAccount"
          label={t('fields.ledgerAccount')}
          options={options.ledgerAccounts}
          className="sm:col-span-2"
        />
      </div>
    </FormSection>
  );
}

export const TEXTAREA_CLASS =
  'min-h-24 w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 disabled:bg-muted aria-[invalid=true]:border-danger';

/** Free notes on the invoice (not sent to the counterparty). */
export function NotesSection() {
  const { t } = useTranslation('invoice-detail');
  const { register } = useFormContext<InvoiceFormValues>();
  const error = useFieldError('notes');
  const id = fieldId('notes');
  return (
    <FormSection id="invoice-section-notes" title={t('form.sections.notes')}>
      <FormField id={id} label={t('fields.notes')} error={error}>
        <textarea
          {...register('notes', { setValueAs: (value: string | null) => value || null })}
          {...fieldAria(id, { error })}
          maxLength={5000}
          className={TEXTAREA_CLASS}
        />
      </FormField>
    </FormSection>
  );
}
