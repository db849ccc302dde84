import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES, type SignedUrl } from '@kontor/domain/organization';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type LogoProblem = 'logo_invalid_type' | 'logo_too_large';

/** The server's rules, checked before uploading: PNG, JPEG or WebP, at most 2 MB. */
export function checkLogoFile(file: Pick<File, 'type' | 'size'>): LogoProblem | null {
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return 'logo_invalid_type';
  if (file.size > LOGO_MAX_BYTES) return 'logo_too_large';
  return null;
}

/** PUT /organization/logo (admin), multipart with the field `file`. */
export function uploadLogo(file: File): Promise<SignedUrl> {
  const formData = new FormData();
  formData.append('file', file);
  return api.put<SignedUrl>('/organization/logo', undefined, { formData });
}

export function useUploadLogo(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (signed) => {
      queryClient.setQueryData(queryKeys.organization.logoUrl(organizationId), signed);
      // hasLogo and the version changed on the server.
      void queryClient.invalidateQueries({ queryKey: queryKeys.organization.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.management() });
    },
  });
}
