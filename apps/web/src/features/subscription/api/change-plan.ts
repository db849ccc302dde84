import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePlanBody, Subscription } from '@kontor/domain/subscription';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /supscription-plan/subscription (admin): plan, interval and additional packs; `version` guards stale edits. */
export function changePlan(body: ChangePlanBody): Promise<Subscription> {
  return api.put<Subscription>('/supscription-plan/subscription', body);
}

export function useChangePlan(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: (subscription) => {
      queryClient.setQueryData(queryKeys.subscription.current(organizationId), subscription);
    },
  });
}
