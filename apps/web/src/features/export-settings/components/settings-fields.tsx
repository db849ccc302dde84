import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import type { ExportSettingsInput } from '@kontor/domain/exports/export-api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { translateFieldMessage } from '@/lib/form-errors';

type TextField = 'bmdClientNumber' | 'bmdInvoiceSymbol' | 'bmdPaymentSymbol' | 'rzlClientNumber';
type NumberField = 'datevConsultantNumber' | 'datevClientNumber' | 'accountLength';

export function SettingsCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

export function useSettingsError(name: keyof ExportSettingsInput): string | undefined {
  const { formState } = useFormContext<ExportSettingsInput>();
  return translateFieldMessage(formState.errors[name]?.message);
}

/** A text setting; an emptied optional one is sent as null (the schema turns '' into null). */
export function TextSetting({
  name,
  label,
  hint,
  maxLength,
}: {
  name: TextField;
  label: string;
  hint?: string;
  maxLength: number;
}) {
  const { register } = useFormContext<ExportSettingsInput>();
  const error = useSettingsError(name);
  const id = `export-settings-${name}`;
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Input
        {...register(name, { setValueAs: (value: unknown) => (value ?? '') as string })}
        {...fieldAria(id, { error, hint: Boolean(hint) })}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={false}
      />
    </FormField>
  );
}

/** A whole-number setting; empty means "not set" where the setting may be missing. */
export function NumberSetting({
  name,
  label,
  hint,
  nullable,
}: {
  name: NumberField;
  label: string;
  hint?: string;
  nullable: boolean;
}) {
  const { register } = useFormContext<ExportSettingsInput>();
  const error = useSettingsError(name);
  const id = `export-settings-${name}`;
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Input
        {...register(name, {
          setValueAs: (value: unknown) => {
            const text = String(value ?? '').trim();
            if (text === '') return nullable ? null : Number.NaN;
            return /^\d+$/.test(text) ? Number(text) : Number.NaN;
          },
        })}
        {...fieldAria(id, { error, hint: Boolean(hint) })}
        inputMode="numeric"
        autoComplete="off"
      />
    </FormField>
  );
}
