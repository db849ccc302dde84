import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BULK_APPROVE_CHUNK, type BulkApproveBody, type BulkApproveResponse } from '@kontor/domain/approvals/approval-views';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type BulkApproveItem = BulkApproveBody['items'][number];

/**
 * POST /invoices/bulk-approve in chunks of BULK_APPROVE_CHUNK, one after the other, reporting
 * after each how many are done; the answers are merged. A chunk that fails as a whole (network,
 * session) stops the run: what the chunks before it decided stays decided, and the error names
 * how many were done.
 */
export async function bulkApproveInvoices(
  items: BulkApproveItem[],
  onProgress: (done: number) => void = () => {},
): Promise<BulkApproveResponse> {
  const merged: BulkApproveResponse = { decided: [], failed: [] };
  for (let start = 0; start < items.length; start += BULK_APPROVE_CHUNK) {
    const chunk = items.slice(start, start + BULK_APPROVE_CHUNK);
    try {
      const answer = await api.post<BulkApproveResponse>('/invoices/bulk-approve', { items: chunk });
      merged.decided.push(...answer.decided);
      merged.failed.push(...answer.failed);
    } catch (error) {
      throw new BulkApproveInterrupted(error, merged);
    }
    onProgress(Math.min(start + chunk.length, items.length));
  }
  return merged;
}

/** A chunk failed as a whole; `done` holds what the earlier chunks decided. */
export class BulkApproveInterrupted extends Error {
  constructor(
    override readonly cause: unknown,
    readonly done: BulkApproveResponse,
  ) {
    super('bulk approve interrupted');
  }
}

export function useBulkApproveInvoices(onProgress: (done: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: BulkApproveItem[]) => bulkApproveInvoices(items, onProgress),
    // Approved invoices leave "my approvals", and the tab counts change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all() }),
  });
}
