import type { QueryClient } from '@tanstack/react-query';
import { readFilters, readInvoiceTab, toListRequest } from '../components/list-query';
import { invoiceListQueryOptions } from './list-invoices';

/**
 * The overview's first page for an address (/{slug}/invoices/{tab}?…), read into the cache under
 * the key the overview uses, so that it renders with its rows (app/guards/prefetch-entry).
 */
export function prefetchInvoiceList(queryClient: QueryClient, tab: string | undefined, search: URLSearchParams): Promise<void> {
  return queryClient.prefetchInfiniteQuery(invoiceListQueryOptions(toListRequest(readInvoiceTab(tab), readFilters(search))));
}
