import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { DashboardRange, TransactionDashboard } from '@kontor/domain/payments/transaction-dashboard-api';
import type {
  CreateTransactionBody,
  Transaction,
  TransactionListResponse,
  UpdateTransactionBody,
} from '@kontor/domain/payments/transaction-api';
import { api, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const TRANSACTIONS_PATH = '/transactions';
export const TRANSACTION_PAGE_SIZE = 50;

/** The list's query string as sent (minor units, YYYY-MM-DD, comma lists). */
export type TransactionListRequest = Record<string, string | number | undefined>;

export const transactionPath = (id: string) => `${TRANSACTIONS_PATH}/${id}`;

/** GET /transactions?view=&search=&…&cursor=: one keyset page plus count and sum of every match. */
export function listTransactions(
  request: TransactionListRequest,
  cursor: string | null,
  signal?: AbortSignal,
  limit = TRANSACTION_PAGE_SIZE,
): Promise<TransactionListResponse> {
  return api.get<TransactionListResponse>(TRANSACTIONS_PATH, {
    query: { ...request, limit, cursor: cursor ?? undefined },
    signal,
  });
}

export function transactionListQueryOptions(request: TransactionListRequest) {
  return infiniteQueryOptions({
    queryKey: queryKeys.transactions.list(request),
    queryFn: ({ pageParam, signal }) => listTransactions(request, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Keeps the previous rows on screen while a new search or filter loads. */
export function useTransactionList(request: TransactionListRequest, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...transactionListQueryOptions(request),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** The totals of a view (count and sum) without its rows: one row asked for, the totals cover all. */
export function useTransactionTotals(request: TransactionListRequest) {
  return useQuery<TransactionListResponse['totals']>({
    queryKey: queryKeys.transactions.counts(request),
    queryFn: ({ signal }) => listTransactions(request, null, signal, 1).then((answer) => answer.totals),
    placeholderData: keepPreviousData,
  });
}

export function transactionQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.transactions.byId(id),
    queryFn: ({ signal }) => api.get<Transaction>(transactionPath(id), { signal }),
  });
}

export function useTransaction(id: string | null) {
  return useQuery({ ...transactionQueryOptions(id ?? ''), enabled: id !== null });
}

export function useTransactionDashboard(range: DashboardRange) {
  return useQuery({
    queryKey: queryKeys.transactions.dashboard(range),
    queryFn: ({ signal }) => api.get<TransactionDashboard>(`${TRANSACTIONS_PATH}/dashboard`, { query: { range }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The actions of one transaction; each answers the transaction and needs the version it was shown at. */
export type TransactionAction =
  | { kind: 'cancel' | 'archive'; reason: string }
  | { kind: 'reactivate' }
  | { kind: 'analyse' }
  | { kind: 'postpone'; requestedExecutionDate?: string }
  | { kind: 'analysis'; decision: 'mark_ok' | 'mark_not_ok'; note: string }
  | { kind: 'notes'; notes: string | null };

function runAction(id: string, version: number, action: TransactionAction): Promise<Transaction> {
  const { kind, ...fields } = action;
  if (kind === 'notes') return api.put<Transaction>(`${transactionPath(id)}/notes`, { ...fields, version });
  return api.post<Transaction>(`${transactionPath(id)}/${kind}`, { ...fields, version });
}

/**
 * Every write puts the answered transaction into its cache entry and refreshes lists, counts and
 * the dashboard (everything under the transactions key except the by-id entries).
 */
export function useTransactionMutations() {
  const queryClient = useQueryClient();
  const remember = (transaction: Transaction) => {
    queryClient.setQueryData(queryKeys.transactions.byId(transaction.id), transaction);
    return queryClient.invalidateQueries({
      queryKey: queryKeys.transactions.all(),
      predicate: (query) => query.queryKey[1] !== 'id',
    });
  };
  const create = useMutation({
    mutationFn: (body: CreateTransactionBody) => api.post<Transaction>(TRANSACTIONS_PATH, body),
    onSuccess: remember,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Omit<UpdateTransactionBody, 'version'> & { version: number } }) =>
      apiRequest<Transaction>(transactionPath(id), { method: 'PATCH', body }),
    onSuccess: remember,
  });
  const act = useMutation({
    mutationFn: ({ id, version, action }: { id: string; version: number; action: TransactionAction }) =>
      runAction(id, version, action),
    onSuccess: remember,
  });
  /** After a 409 the shown version is old: read the latest so the next try uses it. */
  const reload = (id: string) => queryClient.invalidateQueries({ queryKey: queryKeys.transactions.byId(id) });
  return { create, update, act, reload };
}
