/**
 * Addresses and names that several features show for payments and payment runs (the invoice
 * detail links its payment and run; the payment-run and transaction screens link each other).
 */

/** The run's number as the app shows it everywhere: PR-17. */
export function paymentRunLabel(number: number): string {
  return `PR-${number}`;
}

export function paymentRunUrl(slug: string, id: string): string {
  return `/${slug}/pr/${encodeURIComponent(id)}`;
}

/**
 * A transaction's detail in the transactions feature: its list keeps the open transaction in the
 * URL next to the filters (`?id=`), so "all" shows it whatever its status.
 */
export function transactionDetailUrl(slug: string, id: string): string {
  return `/${slug}/transactions?view=all&id=${encodeURIComponent(id)}`;
}
