import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { BankStatementList } from '@kontor/domain/banking/bank-transaction-api';
import { api } from '@/lib/api-client';
import { BANK_TRANSACTIONS_PATH, bankTransactionKeys } from './bank-transaction-keys';

/** GET /bank-transactions/statements?accountId&cursor: the camt.053 statements with their balances, newest first. */
export function bankStatementListQueryOptions(accountId: string) {
  return infiniteQueryOptions({
    queryKey: bankTransactionKeys.statements(accountId),
    queryFn: ({ pageParam, signal }) =>
      api.get<BankStatementList>(`${BANK_TRANSACTIONS_PATH}/statements`, {
        query: { accountId: accountId || undefined, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useBankStatements(accountId: string, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...bankStatementListQueryOptions(accountId),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
