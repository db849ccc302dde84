import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { applyInvoice } from './invoice-cache';

/** POST /invoices/:id/cancel {reason, version}: cancels and archives (SPEC §4, a reason is required). */
export function cancelInvoice(id: string, body: { reason: string; version: number }): Promise<Invoice> {
  return api.post<Invoice>(`/invoices/${encodeURIComponent(id)}/cancel`, body);
}

export function useCancelInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string; version: number }) => cancelInvoice(id, body),
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
  });
}
