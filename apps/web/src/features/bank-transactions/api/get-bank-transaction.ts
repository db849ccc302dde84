import { useQuery } from '@tanstack/react-query';
import type { BankTransactionDetail } from '@kontor/domain/banking/bank-transaction-api';
import { api } from '@/lib/api-client';
import { bankTransactionKeys, bankTransactionPath } from './bank-transaction-keys';

/** GET /bank-transactions/:id (404 bank_transaction_not_found). */
export function useBankTransaction(id: string) {
  return useQuery({
    queryKey: bankTransactionKeys.detail(id),
    queryFn: ({ signal }) => api.get<BankTransactionDetail>(bankTransactionPath(id), { signal }),
  });
}
