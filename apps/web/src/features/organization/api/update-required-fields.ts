import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Organization, UpdateRequiredFieldsBody } from '@kontor/domain/organization';
import { api } from '@/lib/api-client';
import { applyOrganization } from './organization-cache';

/** PUT /organization/:id/required-fields (admin). */
export function updateRequiredFields(organizationId: string, body: UpdateRequiredFieldsBody): Promise<Organization> {
  return api.put<Organization>(`/organization/${encodeURIComponent(organizationId)}/required-fields`, body);
}

export function useUpdateRequiredFields(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRequiredFieldsBody) => updateRequiredFields(organizationId, body),
    onSuccess: (organization) => applyOrganization(queryClient, organization),
  });
}
