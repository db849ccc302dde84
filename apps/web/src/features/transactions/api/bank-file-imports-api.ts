import { useQuery } from '@tanstack/react-query';
import type { BankFileImport, BankFileImportKind } from '@kontor/domain/payments/bank-file-import-api';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { uploadWithProgress, type UploadProgress } from '@/lib/upload-with-progress';

const IMPORTS_PATH = '/bank-file-imports';
/** How often the import's progress is asked for while the job runs. */
const POLL_MS = 1000;

/**
 * POST /bank-file-imports (multipart) → the queued import. `kind` goes first: the server reads the
 * fields in order and streams the file, so it must know what the file is for before it arrives.
 */
export function uploadBankFile(
  kind: BankFileImportKind,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): Promise<BankFileImport> {
  const formData = new FormData();
  formData.append('kind', kind);
  formData.append('file', file, file.name);
  return uploadWithProgress<BankFileImport>(IMPORTS_PATH, formData, { onProgress });
}

export function isImportFinished(entry: BankFileImport | undefined): boolean {
  return entry?.status === 'completed' || entry?.status === 'failed';
}

/** GET /bank-file-imports/:id, asked again every second until the import is completed or failed. */
export function useBankFileImport(id: string | null) {
  return useQuery({
    queryKey: queryKeys.transactions.bankFileImport(id ?? ''),
    queryFn: ({ signal }) => api.get<BankFileImport>(`${IMPORTS_PATH}/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (isImportFinished(query.state.data) ? false : POLL_MS),
  });
}
