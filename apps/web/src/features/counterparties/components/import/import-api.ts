import { useQuery } from '@tanstack/react-query';
import type {
  CounterpartyImportList,
  CounterpartyImportStatus,
  CounterpartyImportUpload,
  CounterpartyImportColumn,
} from '@kontor/domain/counterparties/counterparty-import';
import { api, buildUrl } from '@/lib/api-client';
import { uploadWithProgress, type UploadProgress } from '@/lib/upload-with-progress';
import { isImportFinished } from './import-model';

const IMPORTS_PATH = '/counterparties/imports';
/** Skipped rows shown on the screen; the downloaded result has them all. */
export const SHOWN_SKIPPED_ROWS = 200;
/** How often the progress is asked for while the job runs. */
const POLL_MS = 1000;
/** The recent list only shows counts, so it follows running imports at a calmer pace than the progress screen. */
const RECENT_POLL_MS = 5000;

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

/** Under a prefix of their own: counterparty writes (queryKeys.counterparties.all) have no reason to refetch imports. */
export const importQueryKeys = {
  recent: () => ['counterparty-imports', 'recent'] as const,
  status: (id: string) => ['counterparty-imports', 'status', id] as const,
};

/**
 * GET /counterparties/imports/:id with the first skipped rows; asked again every second while
 * the job runs, and no longer once it is done or failed.
 */
export function useImportStatus(id: string | null) {
  return useQuery({
    queryKey: importQueryKeys.status(id ?? ''),
    queryFn: () =>
      api.get<CounterpartyImportStatus>(`${IMPORTS_PATH}/${id}`, {
        query: { outcome: 'skipped', offset: 0, limit: SHOWN_SKIPPED_ROWS },
      }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isImportFinished(query.state.data) ? false : POLL_MS),
  });
}

/**
 * GET /counterparties/imports: the organisation's latest started imports, newest first. Jobs
 * change them without this screen's doing, so they are asked for whenever the list is shown, and
 * again every few seconds while one of them runs.
 */
export function useRecentImports() {
  return useQuery({
    queryKey: importQueryKeys.recent(),
    queryFn: () => api.get<CounterpartyImportList>(IMPORTS_PATH),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.items.some((item) => !isImportFinished(item)) ? RECENT_POLL_MS : false),
  });
}
