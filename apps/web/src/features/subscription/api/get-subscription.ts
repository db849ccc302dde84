import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription } from '@kontor/domain/subscription';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /supscription-plan/subscription (the path's spelling is the API's). A failure is only logged (SPEC §8). */
export async function getSubscription(): Promise<Subscription> {
  try {
    return await api.get<Subscription>('/supscription-plan/subscription');
  } catch (error) {
    console.error('[subscription] loading failed', error);
    throw error;
  }
}

export function subscriptionQueryOptions(organizationId: string) {
  return queryOptions({ queryKey: queryKeys.subscription.current(organizationId), queryFn: getSubscription });
}

export function useSubscription(organizationId: string) {
  return useQuery(subscriptionQueryOptions(organizationId));
}
