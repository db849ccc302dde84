import type { Ref } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { fieldAria, FormField } from '@/components/ui/form-field';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { countryOptions, isCountryCode, type CountryCode } from '@/lib/country-options';
import { currentLocale } from '@/lib/i18n';

const NONE = '__none__';

interface CountryCodeSelectProps {
  name: string;
  value: string | null | undefined;
  onChange: (code: CountryCode | null) => void;
  onBlur?: () => void;
  triggerRef?: Ref<HTMLButtonElement>;
  /** Texts of the caller's namespace: the empty choice and the two groups' names. */
  texts: { none: string; eu: string; others: string };
  /** aria attributes of the field (label, error, hint). */
  aria?: Record<string, string | boolean | undefined>;
}

/** A country in the interface language: EU member states first, a separator, then the rest (SPEC §9). */
export function CountryCodeSelect({ name, value, onChange, onBlur, triggerRef, texts, aria }: CountryCodeSelectProps) {
  const { eu, others } = countryOptions(currentLocale());
  return (
    <Select name={name} value={value ?? NONE} onValueChange={(next) => onChange(isCountryCode(next) ? next : null)}>
      <SelectTrigger ref={triggerRef} onBlur={onBlur} {...aria}>
        <SelectValue placeholder={texts.none} />
      </SelectTrigger>
      <SelectContent className="max-h-96 overflow-y-auto">
        <SelectItem value={NONE}>{texts.none}</SelectItem>
        <SelectSeparator />
        <SelectGroup aria-label={texts.eu}>
          {eu.map((option) => (
            <SelectItem key={option.code} value={option.code}>
              {option.name}
            </SelectItem>
          ))}
        </SelectGroup>
        <SelectSeparator />
        <SelectGroup aria-label={texts.others}>
          {others.map((option) => (
            <SelectItem key={option.code} value={option.code}>
              {option.name}
            </SelectItem>
          ))}
        </SelectGroup>
      </SelectContent>
    </Select>
  );
}

interface CountryCodeFieldProps<T extends FieldValues> {
  id: string;
  label: string;
  control: Control<T>;
  name: FieldPath<T>;
  error?: string;
  className?: string;
  texts: CountryCodeSelectProps['texts'];
}

/** The country select as a labelled field of a react-hook-form form (counterparty, company details). */
export function CountryCodeField<T extends FieldValues>({
  id,
  label,
  control,
  name,
  error,
  className,
  texts,
}: CountryCodeFieldProps<T>) {
  return (
    <FormField id={id} label={label} error={error} className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <CountryCodeSelect
            name={field.name}
            value={field.value as string | null | undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            triggerRef={field.ref}
            texts={texts}
            aria={fieldAria(id, { error })}
          />
        )}
      />
    </FormField>
  );
}
