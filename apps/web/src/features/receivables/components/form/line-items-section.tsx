import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '@/components/form-controls';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { formatMoney } from '@/lib/format';
import { MONEY_INPUT, PERCENT_INPUT, QUANTITY_INPUT } from '@/lib/decimal-input';
import { emptyLine, lineNetOf, type ReceivableFormValues } from '../../model/receivable-form';
import { FormSection, NumberField, QUANTITY_SCALING, TextField, useIsEditable } from './form-fields';

/** What the line comes to, as the server will compute it (quantity × unit price, to the cent). */
function LineNet({ index }: { index: number }) {
  const { t } = useTranslation('receivables');
  const { control } = useFormContext<ReceivableFormValues>();
  const [line, currency] = useWatch({ control, name: [`lineItems.${index}`, 'currency'] });
  const net = lineNetOf(line);
  return (
    <div className="grid gap-2">
      <span className="text-sm leading-none font-medium text-foreground">{t('lines.net')}</span>
      <p className="flex h-10 items-center justify-end px-1 text-sm tabular-nums" data-testid="line-net">
        {net === null ? '—' : formatMoney(net, currency)}
      </p>
    </div>
  );
}

/** Description, quantity, unit, unit price and tax rate per line; at least one line. */
export function LineItemsSection() {
  const { t } = useTranslation('receivables');
  const { control, getValues } = useFormContext<ReceivableFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'lineItems' });
  const listError = useFieldError('lineItems');
  const isEditable = useIsEditable();
  // A new line takes the rate of the line above it: invoices mostly have one rate.
  const addLine = () => append(emptyLine(getValues(`lineItems.${fields.length - 1}.taxRate`) ?? undefined));
  return (
    <FormSection
      id="receivable-section-lines"
      title={t('form.sections.lines')}
      action={
        isEditable ? (
          <Button variant="outline" size="sm" onClick={addLine}>
            <Plus aria-hidden="true" />
            {t('lines.add')}
          </Button>
        ) : null
      }
    >
      <FieldError message={typeof listError === 'string' ? listError : undefined} />
      <ol className="grid gap-3">
        {fields.map((field, index) => (
          <li key={field.id}>
            <div
              role="group"
              aria-label={t('lines.line', { index: index + 1 })}
              className="grid items-start gap-3 rounded-md border border-border p-3 @sm:grid-cols-3 @xl:grid-cols-6"
              data-testid="receivable-line"
            >
              <TextField
                name={`lineItems.${index}.description`}
                label={t('lines.description')}
                maxLength={500}
                className="@sm:col-span-3 @xl:col-span-6"
              />
              <NumberField
                name={`lineItems.${index}.quantity`}
                label={t('lines.quantity')}
                kind={QUANTITY_INPUT}
                scaling={QUANTITY_SCALING}
              />
              <TextField name={`lineItems.${index}.unit`} label={t('lines.unit')} maxLength={20} />
              <NumberField name={`lineItems.${index}.unitPrice`} label={t('lines.unitPrice')} kind={MONEY_INPUT} />
              <NumberField name={`lineItems.${index}.taxRate`} label={t('lines.taxRate')} kind={PERCENT_INPUT} suffix="%" />
              <LineNet index={index} />
              {isEditable ? (
                <div className="flex items-end justify-end self-stretch">
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => remove(index)}
                    disabled={fields.length === 1}
                    aria-label={t('lines.remove', { index: index + 1 })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </FormSection>
  );
}
