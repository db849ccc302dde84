import { useQuery } from '@tanstack/react-query';
import type { InvoiceListResponse } from '@/features/invoices/api/list-invoices';
import { api } from '@/lib/api-client';

/** Enough to skip the open invoice when it is still first in line. */
const LOOK_AHEAD = 2;

/**
 * The next invoice waiting for the viewer's approval, in the order of "my approvals" (due date
 * first), other than the one open, with how many wait besides it; null when none. Its key lies
 * under 'invoices', so every approval, rejection or save refreshes it (invalidateInvoiceLists).
 */
export function useNextToApprove(currentId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['invoices', 'next-to-approve'] as const,
    queryFn: () => api.get<InvoiceListResponse>('/invoices', { query: { tab: 'my-approvals', limit: LOOK_AHEAD } }),
    enabled,
    select: (answer) => {
      const next = answer.items.find((item) => item.id !== currentId);
      if (!next) return null;
      const isCurrentWaiting = answer.items.some((item) => item.id === currentId);
      const waiting = (answer.counts['my-approvals'] ?? 0) - (isCurrentWaiting ? 1 : 0);
      return { id: next.id, waiting: Math.max(waiting, 1) };
    },
  });
}
