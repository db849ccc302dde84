import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankTransactionAccount } from '@kontor/domain/banking/bank-transaction-api';
import { api } from '@/lib/api-client';
import { BANK_TRANSACTIONS_PATH, bankTransactionKeys } from './bank-transaction-keys';

/**
 * POST /bank-transactions/accounts/:id/sync → 202 with the account, its sync pending. The answer
 * goes into the accounts list, whose polling then follows the sync to its end.
 */
export function useSyncBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<BankTransactionAccount>(`${BANK_TRANSACTIONS_PATH}/accounts/${encodeURIComponent(id)}/sync`),
    onSuccess: (account) => {
      queryClient.setQueryData<{ items: BankTransactionAccount[] }>(bankTransactionKeys.accounts(), (current) =>
        current ? { items: current.items.map((item) => (item.id === account.id ? account : item)) } : current,
      );
    },
  });
}
