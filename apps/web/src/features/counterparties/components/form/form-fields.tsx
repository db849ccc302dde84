import type { ReactNode } from 'react';
import { Controller, get, useFormContext, type FieldPath } from 'react-hook-form';
import { DecimalInput } from '@/components/ui/decimal-input';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { DecimalKind } from '@/lib/decimal-input';
import type { CounterpartyFormValues } from '../../model/counterparty-form';

export type FormPath = FieldPath<CounterpartyFormValues>;

/** Whole days (payment terms, skonto days). */
export const DAYS_INPUT: DecimalKind = { scale: 0, minimumFractionDigits: 0 };

/** One id per form path, usable in HTML: "bankAccounts.0.iban" → "counterparty-bankAccounts-0-iban". */
export function fieldId(name: string): string {
  return `counterparty-${name.replaceAll('.', '-')}`;
}

/** The message of a path's error (client rule or server fieldError), already in the interface language. */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext<CounterpartyFormValues>();
  const error: unknown = get(formState.errors, name);
  if (typeof error !== 'object' || error === null) return undefined;
  const { message } = error as { message?: unknown };
  return typeof message === 'string' && message ? message : undefined;
}

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
  const { control } = useFormContext<CounterpartyFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name);
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
              value={typeof field.value === 'number' ? field.value : null}
              onValueChange={field.onChange}
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
