import { intlFormatter } from './intl';

/** Money is integer minor units next to an ISO currency code (ARCHITECTURE §3.6). */
const minorDigits = new Map<string, number>();

export function formatMoney(minorUnits: number | bigint, currency = 'EUR'): string {
  const formatter = intlFormatter(Intl.NumberFormat, 'de-DE', { style: 'currency', currency });
  let digits = minorDigits.get(currency);
  if (digits === undefined) minorDigits.set(currency, (digits = formatter.resolvedOptions().maximumFractionDigits ?? 2));
  const value = typeof minorUnits === 'bigint' ? Number(minorUnits) : minorUnits;
  return formatter.format(value / 10 ** digits);
}
