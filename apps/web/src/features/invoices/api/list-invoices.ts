import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { invoiceListResponseSchema } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { InvoiceListRequest } from '../components/list-query';
import { readingRefetchInterval } from '../components/reading-status';

export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

/** Rows per page: enough to fill a large screen, small enough for the p99 target of the first page. */
export const INVOICE_PAGE_SIZE = 50;

/** GET /invoices?tab=…&sort=…&cursor=…: one keyset page plus the tab counts. */
export function listInvoices(
  request: InvoiceListRequest,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<InvoiceListResponse> {
  return api.get<InvoiceListResponse>('/invoices', {
    query: { ...request, limit: INVOICE_PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
}

export function invoiceListQueryOptions(request: InvoiceListRequest) {
  return infiniteQueryOptions({
    queryKey: queryKeys.invoices.list(request),
    queryFn: ({ pageParam, signal }) => listInvoices(request, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/**
 * Keeps the previous rows on screen while a new search or filter loads (no flash of the skeleton).
 * While a loaded row is queued or being read the list asks again every two seconds, so the scan
 * status and its progress stay live; it stops once every row is read.
 */
export function useInvoiceList(request: InvoiceListRequest) {
  return useInfiniteQuery({
    ...invoiceListQueryOptions(request),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => readingRefetchInterval(query.state.data?.pages),
  });
}
