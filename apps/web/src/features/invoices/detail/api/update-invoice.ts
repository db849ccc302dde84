import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice, UpdateInvoiceBody } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { applyInvoice } from './invoice-cache';

/** PUT /invoices/:id with the version the form started from: 400 fieldErrors, 409 stale_version / invoice_not_editable. */
export function updateInvoice(id: string, body: UpdateInvoiceBody): Promise<Invoice> {
  return api.put<Invoice>(`/invoices/${encodeURIComponent(id)}`, body);
}

export function useUpdateInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateInvoiceBody) => updateInvoice(id, body),
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
  });
}
