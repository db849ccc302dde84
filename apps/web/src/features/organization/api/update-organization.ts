import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Organization, UpdateOrganizationBody } from '@kontor/domain/organization';
import { api } from '@/lib/api-client';
import { applyOrganization } from './organization-cache';

/** PUT /organization (admin): name, numbering and payment settings; `version` refuses stale edits with 409. */
export function updateOrganization(body: UpdateOrganizationBody): Promise<Organization> {
  return api.put<Organization>('/organization', body);
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: (organization) => applyOrganization(queryClient, organization),
  });
}
