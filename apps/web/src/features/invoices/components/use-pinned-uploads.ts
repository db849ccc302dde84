import { useQuery } from '@tanstack/react-query';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { queryKeys } from '@/lib/query-keys';
import { listInvoices } from '../api/list-invoices';
import type { InvoiceListTab } from './list-query';
import { readingRefetchInterval } from './reading-status';
import { pinRecentUploads, useRecentUploads } from './recent-uploads';

/** Newest first: a batch just uploaded is the head of this order, whatever the overview's sort. */
const NEWEST_FIRST = { tab: 'new', sort: 'createdAt', direction: 'desc' };

/**
 * Uploads land in the "new" tab. While this browser tab remembers a batch it just uploaded, the
 * new tab shows those invoices first and highlighted (fetched newest first beside the sorted
 * list, so they are there even when the sort would put them on a later page). A search or filter
 * shows the list as asked, with the uploads highlighted where they fall.
 */
export function usePinnedUploads(tab: InvoiceListTab, isNarrowed: boolean, rows: InvoiceListItem[]) {
  const recentIds = useRecentUploads();
  const isPinning = tab === 'new' && !isNarrowed && recentIds.length > 0;
  const recent = useQuery({
    // Under the lists' key, so every upload, edit or archive refreshes it with the list.
    queryKey: queryKeys.invoices.list({ ...NEWEST_FIRST, pinned: 'uploads' }),
    queryFn: ({ signal }) => listInvoices(NEWEST_FIRST, null, signal),
    enabled: isPinning,
    refetchInterval: (query) => readingRefetchInterval(query.state.data ? [query.state.data] : undefined),
  });
  const recentRows = isPinning ? (recent.data?.items ?? []) : [];
  const shownRows = isPinning ? pinRecentUploads(recentIds, recentRows, rows) : rows;
  const highlighted = new Set(shownRows.filter((row) => recentIds.includes(row.id)).map((row) => row.id));
  return { rows: shownRows, highlighted, pinnedCount: isPinning ? highlighted.size : 0 };
}
