/**
 * Integer hundredths as text without grouping: cents as "1234,56", basis points as "19,00" (per
 * cent). Formatted by integer arithmetic so no float rounding can shift a cent.
 */
export function formatHundredths(value: number, decimalMark: ',' | '.'): string {
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  const whole = Math.floor(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${sign}${whole}${decimalMark}${fraction}`;
}

/** An amount in one currency converted like `reference` was, to the cent (the VAT of a foreign-currency booking in EUR). */
export function scaleAmount(value: number, from: number, to: number): number {
  return from === 0 ? 0 : Math.round((value * to) / from);
}
