import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { BankTransactionList } from '@kontor/domain/banking/bank-transaction-api';
import { api } from '@/lib/api-client';
import { BANK_TRANSACTIONS_PATH, bankTransactionKeys } from './bank-transaction-keys';

/** GET /bank-transactions?<filters>&cursor=: one keyset page, newest booking date first. */
export function listBankTransactions(
  query: Record<string, string | number>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BankTransactionList> {
  return api.get<BankTransactionList>(BANK_TRANSACTIONS_PATH, { query: { ...query, cursor: cursor ?? undefined }, signal });
}

export function bankTransactionListQueryOptions(query: Record<string, string | number>) {
  return infiniteQueryOptions({
    queryKey: bankTransactionKeys.list(query),
    queryFn: ({ pageParam, signal }) => listBankTransactions(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Keeps the previous rows on screen while a new search or filter loads. */
export function useBankTransactionList(query: Record<string, string | number>) {
  return useInfiniteQuery({ ...bankTransactionListQueryOptions(query), placeholderData: keepPreviousData });
}
