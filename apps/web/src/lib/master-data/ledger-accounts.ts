import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LedgerAccount, ledgerAccountInputSchema } from '@kontor/domain/master-data';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { MASTER_DATA_STALE_TIME, useMasterDataMutations, type ListAnswer } from './master-data-api';

export type LedgerAccountInput = z.output<typeof ledgerAccountInputSchema>;
export const LEDGER_ACCOUNTS_PATH = '/ledger-accounts';

/** GET /ledger-accounts. */
export function listLedgerAccounts(): Promise<ListAnswer<LedgerAccount>> {
  return api.get<ListAnswer<LedgerAccount>>(LEDGER_ACCOUNTS_PATH);
}

export function ledgerAccountsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.masterData.ledgerAccounts(),
    queryFn: listLedgerAccounts,
    staleTime: MASTER_DATA_STALE_TIME,
  });
}

export function useLedgerAccounts() {
  return useQuery(ledgerAccountsQueryOptions());
}

export function useLedgerAccountMutations() {
  return useMasterDataMutations<LedgerAccount, LedgerAccountInput>(LEDGER_ACCOUNTS_PATH, queryKeys.masterData.ledgerAccounts());
}
