import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CounterpartySummary, CreateCounterpartyInline } from '@kontor/domain/counterparty';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListAnswer } from './master-data-api';

const COUNTERPARTIES_PATH = '/counterparties';
export const COUNTERPARTY_SEARCH_LIMIT = 20;

/** GET /counterparties?search=&limit=: the counterparty select's options. */
export function searchCounterparties(
  search: string,
  limit = COUNTERPARTY_SEARCH_LIMIT,
): Promise<ListAnswer<CounterpartySummary>> {
  const trimmed = search.trim();
  return api.get<ListAnswer<CounterpartySummary>>(COUNTERPARTIES_PATH, {
    query: { search: trimmed || undefined, limit },
  });
}

export function counterpartySearchQueryOptions(search: string) {
  const trimmed = search.trim();
  return queryOptions({
    queryKey: queryKeys.counterparties.search(trimmed),
    queryFn: () => searchCounterparties(trimmed),
    staleTime: 30_000,
  });
}

/** The caller debounces `search`; the previous options stay visible while the next ones load. */
export function useCounterpartySearch(search: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...counterpartySearchQueryOptions(search),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** GET /counterparties/:id. */
export function getCounterparty(id: string): Promise<CounterpartySummary> {
  return api.get<CounterpartySummary>(`${COUNTERPARTIES_PATH}/${encodeURIComponent(id)}`);
}

export function counterpartyQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.counterparties.byId(id), queryFn: () => getCounterparty(id), staleTime: 60_000 });
}

export function useCounterparty(id: string | null) {
  return useQuery({ ...counterpartyQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** POST /counterparties: created inline from the invoice form or a filter. */
export function createCounterparty(body: CreateCounterpartyInline): Promise<CounterpartySummary> {
  return api.post<CounterpartySummary>(COUNTERPARTIES_PATH, body);
}

export function useCreateCounterparty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCounterparty,
    onSuccess: (counterparty) => {
      queryClient.setQueryData(queryKeys.counterparties.byId(counterparty.id), counterparty);
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.counterparties.all(), 'search'] });
    },
  });
}
