import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateInvoiceLists, invoiceDetailKeys } from './invoice-cache';

/** DELETE /invoices/:id?version= — only invoices in status new; answers 204. */
export function deleteInvoice(id: string, version: number): Promise<void> {
  return api.delete<void>(`/invoices/${encodeURIComponent(id)}`, { query: { version } });
}

export function useDeleteInvoice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => deleteInvoice(id, version),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: invoiceDetailKeys.detail(id) });
      void invalidateInvoiceLists(queryClient);
    },
  });
}
