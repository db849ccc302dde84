import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PublicConfirmIbanResponse, PublicVerification } from '@kontor/domain/counterparties/email-verification-api';
import { api } from '@/lib/api-client';

const publicPath = (token: string) => `/public/bank-account-verification/${encodeURIComponent(token)}`;

/** GET /public/bank-account-verification/:token: who asks, for whom, and whether the link still works. */
export function getPublicVerification(token: string): Promise<PublicVerification> {
  return api.get<PublicVerification>(publicPath(token), { skipSessionRefresh: true });
}

export function usePublicVerification(token: string) {
  return useQuery(
    queryOptions({
      // Not under a tenant key: this page has no session and no organisation.
      queryKey: ['public-bank-account-verification', token],
      queryFn: () => getPublicVerification(token),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
  );
}

/** POST /public/bank-account-verification/:token { iban }: the answer is neutral (match or not is not said). */
export function confirmIban(token: string, iban: string): Promise<PublicConfirmIbanResponse> {
  return api.post<PublicConfirmIbanResponse>(publicPath(token), { iban }, { skipSessionRefresh: true });
}

export function useConfirmIban(token: string) {
  return useMutation({ mutationFn: (iban: string) => confirmIban(token, iban) });
}
