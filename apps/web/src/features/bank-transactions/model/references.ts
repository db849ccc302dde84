/**
 * SEPA's placeholder for "the payer gave no end-to-end reference": the bank sends the word, the
 * reader should see that there is none.
 */
const NOT_PROVIDED = 'NOTPROVIDED';

export function givenEndToEndId(endToEndId: string | null): string | null {
  if (!endToEndId || endToEndId.trim().toUpperCase() === NOT_PROVIDED) return null;
  return endToEndId;
}
