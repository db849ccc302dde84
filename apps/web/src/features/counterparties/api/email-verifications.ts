import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailVerificationList, EmailVerificationRun } from '@kontor/domain/counterparties/email-verification-api';
import { api } from '@/lib/api-client';
import { counterpartyPath } from '@/lib/master-data/counterparties';
import { queryKeys } from '@/lib/query-keys';

/** GET /counterparties/:id/email-verifications: the runs, newest first. */
export function listEmailVerifications(counterpartyId: string): Promise<EmailVerificationList> {
  return api.get<EmailVerificationList>(`${counterpartyPath(counterpartyId)}/email-verifications`);
}

export function useEmailVerifications(counterpartyId: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.counterparties.emailVerifications(counterpartyId),
      queryFn: () => listEmailVerifications(counterpartyId),
      // The counterparty answers in another browser: look again when the user comes back to the tab.
      staleTime: 0,
      refetchOnWindowFocus: true,
    }),
  );
}

/** POST …/bank-accounts/:bankAccountId/email-verification: a new run, or a resend of the one in flight. */
export function startEmailVerification(counterpartyId: string, bankAccountId: string): Promise<EmailVerificationRun> {
  return api.post<EmailVerificationRun>(
    `${counterpartyPath(counterpartyId)}/bank-accounts/${encodeURIComponent(bankAccountId)}/email-verification`,
    {},
  );
}

/** Refreshes the runs and the history (the start is logged there). */
export function useStartEmailVerification(counterpartyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bankAccountId: string) => startEmailVerification(counterpartyId, bankAccountId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.counterparties.emailVerifications(counterpartyId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.counterparties.activity(counterpartyId) }),
      ]),
  });
}
