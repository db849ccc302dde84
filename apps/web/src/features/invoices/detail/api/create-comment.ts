import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoiceDetailKeys } from './invoice-cache';
import type { InvoiceComment } from './list-comments';

/** POST /invoices/:id/comments {body}. */
export function createInvoiceComment(id: string, body: string): Promise<InvoiceComment> {
  return api.post<InvoiceComment>(`/invoices/${encodeURIComponent(id)}/comments`, { body });
}

export function useCreateInvoiceComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => createInvoiceComment(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invoiceDetailKeys.comments(id) });
      void queryClient.invalidateQueries({ queryKey: invoiceDetailKeys.activity(id) });
    },
  });
}
