import type { BankTransactionDirection, BankTransactionTotals } from '@kontor/domain/banking/bank-transaction-api';
import { formatMoney } from '@/lib/format';

/** U+2212, the minus sign: a hyphen reads as a dash, and screen readers say "minus" for this one. */
const MINUS = '\u2212';

/** A transaction's amount as its account sees it: "+1.234,56 €" in, "−1.234,56 €" out (nothing is unsigned). */
export function formatSignedAmount(amount: number, currency: string, direction: BankTransactionDirection): string {
  const sign = amount === 0 ? '' : direction === 'incoming' ? '+' : MINUS;
  return `${sign}${formatMoneySafely(Math.abs(amount), currency)}`;
}

/** A balance, which may be negative (overdrawn): "−1.234,56 €". */
export function formatBalance(amount: number, currency: string): string {
  return `${amount < 0 ? MINUS : ''}${formatMoneySafely(Math.abs(amount), currency)}`;
}

/** A bank may book a currency Intl does not know: show its code rather than fail the screen. */
function formatMoneySafely(amount: number, currency: string): string {
  try {
    return formatMoney(amount, currency);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency}`;
  }
}

export interface CurrencyTotals {
  currency: string;
  incoming: string;
  incomingCount: number;
  outgoing: string;
  outgoingCount: number;
}

/**
 * The totals of the filtered set, one line per currency as shown: euros first, then the others
 * by code; a currency without any transaction is left out (a side without bookings, e.g. the
 * outgoing one while only incoming are shown, has a count of 0 and the screen leaves it out).
 */
export function currencyTotals(totals: BankTransactionTotals): CurrencyTotals[] {
  return totals.byCurrency
    .filter((line) => line.incomingCount + line.outgoingCount > 0)
    .toSorted((a, b) => (a.currency === 'EUR' ? -1 : b.currency === 'EUR' ? 1 : a.currency.localeCompare(b.currency)))
    .map((line) => ({
      currency: line.currency,
      incoming: formatSignedAmount(line.incoming, line.currency, 'incoming'),
      incomingCount: line.incomingCount,
      outgoing: formatSignedAmount(line.outgoing, line.currency, 'outgoing'),
      outgoingCount: line.outgoingCount,
    }));
}
