import { useState, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

/** Basis points → "19" / "7,5" in the interface's decimal style. */
export function formatBasisPoints(value: number | null, decimalSeparator: string): string {
  if (value === null) return '';
  return String(value / 100).replace('.', decimalSeparator);
}

/** "19", "7,5", "7.5 %" → basis points (1900, 750); null for empty; undefined when it is not a number. */
export function parsePercentToBasisPoints(text: string): number | null | undefined {
  const compact = text.replace(/[\s%]/g, '').replace(',', '.');
  if (compact === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return undefined;
  return Math.round(Number(compact) * 100);
}

type PercentInputProps = Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> & {
  value: number | null;
  onChange: (basisPoints: number | null) => void;
  decimalSeparator: string;
};

/**
 * A rate typed as percent, kept as basis points (money and rates are exact, ARCHITECTURE §3.6).
 * The text stays as typed; an unreadable entry is reported as NaN so the schema refuses it.
 */
export function PercentInput({ value, onChange, decimalSeparator, ...props }: PercentInputProps) {
  const [text, setText] = useState(() => formatBasisPoints(value, decimalSeparator));
  return (
    <div className="relative">
      <Input
        {...props}
        inputMode="decimal"
        value={text}
        className="pr-8"
        onChange={(event) => {
          setText(event.target.value);
          const parsed = parsePercentToBasisPoints(event.target.value);
          onChange(parsed === undefined ? Number.NaN : parsed);
        }}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
      >
        %
      </span>
    </div>
  );
}
