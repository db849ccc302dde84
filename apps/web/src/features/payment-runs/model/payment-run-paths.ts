/** Browser addresses of the payment-run screens (SPEC §2: /{slug}/pr and /{slug}/pr/:id). */
export function paymentRunsUrl(slug: string): string {
  return `/${slug}/pr`;
}

export function paymentRunUrl(slug: string, id: string): string {
  return `/${slug}/pr/${encodeURIComponent(id)}`;
}

/** The export screen's transactions tab (the invoices tab comes with the exports issue). */
export function exportUrl(slug: string, tab: string = 'transactions'): string {
  return `/${slug}/export/${tab}`;
}

/** The run's number as the app shows it everywhere: PR-17. */
export function paymentRunLabel(number: number): string {
  return `PR-${number}`;
}

/**
 * A transaction's detail in the transactions feature: its list keeps the open transaction in the
 * URL next to the filters (`?id=`), so "all" shows it whatever its status.
 */
export function transactionDetailUrl(slug: string, id: string): string {
  return `/${slug}/transactions?view=all&id=${encodeURIComponent(id)}`;
}
