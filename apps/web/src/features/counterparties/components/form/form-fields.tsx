import type { ReactNode } from 'react';
import { useFormContext, type FieldPath } from 'react-hook-form';
import { DecimalControl, formFieldId, useFieldError } from '@/components/form-controls';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { DecimalKind } from '@/lib/decimal-input';
import type { CounterpartyFormValues } from '../../model/counterparty-form';

export type FormPath = FieldPath<CounterpartyFormValues>;

/** Whole days (payment terms, skonto days). */
export const DAYS_INPUT: DecimalKind = { scale: 0, minimumFractionDigits: 0 };

/** One id per form path, usable in HTML: "bankAccounts.0.iban" → "counterparty-bankAccounts-0-iban". */
export function fieldId(name: string): string {
  return formFieldId('counterparty', name);
}

export { useFieldError };

const nullWhenEmpty = (value: unknown) => (value === '' ? null : value);

interface TextFieldProps {
  name: FormPath;
  label: string;
  hint?: ReactNode;
  className?: string;
  maxLength?: number;
  type?: 'text' | 'email';
  /** Empty text stays "" (required fields) instead of becoming null. */
  keepEmpty?: boolean;
  autoComplete?: string;
  multiline?: boolean;
}

export function TextField({
  name,
  label,
  hint,
  className,
  maxLength,
  type = 'text',
  keepEmpty = false,
  autoComplete = 'off',
  multiline = false,
}: TextFieldProps) {
  const { register } = useFormContext<CounterpartyFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name);
  const registration = register(name, keepEmpty ? {} : { setValueAs: nullWhenEmpty });
  const aria = fieldAria(id, { error, hint: Boolean(hint) });
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      {multiline ? (
        <textarea
          {...registration}
          {...aria}
          maxLength={maxLength}
          rows={3}
          className="min-h-20 w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 aria-[invalid=true]:border-danger"
        />
      ) : (
        <Input {...registration} {...aria} type={type} maxLength={maxLength} autoComplete={autoComplete} />
      )}
    </FormField>
  );
}

export function NumberField({
  name,
  label,
  hint,
  kind,
  suffix,
  className,
}: {
  name: FormPath;
  label: string;
  hint?: ReactNode;
  kind: DecimalKind;
  suffix?: string;
  className?: string;
}) {
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      <DecimalControl id={id} name={name} kind={kind} error={error} hasHint={Boolean(hint)} suffix={suffix} />
    </FormField>
  );
}

/** A titled group of fields. */
export function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-lg border border-border bg-surface p-4">
      <h2 id={id} className="text-base font-semibold text-foreground">
        {title}
      </h2>
      {children}
    </section>
  );
}
