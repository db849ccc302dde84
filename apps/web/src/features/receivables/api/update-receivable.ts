import { useMutation } from '@tanstack/react-query';
import type { ArInvoiceInput } from '@kontor/domain/receivables/receivable-schema';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { api } from '@/lib/api-client';
import { useRememberReceivable } from './receivable-cache';
import { receivablePath } from './receivable-keys';

/** PUT /ar-invoices/:id with the version it was loaded at (409 stale_version, 409 ar_invoice_not_editable). */
export function updateReceivable(id: string, body: ArInvoiceInput & { version: number }): Promise<ArInvoice> {
  return api.put<ArInvoice>(receivablePath(id), body);
}

export function useUpdateReceivable() {
  const remember = useRememberReceivable();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ArInvoiceInput & { version: number } }) => updateReceivable(id, body),
    onSuccess: remember,
  });
}
