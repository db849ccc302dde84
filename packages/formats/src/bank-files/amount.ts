import { formatDecimal, parseDecimal, toMinorUnits, type ScaledDecimal } from './decimal';

/**
 * An amount as the bank wrote it. `minorUnits` follows packages/domain/src/money.ts (integer
 * minor units of the currency: cents for EUR, yen for JPY) and is null when the written value
 * has more significant decimals than the currency; `decimal` always keeps the exact value.
 */
export interface BankAmount {
  readonly decimal: string;
  readonly minorUnits: number | null;
  readonly currency: string;
}

const digitsByCurrency = new Map<string, number>();

/** Decimal places of a currency, from Intl as in money.ts; 2 for codes Intl does not know. */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

export const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * Reads an unsigned amount. Lenient where the meaning is clear: surrounding blanks and a
 * decimal comma ("12,50", seen in hand-edited files) are accepted.
 */
export function parseUnsignedAmount(text: string): ScaledDecimal | null {
  const cleaned = text.trim().replace(/^(\d+),(\d+)$/, '$1.$2');
  if (cleaned.startsWith('-') || cleaned.startsWith('+')) return null;
  return parseDecimal(cleaned);
}

export function bankAmount(value: ScaledDecimal, currency: string): BankAmount {
  return { decimal: formatDecimal(value), minorUnits: toMinorUnits(value, currencyDigits(currency)), currency };
}
