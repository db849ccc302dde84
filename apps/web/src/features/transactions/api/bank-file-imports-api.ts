import type { BankFileImport, BankFileImportKind } from '@kontor/domain/payments/bank-file-import-api';
import { api } from '@/lib/api-client';
import type { BankFileImportQuery } from '@/lib/bank-file-import';
import { queryKeys } from '@/lib/query-keys';
import { uploadWithProgress, type UploadProgress } from '@/lib/upload-with-progress';

const IMPORTS_PATH = '/bank-file-imports';

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

/** GET /bank-file-imports/:id (the upload dialog asks again until the import is completed or failed). */
export const bankFileImportQuery: BankFileImportQuery = {
  queryKey: (id) => queryKeys.transactions.bankFileImport(id),
  fetch: (id, signal) => api.get<BankFileImport>(`${IMPORTS_PATH}/${id}`, { signal }),
};
