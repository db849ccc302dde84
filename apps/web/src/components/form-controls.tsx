import type { ReactNode } from 'react';
import { Controller, get, useFormContext } from 'react-hook-form';
import type { DecimalKind } from '@/lib/decimal-input';
import { DateInput } from './ui/date-input';
import { DecimalInput } from './ui/decimal-input';
import { fieldAria } from './ui/form-field';
import { Switch } from './ui/switch';

/** One id per form path, usable in HTML: ("invoice", "lineItems.0.unit") → "invoice-lineItems-0-unit". */
export function formFieldId(prefix: string, name: string): string {
  return `${prefix}-${name.replaceAll('.', '-')}`;
}

/**
 * The message of a path's error (client rule or server fieldError), already in the interface
 * language; for a list, the message about the list as a whole (its root).
 */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext();
  const error: unknown = get(formState.errors, name);
  if (typeof error !== 'object' || error === null) return undefined;
  const { message, root } = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof message === 'string' && message) return message;
  return typeof root?.message === 'string' ? root.message : undefined;
}

/** A number field's control, to go inside a FormField: exact decimals, right-aligned, with an optional unit. */
export function DecimalControl({
  id,
  name,
  kind,
  error,
  hasHint,
  suffix,
}: {
  id: string;
  name: string;
  kind: DecimalKind;
  error: string | undefined;
  hasHint: boolean;
  suffix?: string;
}) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const input = (
          <DecimalInput
            {...fieldAria(id, { error, hint: hasHint })}
            ref={field.ref}
            name={field.name}
            kind={kind}
            value={typeof field.value === 'number' ? field.value : null}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            className={suffix ? 'pr-8 text-right tabular-nums' : 'text-right tabular-nums'}
          />
        );
        if (!suffix) return input;
        return (
          <div className="relative">
            {input}
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
            >
              {suffix}
            </span>
          </div>
        );
      }}
    />
  );
}

/** A date field's control, to go inside a FormField: typed in the interface's language or picked from a calendar. */
export function DateControl({
  id,
  name,
  error,
  hasHint,
}: {
  id: string;
  name: string;
  error: string | undefined;
  hasHint: boolean;
}) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateInput
          {...fieldAria(id, { error, hint: hasHint })}
          ref={field.ref}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : null}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** A yes/no field: the switch, its label beside it and an optional hint below the label. */
export function SwitchField({ id, name, label, hint }: { id: string; name: string; label: ReactNode; hint?: ReactNode }) {
  const { control } = useFormContext();
  return (
    <div className="flex items-start gap-3">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value === true}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={hint ? `${id}-hint` : undefined}
          />
        )}
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-foreground">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
