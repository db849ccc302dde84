import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { counterpartyListResponseSchema } from '@kontor/domain/counterparties/counterparty-record';
import { api } from '@/lib/api-client';
import { COUNTERPARTIES_PATH } from '@/lib/master-data/counterparties';
import { queryKeys } from '@/lib/query-keys';
import type { CounterpartyListRequest } from '../model/list-filters';

export type CounterpartyListResponse = z.infer<typeof counterpartyListResponseSchema>;

export const COUNTERPARTY_PAGE_SIZE = 50;

/** GET /counterparties?search=&trusted=&hasOpenInvoices=&cursor=: one keyset page by name. */
export function listCounterparties(
  request: CounterpartyListRequest,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CounterpartyListResponse> {
  return api.get<CounterpartyListResponse>(COUNTERPARTIES_PATH, {
    query: { ...request, limit: COUNTERPARTY_PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
}

export function counterpartyListQueryOptions(request: CounterpartyListRequest) {
  return infiniteQueryOptions({
    queryKey: queryKeys.counterparties.list(request),
    queryFn: ({ pageParam, signal }) => listCounterparties(request, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Keeps the previous rows on screen while a new search or filter loads. */
export function useCounterpartyList(request: CounterpartyListRequest) {
  return useInfiniteQuery({ ...counterpartyListQueryOptions(request), placeholderData: keepPreviousData });
}
