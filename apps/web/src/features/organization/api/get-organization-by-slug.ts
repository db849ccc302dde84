import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '@kontor/domain/organization';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /organization/slug/:slug. Any failure yields null (logged), which the guard treats as unknown (SPEC §8). */
export async function getOrganizationBySlug(slug: string): Promise<Organization | null> {
  try {
    return await api.get<Organization>(`/organization/slug/${encodeURIComponent(slug)}`);
  } catch (error) {
    console.error(`[organization] resolving slug "${slug}" failed`, error);
    return null;
  }
}

export function organizationBySlugQueryOptions(slug: string) {
  return queryOptions({ queryKey: queryKeys.organization.bySlug(slug), queryFn: () => getOrganizationBySlug(slug) });
}

export function useOrganizationBySlug(slug: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...organizationBySlugQueryOptions(slug ?? ''),
    enabled: Boolean(slug) && (options.enabled ?? true),
  });
}
