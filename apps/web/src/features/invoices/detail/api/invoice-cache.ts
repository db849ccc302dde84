import type { QueryClient } from '@tanstack/react-query';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { queryKeys } from '@/lib/query-keys';

/**
 * Query keys of the detail screen. They sit under ['invoices'] like the overview's, so a change
 * made here can refresh the lists without importing the overview feature.
 */
export const invoiceDetailKeys = {
  all: () => ['invoices'] as const,
  detail: queryKeys.invoices.detail,
  comments: (id: string) => ['invoices', 'detail', id, 'comments'] as const,
  activity: queryKeys.invoices.activity,
  fileUrl: (id: string, fileId: string) => ['invoices', 'detail', id, 'file-url', fileId] as const,
  matchingFlow: (id: string) => ['invoices', 'detail', id, 'approval-flow'] as const,
  approverCandidates: (id: string) => ['invoices', 'detail', id, 'approver-candidates'] as const,
};

/** A changed invoice from any action: show it at once, refresh its history and the lists. */
export function applyInvoice(queryClient: QueryClient, invoice: Invoice): void {
  queryClient.setQueryData(invoiceDetailKeys.detail(invoice.id), invoice);
  void queryClient.invalidateQueries({ queryKey: invoiceDetailKeys.activity(invoice.id) });
  void invalidateInvoiceLists(queryClient);
}

/** Every cached invoice list and count (the overview's and the archive's), but not open details. */
export function invalidateInvoiceLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [scope, kind] = query.queryKey;
      return (scope === 'invoices' || scope === 'archive') && kind !== 'detail';
    },
  });
}
