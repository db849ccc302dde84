import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatMoneyInput, parseMoneyInput } from '@/lib/decimal-input';
import { DateFilterInput } from './date-filter-input';
import { DebouncedInput } from './debounced-input';
import { FieldError } from './ui/form-field';
import { Label } from './ui/label';

/**
 * One end of a list's amount range: typed in German ("1.234,56"), reported in minor units once
 * typing pauses; text it cannot read (or a negative amount) stays in the field with `invalidMessage`.
 */
export function AmountFilterField({
  label,
  value,
  onChange,
  invalidMessage,
  className,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  invalidMessage: string;
  className?: string;
}) {
  const id = useId();
  const [isInvalid, setIsInvalid] = useState(false);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <DebouncedInput
        id={id}
        inputMode="decimal"
        className={cn('w-32 text-right tabular-nums', className)}
        aria-invalid={isInvalid || undefined}
        aria-describedby={isInvalid ? `${id}-error` : undefined}
        value={formatMoneyInput(value)}
        onCommit={(text) => {
          const parsed = parseMoneyInput(text);
          const isValid = parsed.ok && (parsed.value === null || parsed.value >= 0);
          setIsInvalid(!isValid);
          if (isValid) onChange(parsed.value);
        }}
      />
      <FieldError id={`${id}-error`} message={isInvalid ? invalidMessage : undefined} />
    </div>
  );
}

/** One end of a list's date range, typed or picked in the interface's language (YYYY-MM-DD or ''). */
export function DateFilterField({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const [isInvalid, setIsInvalid] = useState(false);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <DateFilterInput
        id={id}
        className={cn('w-44', className)}
        aria-describedby={isInvalid ? `${id}-error` : undefined}
        value={value}
        onCommit={onChange}
        onInvalidChange={setIsInvalid}
      />
      <FieldError id={`${id}-error`} message={isInvalid ? t('validation.date') : undefined} />
    </div>
  );
}
