import { useMutation } from '@tanstack/react-query';
import type { UserResponse } from '@kontor/domain/auth';
import { api } from '@/lib/api-client';
import { saveLocalUser } from '@/lib/local-user';
import { bindOrganization } from '@/lib/organization-binding';

/** POST /auth/switch-organization: moves the session to another of the user's organisations. */
export async function switchOrganization(organizationId: string): Promise<UserResponse> {
  const answer = await api.post<UserResponse>('/auth/switch-organization', { organizationId });
  saveLocalUser(answer.user);
  // This tab works in the new organisation from now on: refetches of the old screens name it.
  bindOrganization(organizationId);
  return answer;
}

export function useSwitchOrganization() {
  return useMutation({ mutationFn: switchOrganization });
}
