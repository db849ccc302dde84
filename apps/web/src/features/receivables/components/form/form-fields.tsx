import { createContext, use, type ReactNode } from 'react';
import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { INVOICE_CURRENCIES } from '@kontor/domain/invoices/invoice-fields';
import { formFieldId, useFieldError } from '@/components/form-controls';
import { DateInput } from '@/components/ui/date-input';
import { DecimalInput } from '@/components/ui/decimal-input';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TEXTAREA_CLASS } from '@/components/ui/textarea-class';
import type { DecimalKind } from '@/lib/decimal-input';
import type { ReceivableFormValues } from '../../model/receivable-form';

type Path = FieldPath<ReceivableFormValues>;

/** Whether the invoice may be edited: a read-only one shows no buttons that only editing needs. */
export const EditableContext = createContext(true);

export function useIsEditable(): boolean {
  return use(EditableContext);
}

/** One id per form path, usable in HTML: "lineItems.0.unit" → "receivable-lineItems-0-unit". */
export function fieldId(name: string): string {
  return formFieldId('receivable', name);
}

interface FieldProps {
  name: Path;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}

const nullWhenEmpty = (value: unknown) => (value === '' ? null : value);

export function TextField({
  name,
  label,
  hint,
  className,
  maxLength,
  multiline = false,
}: FieldProps & { maxLength: number; multiline?: boolean }) {
  const { register } = useFormContext<ReceivableFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name);
  // A line's description is required text ('' is its empty state); the optional texts store null.
  const registered = register(name, name.endsWith('.description') ? {} : { setValueAs: nullWhenEmpty });
  const aria = fieldAria(id, { error, hint: Boolean(hint) });
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      {multiline ? (
        <textarea {...registered} {...aria} maxLength={maxLength} rows={3} className={TEXTAREA_CLASS} />
      ) : (
        <Input {...registered} {...aria} maxLength={maxLength} />
      )}
    </FormField>
  );
}

/** A date typed in the interface's language or picked; `onChanged` runs after the form took the value. */
export function DateField({
  name,
  label,
  hint,
  className,
  onChanged,
}: FieldProps & { onChanged?: (value: string | null, previous: unknown) => void }) {
  const { control } = useFormContext<ReceivableFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <DateInput
            {...fieldAria(id, { error, hint: Boolean(hint) })}
            ref={field.ref}
            name={field.name}
            value={typeof field.value === 'string' ? field.value : null}
            onValueChange={(value) => {
              const previous: unknown = field.value;
              field.onChange(value);
              onChanged?.(value, previous);
            }}
            onBlur={field.onBlur}
          />
        )}
      />
    </FormField>
  );
}

/** How the form holds a number the input shows in units of 10^-scale (the quantity: 1,5 ↔ 1500 thousandths). */
export interface NumberScaling {
  toInput: (value: number) => number;
  toForm: (value: number) => number;
}

export const QUANTITY_SCALING: NumberScaling = {
  toInput: (quantity) => Math.round(quantity * 1_000),
  toForm: (thousandths) => thousandths / 1_000,
};

/** A German number field; null while empty, NaN while unreadable (the schema then says "Please enter a number"). */
export function NumberField({
  name,
  label,
  hint,
  className,
  kind,
  suffix,
  scaling,
  onChanged,
}: FieldProps & {
  kind: DecimalKind;
  suffix?: string;
  scaling?: NumberScaling;
  onChanged?: (value: number | null, previous: unknown) => void;
}) {
  const { control } = useFormContext<ReceivableFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name);
  const toInput = (value: unknown) =>
    typeof value !== 'number' ? null : Number.isNaN(value) || !scaling ? value : scaling.toInput(value);
  const toForm = (value: number | null) => (value === null || Number.isNaN(value) || !scaling ? value : scaling.toForm(value));
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <div className="relative">
            <DecimalInput
              {...fieldAria(id, { error, hint: Boolean(hint) })}
              ref={field.ref}
              name={field.name}
              kind={kind}
              value={toInput(field.value)}
              onValueChange={(value) => {
                const previous: unknown = field.value;
                const next = toForm(value);
                field.onChange(next);
                onChanged?.(next, previous);
              }}
              onBlur={field.onBlur}
              className={suffix ? 'pr-8 text-right tabular-nums' : 'text-right tabular-nums'}
            />
            {suffix ? (
              <span
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
              >
                {suffix}
              </span>
            ) : null}
          </div>
        )}
      />
    </FormField>
  );
}

export function CurrencySelect({ className }: { className?: string }) {
  const { t } = useTranslation('receivables');
  const { control } = useFormContext<ReceivableFormValues>();
  const error = useFieldError('currency');
  const id = fieldId('currency');
  return (
    <FormField id={id} label={t('fields.currency')} error={error} className={className}>
      <Controller
        control={control}
        name="currency"
        render={({ field }) => (
          <Select name={field.name} value={field.value} onValueChange={field.onChange}>
            <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...fieldAria(id, { error })}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {INVOICE_CURRENCIES.map((currency) => (
                <SelectItem key={currency} value={currency}>
                  {currency}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );
}

/** A titled group of fields inside the form; its fields lay out by the width it has (a container), not the window's. */
export function FormSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="@container grid gap-4 rounded-lg border border-border bg-surface p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-base font-semibold text-foreground">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
