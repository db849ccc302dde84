import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isSyncInProgress, type BankConnection, type BankInstitutionView } from '@kontor/domain/banking/bank-connection-api';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const BANK_CONNECTIONS_PATH = '/bank-connections';
const connectionPath = (id: string) => `${BANK_CONNECTIONS_PATH}/${encodeURIComponent(id)}`;

export const bankConnectionKeys = {
  all: () => ['bank-connections'] as const,
  list: () => ['bank-connections', 'list'] as const,
  detail: (id: string) => ['bank-connections', 'detail', id] as const,
  institutions: (country: string) => ['bank-connections', 'institutions', country] as const,
};

/** While an account's first sync runs, its progress is asked for every second. */
const SYNC_POLL_MS = 1_000;
const pollWhileSyncing = (connection: BankConnection | undefined) =>
  connection && isSyncInProgress(connection) ? SYNC_POLL_MS : false;

/** GET /bank-connections: every connection of the organisation with its accounts. */
export function useBankConnections(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: bankConnectionKeys.list(),
    queryFn: ({ signal }) => api.get<{ items: BankConnection[] }>(BANK_CONNECTIONS_PATH, { signal }),
    enabled: options.enabled ?? true,
    refetchInterval: (query) => (query.state.data?.items.some(isSyncInProgress) ? SYNC_POLL_MS : false),
  });
}

export function useBankConnection(id: string) {
  return useQuery({
    queryKey: bankConnectionKeys.detail(id),
    queryFn: ({ signal }) => api.get<BankConnection>(connectionPath(id), { signal }),
    refetchInterval: (query) => pollWhileSyncing(query.state.data),
  });
}

/** GET /bank-connections/institutions?country=: the banks one can connect there. */
export function useInstitutions(country: string | null) {
  return useQuery({
    queryKey: bankConnectionKeys.institutions(country ?? ''),
    queryFn: ({ signal }) =>
      api.get<{ items: BankInstitutionView[] }>(`${BANK_CONNECTIONS_PATH}/institutions`, { query: { country }, signal }),
    enabled: country !== null,
    staleTime: 60 * 60 * 1000,
  });
}

/** POST /bank-connections: starts the consent; the caller sends the browser to the bank. */
export function useStartBankConnection() {
  return useMutation({
    mutationFn: (body: { institutionId: string; country: string }) =>
      api.post<{ id: string; redirectUrl: string }>(BANK_CONNECTIONS_PATH, body),
  });
}

/** POST /bank-connections/:id/renew: a new consent at the same bank, the accounts and history kept. */
export function useRenewBankConnection() {
  return useMutation({
    mutationFn: (id: string) => api.post<{ id: string; redirectUrl: string }>(`${connectionPath(id)}/renew`),
  });
}

export function useChooseBankAccounts(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { providerAccountIds: string[]; version: number }) =>
      api.post<BankConnection>(`${connectionPath(id)}/accounts`, body),
    onSuccess: (connection) => {
      queryClient.setQueryData(bankConnectionKeys.detail(id), connection);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: bankConnectionKeys.list() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.masterData.companyBankAccounts() }),
      ]);
    },
  });
}

/** DELETE /bank-connections/:id: the consent ends; the accounts stay as master data. */
export function useDisconnectBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(connectionPath(id)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bankConnectionKeys.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.masterData.companyBankAccounts() }),
      ]),
  });
}
