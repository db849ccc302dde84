/** Cents → the XSD decimal with exactly two fraction digits; bigint keeps large sums exact. */

/** SEPA credit transfer range: 0.01 to 999,999,999.99 EUR. */
export const MAX_SEPA_AMOUNT_CENTS = 99_999_999_999n;

export function toCents(amount: bigint | number): bigint | null {
  if (typeof amount === 'bigint') return amount;
  return Number.isSafeInteger(amount) ? BigInt(amount) : null;
}

export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}
