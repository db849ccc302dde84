import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { apiRequest } from '@/lib/api-client';
import { applyInvoice } from './invoice-cache';

/** POST /invoices/:id/attachments, multipart with one `files` part per file. */
export function addInvoiceAttachments(id: string, files: readonly File[]): Promise<Invoice> {
  const formData = new FormData();
  for (const file of files) formData.append('files', file);
  return apiRequest<Invoice>(`/invoices/${encodeURIComponent(id)}/attachments`, { method: 'POST', formData });
}

export function useAddInvoiceAttachments(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: readonly File[]) => addInvoiceAttachments(id, files),
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
  });
}
