import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Counterparty, CounterpartyFields } from '@kontor/domain/counterparties/counterparty-record';
import { api } from '@/lib/api-client';
import { COUNTERPARTIES_PATH, counterpartyPath } from '@/lib/master-data/counterparties';
import { queryKeys } from '@/lib/query-keys';

/** POST /counterparties → 201 with the record (numbers assigned where left empty). */
export function createCounterparty(body: CounterpartyFields): Promise<Counterparty> {
  return api.post<Counterparty>(COUNTERPARTIES_PATH, body);
}

/** PUT /counterparties/:id with the version it was loaded at (409 stale_version). */
export function updateCounterparty(id: string, body: CounterpartyFields & { version: number }): Promise<Counterparty> {
  return api.put<Counterparty>(counterpartyPath(id), body);
}

/** DELETE /counterparties/:id?version= → 204, or 409 counterparty_in_use with the blockers. */
export function deleteCounterparty(id: string, version: number): Promise<void> {
  return api.delete<void>(counterpartyPath(id), { query: { version } });
}

/** POST /counterparties/:id/trust or /untrust with the version. */
export function setCounterpartyTrust(id: string, version: number, isTrusted: boolean): Promise<Counterparty> {
  return api.post<Counterparty>(`${counterpartyPath(id)}/${isTrusted ? 'trust' : 'untrust'}`, { version });
}

/**
 * Every write puts the answered record into the by-id cache and refreshes the lists, the
 * pickers' searches and the history (everything under the counterparties key).
 */
export function useCounterpartyMutations() {
  const queryClient = useQueryClient();
  const remember = (counterparty: Counterparty) => {
    queryClient.setQueryData(queryKeys.counterparties.byId(counterparty.id), counterparty);
    return queryClient.invalidateQueries({
      queryKey: queryKeys.counterparties.all(),
      predicate: (query) => query.queryKey[1] !== 'id',
    });
  };
  const create = useMutation({ mutationFn: createCounterparty, onSuccess: remember });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: CounterpartyFields & { version: number } }) => updateCounterparty(id, body),
    onSuccess: remember,
  });
  const remove = useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => deleteCounterparty(id, version),
    onSuccess: (_answer, { id }) => {
      queryClient.removeQueries({ queryKey: queryKeys.counterparties.byId(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.counterparties.lists() });
    },
  });
  const trust = useMutation({
    mutationFn: ({ id, version, isTrusted }: { id: string; version: number; isTrusted: boolean }) =>
      setCounterpartyTrust(id, version, isTrusted),
    onSuccess: remember,
  });
  return { create, update, remove, trust };
}
