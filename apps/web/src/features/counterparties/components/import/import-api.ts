import { useQuery } from '@tanstack/react-query';
import type {
  CounterpartyImportStatus,
  CounterpartyImportUpload,
  CounterpartyImportColumn,
} from '@kontor/domain/counterparties/counterparty-import';
import { api, buildUrl } from '@/lib/api-client';
import { uploadWithProgress, type UploadProgress } from '@/lib/upload-with-progress';

const IMPORTS_PATH = '/counterparties/imports';
/** Skipped rows shown on the screen; the downloaded result has them all. */
export const SHOWN_SKIPPED_ROWS = 200;
/** How often the progress is asked for while the job runs. */
const POLL_MS = 1000;

/** POST /counterparties/imports (multipart) → 201 with headers, preview and suggested mapping. */
export function uploadImportFile(file: File, onProgress?: (progress: UploadProgress) => void): Promise<CounterpartyImportUpload> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return uploadWithProgress<CounterpartyImportUpload>(IMPORTS_PATH, formData, { onProgress });
}

/** POST /counterparties/imports/:id/start → 202; 400 import_missing_columns when a required column is not mapped. */
export function startImport(
  id: string,
  mapping: Partial<Record<CounterpartyImportColumn, string>>,
): Promise<CounterpartyImportStatus> {
  return api.post<CounterpartyImportStatus>(`${IMPORTS_PATH}/${id}/start`, { mapping });
}

/** Same-origin link: the session cookie goes along, the server answers an attachment in the user's language. */
export function importResultCsvUrl(id: string): string {
  return buildUrl(`${IMPORTS_PATH}/${id}/result.csv`);
}

export const importQueryKey = (id: string) => ['counterparty-imports', id] as const;

/**
 * GET /counterparties/imports/:id with the first skipped rows; asked again every second while
 * the job runs, and no longer once it is done or failed.
 */
export function useImportStatus(id: string | null) {
  return useQuery({
    queryKey: importQueryKey(id ?? ''),
    queryFn: () =>
      api.get<CounterpartyImportStatus>(`${IMPORTS_PATH}/${id}`, {
        query: { outcome: 'skipped', offset: 0, limit: SHOWN_SKIPPED_ROWS },
      }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : POLL_MS;
    },
  });
}
