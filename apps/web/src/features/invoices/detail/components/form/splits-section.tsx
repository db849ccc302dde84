import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { MONEY_INPUT } from '@/lib/decimal-input';
import { emptySplit, type InvoiceFormValues } from '../../model/invoice-form-values';
import { describeSplitBalance } from '../../model/split-balance-display';
import { DecimalField, FormSection, SelectField, TextField, useFieldError } from './form-controls';
import { useMasterDataOptions } from './use-master-data-options';

/** Split lines (SPEC §3 partialAmount) with the live "amount left to allocate" (SPEC §5). */
export function SplitsSection() {
  const { t } = useTranslation('invoice-detail');
  const { t: tValidation } = useTranslation('validation');
  const { control } = useFormContext<InvoiceFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'partialAmount' });
  const [splits, totalAmount, currency] = useWatch({ control, name: ['partialAmount', 'totalAmount', 'currency'] });
  const { options } = useMasterDataOptions();
  const balance = describeSplitBalance(totalAmount, splits, currency);
  const listError = useFieldError('partialAmount');

  const addLine = () => {
    // A new line takes what is left, the common case when splitting off the rest.
    append(emptySplit(balance.state === 'left' || balance.state === 'none' ? remainingFor(totalAmount, balance) : null));
  };

  return (
    <FormSection
      id="invoice-section-splits"
      title={t('form.sections.splits')}
      action={
        <Button variant="outline" size="sm" onClick={addLine}>
          <Plus aria-hidden="true" />
          {t('splits.add')}
        </Button>
      }
    >
      {fields.length === 0 ? <p className="text-sm text-muted-foreground">{t('splits.empty')}</p> : null}
      <ol className="grid gap-3">
        {fields.map((field, index) => (
          <li
            key={field.id}
            aria-label={t('splits.line', { index: index + 1 })}
            className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-6"
          >
            <DecimalField
              name={`partialAmount.${index}.amount`}
              label={t('splits.amount')}
              kind={MONEY_INPUT}
              className="sm:col-span-2"
            />
            <SelectField
              name={`partialAmount.${index}.costCenter`}
              label={t('fields.costCenter')}
              options={options.costCenters1}
              className="sm:col-span-2"
            />
            <SelectField
              name={`partialAmount.${index}.costCenter2`}
              label={t('fields.costCenter2')}
              options={options.costCenters2}
              className="sm:col-span-2"
            />
            <SelectField
              name={`partialAmount.${index}.ledgerAccount`}
              label={t('fields.ledgerAccount')}
              options={options.ledgerAccounts}
              className="sm:col-span-3"
            />
            <SelectField
              name={`partialAmount.${index}.taxKeyId`}
              label={t('fields.taxKeyId')}
              options={options.taxKeys}
              className="sm:col-span-3"
            />
            <TextField name={`partialAmount.${index}.note`} label={t('splits.note')} maxLength={200} className="sm:col-span-5" />
            <div className="flex items-end sm:col-span-1">
              <Button
                variant="ghost"
                size="icon"
                onClick={() => remove(index)}
                aria-label={t('splits.remove', { index: index + 1 })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {balance.state !== 'none' ? (
        <p
          data-testid="split-balance"
          aria-live="polite"
          className={cn('text-sm font-medium', balance.state === 'balanced' ? 'text-success' : 'text-warning')}
        >
          {balance.message ? tValidation(balance.message.key, balance.message.params) : t('splits.balanced')}
        </p>
      ) : null}
      {listError && balance.state === 'balanced' ? <FieldError message={listError} /> : null}
    </FormSection>
  );
}

function remainingFor(totalAmount: number | null | undefined, balance: ReturnType<typeof describeSplitBalance>): number | null {
  if (balance.state === 'left') return balance.difference;
  return typeof totalAmount === 'number' && Number.isFinite(totalAmount) ? totalAmount : null;
}
