import type { CounterpartySummary } from '@kontor/domain/counterparty';
import { formatIban, normalizeIban } from '@kontor/domain/iban';
import { normalizeVatNumber } from '@kontor/domain/vat';
import type { InvoiceFormValues } from './invoice-form-values';

/** The invoice's own copies of its counterparty's details: what payment and tax go by. */
export type CounterpartyCopyField = 'counterpartyName' | 'counterpartyIban' | 'counterpartyBic' | 'counterpartyVat';
export type CounterpartyCopies = Pick<InvoiceFormValues, CounterpartyCopyField>;

type Details = Pick<CounterpartySummary, 'name' | 'iban' | 'bic' | 'vatNumber'>;

/** Each copy: where the counterparty holds it, how the form shows it, and what makes two spellings the same. */
const COPIES: readonly {
  field: CounterpartyCopyField;
  of: (counterparty: Details) => string | null;
  shown: (value: string) => string;
  normalize: (value: string) => string;
}[] = [
  { field: 'counterpartyName', of: (c) => c.name, shown: (v) => v, normalize: (v) => v.trim() },
  { field: 'counterpartyIban', of: (c) => c.iban, shown: formatIban, normalize: normalizeIban },
  { field: 'counterpartyBic', of: (c) => c.bic, shown: (v) => v, normalize: (v) => v.replace(/\s+/g, '').toUpperCase() },
  { field: 'counterpartyVat', of: (c) => c.vatNumber, shown: (v) => v, normalize: normalizeVatNumber },
];

/**
 * The copies to write when the counterparty changes from `previous` (null: none was chosen) to
 * `next`. A copy still empty, or still the previous counterparty's, came from the choice and
 * follows it: a corrected supplier must not keep the wrong one's IBAN, so one the new counterparty
 * lacks is emptied. A copy the user typed (differing from the previous counterparty's, or read
 * from the document before any was chosen) stays.
 */
export function counterpartyCopyUpdates(
  current: CounterpartyCopies,
  previous: Details | null,
  next: Details,
): Partial<CounterpartyCopies> {
  const updates: Partial<CounterpartyCopies> = {};
  for (const { field, of, shown, normalize } of COPIES) {
    const value = current[field];
    const previousValue = previous ? of(previous) : null;
    const isFromPrevious = Boolean(value && previousValue && normalize(value) === normalize(previousValue));
    if (value && !isFromPrevious) continue;
    const nextValue = of(next);
    if (nextValue) updates[field] = shown(nextValue);
    else if (value) updates[field] = null;
  }
  return updates;
}
