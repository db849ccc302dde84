/**
 * Query keys and paths of bank transactions. Kept in the feature (only it reads them); a sync or
 * a statement upload refreshes everything under `all()` except the upload being followed.
 */
export const bankTransactionKeys = {
  all: () => ['bank-transactions'] as const,
  lists: () => ['bank-transactions', 'list'] as const,
  list: (query: Record<string, string | number>) => ['bank-transactions', 'list', query] as const,
  totals: (query: Record<string, string | number>) => ['bank-transactions', 'totals', query] as const,
  accounts: () => ['bank-transactions', 'accounts'] as const,
  statementLists: () => ['bank-transactions', 'statements'] as const,
  statements: (accountId: string) => ['bank-transactions', 'statements', accountId] as const,
  detail: (id: string) => ['bank-transactions', 'detail', id] as const,
  /** Matching (issue 62): a line's proposals and matches, and an invoice's matches and proposals. */
  proposals: (id: string) => ['bank-transactions', 'proposals', id] as const,
  matches: (id: string) => ['bank-transactions', 'matches', id] as const,
  invoiceMatches: (invoiceId: string) => ['bank-transactions', 'invoice-matches', invoiceId] as const,
  invoiceProposals: (invoiceId: string) => ['bank-transactions', 'invoice-proposals', invoiceId] as const,
  statementUpload: (id: string) => ['bank-transactions', 'statement-upload', id] as const,
};

export const BANK_TRANSACTIONS_PATH = '/bank-transactions';
export const bankTransactionPath = (id: string) => `${BANK_TRANSACTIONS_PATH}/${encodeURIComponent(id)}`;

/** The screen's own addresses: the list (with its query string) and one transaction. */
export const bankTransactionsUrl = (slug: string, search = '') => `/${slug}/bank-transactions${search}`;
export const bankTransactionUrl = (slug: string, id: string) => `/${slug}/bank-transactions/${encodeURIComponent(id)}`;

/** What a detail opened from the list carries (router state), so its back link returns to the filtered list. */
export interface BankTransactionLinkState {
  listSearch: string;
}

/** After a sync or an import: lists, totals, statements, accounts and details (not the upload being followed). */
export const isBankDataQuery = (queryKey: readonly unknown[]) => queryKey[1] !== 'statement-upload';
