import { useMutation } from '@tanstack/react-query';
import type { AuthenticatedUser } from '@kontor/domain/auth';
import type { CreateOrganizationBody, Organization } from '@kontor/domain/organization';
import { api } from '@/lib/api-client';
import { saveLocalUser } from '@/lib/local-user';
import { bindOrganization } from '@/lib/organization-binding';

export interface CreateOrganizationResponse {
  user: AuthenticatedUser;
  organization: Organization;
}

/** POST /organization: creates it; the user becomes its admin and the session switches to it. */
export async function createOrganization(body: CreateOrganizationBody): Promise<CreateOrganizationResponse> {
  const answer = await api.post<CreateOrganizationResponse>('/organization', body);
  saveLocalUser(answer.user);
  // The session moved to the new organisation: so does this tab.
  bindOrganization(answer.organization.id);
  return answer;
}

export function useCreateOrganization() {
  return useMutation({ mutationFn: createOrganization });
}
