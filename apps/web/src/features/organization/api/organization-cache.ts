import type { QueryClient } from '@tanstack/react-query';
import type { Organization } from '@kontor/domain/organization';
import { queryKeys } from '@/lib/query-keys';

/** After a save: every cached copy of the organisation shows the server's answer (with its new version). */
export function applyOrganization(queryClient: QueryClient, organization: Organization): void {
  queryClient.setQueryData(queryKeys.organization.byId(organization.id), organization);
  queryClient.setQueryData(queryKeys.organization.bySlug(organization.slug), organization);
  void queryClient.invalidateQueries({ queryKey: queryKeys.auth.management() });
}
