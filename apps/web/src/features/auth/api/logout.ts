import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogoutResponse } from '@kontor/domain/auth';
import { api } from '@/lib/api-client';
import { clearLocalUser } from '@/lib/local-user';

/** POST /auth/logout. Logs and re-raises a failure; the local user is forgotten either way (SPEC §8). */
export async function logout(returnTo?: string): Promise<LogoutResponse> {
  try {
    return (
      (await api.post<LogoutResponse | undefined>('/auth/logout', undefined, {
        query: { returnTo },
        skipSessionRefresh: true,
      })) ?? {}
    );
  } catch (error) {
    console.error('[auth] logout failed', error);
    throw error;
  } finally {
    clearLocalUser();
  }
}

/** Signs out, drops every cached answer and leaves for the provider's logout page or the welcome page. */
export function useLogout(options: { beforeLeave?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout(`${window.location.origin}/`),
    onSuccess: (answer) => {
      options.beforeLeave?.();
      queryClient.clear();
      window.location.assign(answer.logoutUrl ?? '/');
    },
  });
}
