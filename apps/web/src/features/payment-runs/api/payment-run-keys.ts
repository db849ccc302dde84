/**
 * Query keys of payment runs. Kept in the feature (only it reads them); the transactions feature
 * refreshes its own keys, and a run write refreshes ['transactions'] too because runs move them.
 */
export const paymentRunKeys = {
  all: () => ['payment-runs'] as const,
  lists: () => ['payment-runs', 'list'] as const,
  list: (query: Record<string, string | undefined>) => ['payment-runs', 'list', query] as const,
  detail: (id: string) => ['payment-runs', 'detail', id] as const,
  transactions: (id: string) => ['payment-runs', 'transactions', id] as const,
  flows: () => ['payment-runs', 'flows'] as const,
  /** The open runs one payment can join (the "add to payment run" picker). */
  openFor: (transactionId: string) => ['payment-runs', 'open-for', transactionId] as const,
};

/** The transactions feature's cache root: membership and status of transactions change with every run write. */
export const TRANSACTIONS_QUERY_ROOT = ['transactions'] as const;

export const PAYMENT_RUNS_PATH = '/payment-runs';
export function paymentRunPath(id: string): string {
  return `${PAYMENT_RUNS_PATH}/${encodeURIComponent(id)}`;
}
