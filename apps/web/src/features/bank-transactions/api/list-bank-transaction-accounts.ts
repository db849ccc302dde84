import { useQuery } from '@tanstack/react-query';
import type { BankTransactionAccount } from '@kontor/domain/banking/bank-transaction-api';
import { api } from '@/lib/api-client';
import { isSyncing } from '../model/account-status';
import { BANK_TRANSACTIONS_PATH, bankTransactionKeys } from './bank-transaction-keys';

/** While any account's sync is pending or running, the accounts are asked for every two seconds. */
export const SYNC_POLL_MS = 2_000;

/** GET /bank-transactions/accounts: the company's accounts with their source, sync state and balances. */
export function useBankTransactionAccounts() {
  return useQuery({
    queryKey: bankTransactionKeys.accounts(),
    queryFn: ({ signal }) => api.get<{ items: BankTransactionAccount[] }>(`${BANK_TRANSACTIONS_PATH}/accounts`, { signal }),
    refetchInterval: (query) => (query.state.data?.items.some(isSyncing) ? SYNC_POLL_MS : false),
  });
}
