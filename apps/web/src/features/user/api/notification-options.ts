import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationOption, NotificationOptionsResponse } from '@kontor/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session-context';

const PATH = '/user/notification-options';

/** GET /user/notification-options: what the member chose in this organisation and what they may choose. */
export function useNotificationOptions(options: { enabled?: boolean } = {}) {
  const { organization } = useSession();
  return useQuery({
    queryKey: queryKeys.user.notificationOptions(organization.id),
    queryFn: () => api.get<NotificationOptionsResponse>(PATH),
    enabled: options.enabled ?? true,
  });
}

/** PUT /user/notification-options: the whole choice; the answer replaces the cached one. */
export function useUpdateNotificationOptions() {
  const { organization } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: NotificationOption[]) => api.put<NotificationOptionsResponse>(PATH, { options }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.user.notificationOptions(organization.id), answer),
  });
}

/** POST /user/notification-options/sample: the member's digest now, to their own address. */
export function useSendSampleDigest() {
  return useMutation({ mutationFn: () => api.post<{ to: string }>(`${PATH}/sample`) });
}
