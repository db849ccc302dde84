/** Money is integer minor units next to an ISO currency code (ARCHITECTURE §3.6). */
const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(minorUnits: number | bigint, currency = 'EUR'): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('de-DE', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  const value = typeof minorUnits === 'bigint' ? Number(minorUnits) : minorUnits;
  return formatter.format(value / 10 ** digits);
}
