import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '@kontor/domain/organization';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /organization/:id. A failure is logged (SPEC §8) and re-raised so the screen can offer a retry. */
export async function getOrganization(id: string): Promise<Organization> {
  try {
    return await api.get<Organization>(`/organization/${encodeURIComponent(id)}`);
  } catch (error) {
    console.error('[organization] loading failed', error);
    throw error;
  }
}

export function organizationQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.organization.byId(id), queryFn: () => getOrganization(id) });
}

/** Always asks the server when a screen opens: forms must start from the latest version. */
export function useOrganization(id: string, placeholder?: Organization) {
  return useQuery({ ...organizationQueryOptions(id), staleTime: 0, placeholderData: placeholder });
}
