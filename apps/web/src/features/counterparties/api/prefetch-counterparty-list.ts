import type { QueryClient } from '@tanstack/react-query';
import { readListFilters, toListRequest } from '../model/list-filters';
import { counterpartyListQueryOptions } from './list-counterparties';

/**
 * The list's first page for an address (/{slug}/counterparties?…), read into the cache under the
 * key the list uses (app/guards/prefetch-entry). With an id the address is a detail: nothing.
 */
export async function prefetchCounterpartyList(
  queryClient: QueryClient,
  id: string | undefined,
  search: URLSearchParams,
): Promise<void> {
  if (id) return;
  await queryClient.prefetchInfiniteQuery(counterpartyListQueryOptions(toListRequest(readListFilters(search))));
}
