import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { uploadWithProgress, type UploadOptions } from '@/lib/upload-with-progress';

/**
 * POST /invoices/upload with one file (one request per file, so each has its own progress and
 * its own answer). The server checks the content; 201 answers the created invoices.
 */
export function uploadInvoice(file: File, options: UploadOptions = {}): Promise<{ items: Invoice[] }> {
  const formData = new FormData();
  formData.append('files', file, file.name);
  return uploadWithProgress<{ items: Invoice[] }>('/invoices/upload', formData, options);
}
