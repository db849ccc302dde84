import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationMembership } from '@kontor/domain/organization';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /user/organizations: every organisation the user belongs to, for the switcher. */
export async function listOrganizations(): Promise<OrganizationMembership[]> {
  const answer = await api.get<{ items: OrganizationMembership[] }>('/user/organizations');
  return answer.items;
}

export function organizationsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.user.organizations(), queryFn: listOrganizations });
}

export function useOrganizations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationsQueryOptions(), enabled: options.enabled ?? true });
}
