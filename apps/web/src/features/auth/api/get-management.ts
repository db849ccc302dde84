import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagementResponse } from '@kontor/domain/auth';
import { api } from '@/lib/api-client';
import { saveLocalUser } from '@/lib/local-user';
import { queryKeys } from '@/lib/query-keys';

/** GET /auth/management: the signed-in user, the current organisation and the onboarding status. */
export async function getManagement(): Promise<ManagementResponse> {
  const answer = await api.get<ManagementResponse>('/auth/management');
  saveLocalUser(answer.user);
  return answer;
}

export function managementQueryOptions() {
  return queryOptions({ queryKey: queryKeys.auth.management(), queryFn: getManagement });
}

export function useManagement(options: { enabled?: boolean } = {}) {
  return useQuery({ ...managementQueryOptions(), enabled: options.enabled ?? true });
}
