import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportSettings, ExportSettingsInput } from '@kontor/domain/exports/export-api';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The organisation's export settings (Settings › Export): read by the export dialog for its
 * defaults, changed by admins. Lives in lib because both the dialog and the settings tab use it.
 */
export function useExportSettings() {
  return useQuery({
    queryKey: queryKeys.accountingExports.settings(),
    queryFn: ({ signal }) => api.get<ExportSettings>('/export-settings', { signal }),
  });
}

/** PUT /export-settings with the version the screen shows; a 409 stale_version refetches (query-client). */
export function useUpdateExportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExportSettingsInput) => api.put<ExportSettings>('/export-settings', input),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.accountingExports.settings(), saved),
  });
}
