import { useState, type ComponentProps } from 'react';
import { Input } from './input';
import { formatDecimal, parseDecimal, type DecimalKind } from '@/lib/decimal-input';

export interface DecimalInputProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> {
  kind: DecimalKind;
  /** Integer units of 10^-scale; null when empty, NaN while the text cannot be read. */
  value: number | null | undefined;
  onValueChange: (value: number | null) => void;
}

/**
 * A number typed in German ("1.234,56") that the form holds as an exact integer. The text is
 * the user's until they leave the field; then it is shown tidied ("1234,5" → "1.234,50").
 * Unreadable text passes NaN on, which the schema refuses with "Please enter a number".
 */
export function DecimalInput({ kind, value, onValueChange, onBlur, ...props }: DecimalInputProps) {
  const format = (next: number | null | undefined) => formatDecimal(next, kind.scale, kind.minimumFractionDigits);
  const [text, setText] = useState(() => format(value));
  const [shownValue, setShownValue] = useState(value);

  // The form changed the value (reset, reload, computed): show it, unless the text already means it.
  if (!Object.is(value, shownValue)) {
    setShownValue(value);
    const parsed = parseDecimal(text, kind.scale);
    const isSame = parsed.ok ? Object.is(parsed.value ?? null, value ?? null) : Number.isNaN(value);
    if (!isSame) setText(format(value));
  }

  return (
    <Input
      {...props}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const nextText = event.target.value;
        const parsed = parseDecimal(nextText, kind.scale);
        const next = parsed.ok ? parsed.value : Number.NaN;
        setText(nextText);
        setShownValue(next);
        onValueChange(next);
      }}
      onBlur={(event) => {
        const parsed = parseDecimal(text, kind.scale);
        if (parsed.ok) setText(format(parsed.value));
        onBlur?.(event);
      }}
    />
  );
}
