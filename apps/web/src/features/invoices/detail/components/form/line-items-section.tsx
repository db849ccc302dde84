import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { MONEY_INPUT, PERCENT_INPUT, QUANTITY_INPUT } from '@/lib/decimal-input';
import { lineTotalFor } from '@kontor/domain/invoices/invoice-rules';
import { emptyLineItem, type InvoiceFormValues } from '../../model/invoice-form-values';
import { DecimalField, FormSection, TextField } from './form-controls';
import { ReadMark } from './read-mark';
import { useDerivedAmount } from './use-derived-amount';

/** One line's fields; its total follows quantity × unit price until one is typed by hand. */
function LineItemFields({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { t } = useTranslation('invoice-detail');
  useDerivedAmount(
    `lineItems.${index}.totalPrice`,
    [`lineItems.${index}.quantity`, `lineItems.${index}.unitPrice`],
    ([quantity, unitPrice]) => lineTotalFor(quantity!, unitPrice!),
  );
  return (
    <>
      <TextField
        name={`lineItems.${index}.description`}
        label={t('lineItems.description')}
        maxLength={500}
        className="sm:col-span-6"
      />
      <DecimalField name={`lineItems.${index}.quantity`} label={t('lineItems.quantity')} kind={QUANTITY_INPUT} />
      <TextField name={`lineItems.${index}.unit`} label={t('lineItems.unit')} maxLength={20} />
      <DecimalField name={`lineItems.${index}.unitPrice`} label={t('lineItems.unitPrice')} kind={MONEY_INPUT} />
      <DecimalField name={`lineItems.${index}.totalPrice`} label={t('lineItems.totalPrice')} kind={MONEY_INPUT} />
      <DecimalField name={`lineItems.${index}.taxRate`} label={t('lineItems.taxRate')} kind={PERCENT_INPUT} />
      <div className="flex items-end">
        <Button variant="ghost" size="icon" onClick={onRemove} aria-label={t('lineItems.remove', { index: index + 1 })}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </>
  );
}

/** Line items: description, quantity, unit, unit price, total and tax rate. */
export function LineItemsSection() {
  const { t } = useTranslation('invoice-detail');
  const { control } = useFormContext<InvoiceFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'lineItems' });
  return (
    <FormSection
      id="invoice-section-line-items"
      title={t('form.sections.lineItems')}
      titleAddon={<ReadMark name="lineItems" />}
      action={
        <Button variant="outline" size="sm" onClick={() => append(emptyLineItem())}>
          <Plus aria-hidden="true" />
          {t('lineItems.add')}
        </Button>
      }
    >
      {fields.length === 0 ? <p className="text-sm text-muted-foreground">{t('lineItems.empty')}</p> : null}
      <ol className="grid gap-3">
        {fields.map((field, index) => (
          <li
            key={field.id}
            aria-label={t('lineItems.line', { index: index + 1 })}
            className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-6"
          >
            <LineItemFields index={index} onRemove={() => remove(index)} />
          </li>
        ))}
      </ol>
    </FormSection>
  );
}
