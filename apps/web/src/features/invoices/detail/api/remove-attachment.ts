import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { applyInvoice } from './invoice-cache';

/** DELETE /invoices/:id/attachments/:fileId. */
export function removeInvoiceAttachment(id: string, fileId: string): Promise<Invoice> {
  return api.delete<Invoice>(`/invoices/${encodeURIComponent(id)}/attachments/${encodeURIComponent(fileId)}`);
}

export function useRemoveInvoiceAttachment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => removeInvoiceAttachment(id, fileId),
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
  });
}
