import { queryOptions, useQuery } from '@tanstack/react-query';
import { isPermission, type Permission } from '@kontor/domain/permissions';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /user/user-permissions. A failure is logged and leaves an empty set (SPEC §6, §8). */
export async function getUserPermissions(): Promise<Permission[]> {
  try {
    const permissions = await api.get<unknown>('/user/user-permissions');
    return Array.isArray(permissions)
      ? permissions.filter((value): value is Permission => typeof value === 'string' && isPermission(value))
      : [];
  } catch (error) {
    console.error('[permissions] loading failed, continuing without permissions', error);
    return [];
  }
}

export function userPermissionsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: queryKeys.user.permissions(organizationId),
    queryFn: getUserPermissions,
    staleTime: 5 * 60_000,
  });
}

export function useUserPermissions(organizationId: string | undefined) {
  return useQuery({ ...userPermissionsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}
