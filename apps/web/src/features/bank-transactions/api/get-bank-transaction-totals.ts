import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BankTransactionTotals } from '@kontor/domain/banking/bank-transaction-api';
import { api } from '@/lib/api-client';
import { BANK_TRANSACTIONS_PATH, bankTransactionKeys } from './bank-transaction-keys';

/** GET /bank-transactions/totals?<filters>: count and per-currency sums of the whole filtered set. */
export function useBankTransactionTotals(query: Record<string, string | number>) {
  return useQuery({
    queryKey: bankTransactionKeys.totals(query),
    queryFn: ({ signal }) => api.get<BankTransactionTotals>(`${BANK_TRANSACTIONS_PATH}/totals`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
