export { paymentRunLabel, paymentRunUrl, transactionDetailUrl } from '@/lib/payments/payment-paths';

/** Browser addresses of the payment-run screens (SPEC §2: /{slug}/pr and /{slug}/pr/:id). */
export function paymentRunsUrl(slug: string): string {
  return `/${slug}/pr`;
}

/** The export screen's transactions tab (the invoices tab comes with the exports issue). */
export function exportUrl(slug: string, tab: string = 'transactions'): string {
  return `/${slug}/export/${tab}`;
}
