import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale, ManagementResponse, UserResponse } from '@kontor/domain/auth';
import { api } from '@/lib/api-client';
import { saveLocalUser } from '@/lib/local-user';
import { queryKeys } from '@/lib/query-keys';

/** PUT /user/locale: remembers the interface language on the server (used for e-mails, too). */
export async function updateLocale(locale: Locale): Promise<UserResponse> {
  const answer = await api.put<UserResponse>('/user/locale', { locale });
  saveLocalUser(answer.user);
  return answer;
}

export function useUpdateLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocale,
    onSuccess: ({ user }) => {
      queryClient.setQueryData<ManagementResponse>(queryKeys.auth.management(), (current) =>
        current ? { ...current, user } : current,
      );
    },
  });
}
