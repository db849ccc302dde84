import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ArInvoiceListItem } from '@kontor/domain/receivables/receivable-view';
import { api } from '@/lib/api-client';
import { RECEIVABLES_PATH, receivableKeys } from './receivable-keys';

export interface ReceivableListPage {
  items: ArInvoiceListItem[];
  nextCursor: string | null;
}

/** GET /ar-invoices?tab&filter&search&sort&direction&cursor: one page of the overview. */
export function listReceivables(
  query: Record<string, string>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReceivableListPage> {
  return api.get<ReceivableListPage>(RECEIVABLES_PATH, { query: { ...query, cursor: cursor ?? undefined }, signal });
}

export function receivableListQueryOptions(query: Record<string, string>) {
  return infiniteQueryOptions({
    queryKey: receivableKeys.list(query),
    queryFn: ({ pageParam, signal }) => listReceivables(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Keeps the previous rows on screen while another tab, filter, search or order loads. */
export function useReceivableList(query: Record<string, string>) {
  return useInfiniteQuery({ ...receivableListQueryOptions(query), placeholderData: keepPreviousData });
}
