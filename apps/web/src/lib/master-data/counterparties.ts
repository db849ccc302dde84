import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CounterpartySummary, CreateCounterpartyInline } from '@kontor/domain/counterparty';
import type { Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListAnswer } from './master-data-api';

export const COUNTERPARTIES_PATH = '/counterparties';
export const COUNTERPARTY_SEARCH_LIMIT = 20;

export function counterpartyPath(id: string): string {
  return `${COUNTERPARTIES_PATH}/${encodeURIComponent(id)}`;
}

/** GET /counterparties/lookup?search=&limit=: the pickers' options (the full list lives on the counterparties screen). */
export function searchCounterparties(
  search: string,
  limit = COUNTERPARTY_SEARCH_LIMIT,
): Promise<ListAnswer<CounterpartySummary>> {
  const trimmed = search.trim();
  return api.get<ListAnswer<CounterpartySummary>>(`${COUNTERPARTIES_PATH}/lookup`, {
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

/** GET /counterparties/:id: the full record (404 counterparty_not_found). */
export function getCounterparty(id: string): Promise<Counterparty> {
  return api.get<Counterparty>(counterpartyPath(id));
}

/** One cache entry per counterparty, shared by the counterparties screen and the pickers' names. */
export function counterpartyQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.counterparties.byId(id), queryFn: () => getCounterparty(id), staleTime: 60_000 });
}

/** What the invoice form needs of a record: its payment details are the first bank account's. */
export function toCounterpartySummary(counterparty: Counterparty): CounterpartySummary {
  const account = counterparty.bankAccounts[0];
  return {
    id: counterparty.id,
    name: counterparty.name,
    vatNumber: counterparty.vatNumber,
    iban: account?.iban ?? null,
    bic: account?.bic ?? null,
    accountsPayableNumber: counterparty.accountsPayableNumber,
  };
}

/** A counterparty as the pickers show it (name, first IBAN). */
export function useCounterparty(id: string | null) {
  return useQuery({ ...counterpartyQueryOptions(id ?? ''), enabled: Boolean(id), select: toCounterpartySummary });
}

/** POST /counterparties/inline: created from the invoice form with the few fields it knows. */
export function createCounterpartyInline(body: CreateCounterpartyInline): Promise<CounterpartySummary> {
  return api.post<CounterpartySummary>(`${COUNTERPARTIES_PATH}/inline`, body);
}

export function useCreateCounterparty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCounterpartyInline,
    // The answer is a summary, not the record the by-id cache holds: refresh lists and searches only.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.counterparties.all() }),
  });
}
