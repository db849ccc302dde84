import type { BankFileImport } from '@kontor/domain/payments/bank-file-import-api';
import { api } from '@/lib/api-client';
import type { BankFileImportQuery } from '@/lib/bank-file-import';
import { uploadWithProgress, type UploadProgress } from '@/lib/upload-with-progress';
import { BANK_TRANSACTIONS_PATH, bankTransactionKeys } from './bank-transaction-keys';

const UPLOADS_PATH = `${BANK_TRANSACTIONS_PATH}/statement-uploads`;

/** POST /bank-transactions/statement-uploads (multipart, one part `file`: a camt.053) → 201, the queued import. */
export function uploadBankStatement(file: File, onProgress?: (progress: UploadProgress) => void): Promise<BankFileImport> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return uploadWithProgress<BankFileImport>(UPLOADS_PATH, formData, { onProgress });
}

/** GET /bank-transactions/statement-uploads/:id, followed by the upload dialog until completed or failed. */
export const bankStatementUploadQuery: BankFileImportQuery = {
  queryKey: (id) => bankTransactionKeys.statementUpload(id),
  fetch: (id, signal) => api.get<BankFileImport>(`${UPLOADS_PATH}/${encodeURIComponent(id)}`, { signal }),
};
