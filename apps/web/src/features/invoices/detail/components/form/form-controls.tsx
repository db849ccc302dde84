import type { ReactNode } from 'react';
import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DateControl,
  DecimalControl,
  formFieldId,
  SwitchField as SharedSwitchField,
  useFieldError,
} from '@/components/form-controls';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import type { DecimalKind } from '@/lib/decimal-input';
import type { InvoiceFormValues } from '../../model/invoice-form-values';
import { ReadMark } from './read-mark';

type Path = FieldPath<InvoiceFormValues>;

/** One id per form path, usable in HTML: "lineItems.0.unit" → "invoice-lineItems-0-unit". */
export function fieldId(name: string): string {
  return formFieldId('invoice', name);
}

export { useFieldError };

interface FieldProps {
  name: Path;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}

const nullWhenEmpty = (value: unknown) => (value === '' ? null : value);

export function TextField({ name, label, hint, className, maxLength }: FieldProps & { maxLength?: number }) {
  const { register } = useFormContext<InvoiceFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FormField id={id} label={label} labelAddon={<ReadMark name={name} />} hint={hint} error={error} className={className}>
      <Input
        {...register(name, { setValueAs: nullWhenEmpty })}
        {...fieldAria(id, { error, hint: Boolean(hint) })}
        maxLength={maxLength}
      />
    </FormField>
  );
}

export function DateField({ name, label, hint, className }: FieldProps) {
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FormField id={id} label={label} labelAddon={<ReadMark name={name} />} hint={hint} error={error} className={className}>
      <DateControl id={id} name={name} error={error} hasHint={Boolean(hint)} />
    </FormField>
  );
}

export function DecimalField({ name, label, hint, className, kind }: FieldProps & { kind: DecimalKind }) {
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FormField id={id} label={label} labelAddon={<ReadMark name={name} />} hint={hint} error={error} className={className}>
      <DecimalControl id={id} name={name} kind={kind} error={error} hasHint={Boolean(hint)} />
    </FormField>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

const NONE = '__none__';

/** A select whose "none" choice is null; `isNullable: false` offers only the options. */
export function SelectField({
  name,
  label,
  hint,
  className,
  options,
  isNullable = true,
}: FieldProps & { options: readonly SelectOption[]; isNullable?: boolean }) {
  const { t } = useTranslation('invoice-detail');
  const { control } = useFormContext<InvoiceFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name);
  // min-w-0 lets a long option (a bank account with its IBAN) truncate instead of widening the grid.
  return (
    <FormField
      id={id}
      label={label}
      labelAddon={<ReadMark name={name} />}
      hint={hint}
      error={error}
      className={cn('min-w-0', className)}
    >
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select
            name={field.name}
            value={typeof field.value === 'string' && field.value ? field.value : NONE}
            onValueChange={(next) => field.onChange(next === NONE ? null : next)}
          >
            <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...fieldAria(id, { error, hint: Boolean(hint) })}>
              <SelectValue placeholder={t('form.select')} />
            </SelectTrigger>
            <SelectContent>
              {isNullable || !field.value ? (
                <SelectItem value={NONE}>{isNullable ? t('form.none') : t('form.select')}</SelectItem>
              ) : null}
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );
}

export function SwitchField({ name, label, hint }: FieldProps) {
  return <SharedSwitchField id={fieldId(name)} name={name} label={label} hint={hint} />;
}

/** A titled group of fields inside the form (the whole form is one fieldset, disabled when not editable). */
export function FormSection({
  id,
  title,
  children,
  action,
  titleAddon,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  /** Beside the heading, outside it (the read mark of a whole section such as the line items). */
  titleAddon?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-lg border border-border bg-surface p-4">
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h3 id={`${id}-title`} className="text-base font-semibold text-foreground">
            {title}
          </h3>
          {titleAddon}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
