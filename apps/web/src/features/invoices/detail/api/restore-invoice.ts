import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { applyInvoice } from './invoice-cache';

/** POST /invoices/:id/restore {version}: an archived or cancelled invoice becomes new again. */
export function restoreInvoice(id: string, version: number): Promise<Invoice> {
  return api.post<Invoice>(`/invoices/${encodeURIComponent(id)}/restore`, { version });
}

export function useRestoreInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => restoreInvoice(id, version),
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
  });
}
