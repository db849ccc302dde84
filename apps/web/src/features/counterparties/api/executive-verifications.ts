import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ExecutiveDecisionRequestBody,
  ExecutiveVerificationView,
  VerifierCandidatesResponse,
  WaitingExecutiveVerification,
} from '@kontor/domain/counterparties/executive-verification-api';
import { api } from '@/lib/api-client';
import { counterpartyPath } from '@/lib/master-data/counterparties';
import { queryKeys } from '@/lib/query-keys';

/**
 * Keys under ['counterparties'] so that every counterparty write refreshes them too; kept here
 * rather than in lib/query-keys.ts because only this feature reads them.
 */
export const executiveVerificationKeys = {
  ofCounterparty: (id: string) => ['counterparties', 'executive-verifications', id] as const,
  waitingForMe: () => ['counterparties', 'executive-verifications', 'waiting-for-me'] as const,
  candidates: () => ['counterparties', 'executive-verifications', 'verifier-candidates'] as const,
};

/** GET /counterparties/:id/executive-verifications: newest first, with every verifier's decision. */
export function useExecutiveVerifications(counterpartyId: string) {
  return useQuery(
    queryOptions({
      queryKey: executiveVerificationKeys.ofCounterparty(counterpartyId),
      queryFn: () =>
        api.get<{ items: ExecutiveVerificationView[] }>(`${counterpartyPath(counterpartyId)}/executive-verifications`),
      // Colleagues decide in their own browsers: look again when the user comes back to the tab.
      staleTime: 0,
      refetchOnWindowFocus: true,
    }),
  );
}

/** GET /counterparty-verifications/verifier-candidates: the team and the organisation's policy. */
export function useVerifierCandidates(enabled: boolean) {
  return useQuery({
    queryKey: executiveVerificationKeys.candidates(),
    queryFn: () => api.get<VerifierCandidatesResponse>('/counterparty-verifications/verifier-candidates'),
    staleTime: 60_000,
    enabled,
  });
}

/** GET /counterparty-verifications/waiting-for-me */
export function useWaitingExecutiveVerifications() {
  return useQuery({
    queryKey: executiveVerificationKeys.waitingForMe(),
    queryFn: () => api.get<{ items: WaitingExecutiveVerification[] }>('/counterparty-verifications/waiting-for-me'),
    staleTime: 0,
  });
}

function useRefreshAfter(counterpartyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: executiveVerificationKeys.ofCounterparty(counterpartyId) }),
      queryClient.invalidateQueries({ queryKey: executiveVerificationKeys.waitingForMe() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.counterparties.activity(counterpartyId) }),
    ]);
}

/** POST …/bank-accounts/:bankAccountId/executive-verification */
export function useRequestExecutiveVerification(counterpartyId: string) {
  const refresh = useRefreshAfter(counterpartyId);
  return useMutation({
    mutationFn: ({ bankAccountId, verifierIds }: { bankAccountId: string; verifierIds: string[] }) =>
      api.post<ExecutiveVerificationView>(
        `${counterpartyPath(counterpartyId)}/bank-accounts/${encodeURIComponent(bankAccountId)}/executive-verification`,
        { verifierIds },
      ),
    onSuccess: refresh,
  });
}

/** POST …/executive-verifications/:verificationId/decision */
export function useDecideExecutiveVerification(counterpartyId: string) {
  const refresh = useRefreshAfter(counterpartyId);
  return useMutation({
    mutationFn: ({ verificationId, decision }: { verificationId: string } & ExecutiveDecisionRequestBody) =>
      api.post<ExecutiveVerificationView>(
        `${counterpartyPath(counterpartyId)}/executive-verifications/${encodeURIComponent(verificationId)}/decision`,
        { decision },
      ),
    // A 409 (someone closed it meanwhile) also means the list is out of date.
    onSettled: refresh,
  });
}
