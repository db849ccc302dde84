import { useQuery } from '@tanstack/react-query';
import type { AuthenticateBody, UserResponse } from '@kontor/domain/auth';
import { api } from '@/lib/api-client';
import { saveLocalUser } from '@/lib/local-user';

/** POST /auth/authenticate: exchanges the identity provider's code for a session. Logs and re-raises failures (SPEC §8). */
export async function authenticate(body: AuthenticateBody): Promise<UserResponse> {
  try {
    // A 401 here means the code was rejected; refreshing a session that does not exist yet would not help.
    const answer = await api.post<UserResponse>('/auth/authenticate', body, { skipSessionRefresh: true });
    saveLocalUser(answer.user);
    return answer;
  } catch (error) {
    console.error('[auth] authentication failed', error);
    throw error;
  }
}

/**
 * The exchange runs as a query keyed by the code: a code may be used only once, and the query
 * cache makes sure a remount (or React's strict-mode double effect) never sends it twice.
 */
export function useAuthenticate(body: AuthenticateBody) {
  return useQuery({
    queryKey: ['auth', 'authenticate', body.code ?? ''] as const,
    queryFn: () => authenticate(body),
    enabled: Boolean(body.code),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}
