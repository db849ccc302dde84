import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { bulkArchiveResponseSchema } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type BulkArchiveResponse = z.infer<typeof bulkArchiveResponseSchema>;

/** POST /invoices/bulk-archive {ids}: archives what it may; the rest comes back with a reason code each. */
export function bulkArchiveInvoices(ids: string[]): Promise<BulkArchiveResponse> {
  return api.post<BulkArchiveResponse>('/invoices/bulk-archive', { ids });
}

export function useBulkArchiveInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkArchiveInvoices,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all() }),
  });
}
