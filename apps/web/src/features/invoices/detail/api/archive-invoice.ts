import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { applyInvoice } from './invoice-cache';

/** POST /invoices/:id/archive {version}. */
export function archiveInvoice(id: string, version: number): Promise<Invoice> {
  return api.post<Invoice>(`/invoices/${encodeURIComponent(id)}/archive`, { version });
}

export function useArchiveInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => archiveInvoice(id, version),
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
  });
}
