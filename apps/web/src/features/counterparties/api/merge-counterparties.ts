import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import type { CounterpartyMergeBodyInput, CounterpartyMergePreview } from '@kontor/domain/counterparties/merge';
import { api } from '@/lib/api-client';
import { COUNTERPARTIES_PATH } from '@/lib/master-data/counterparties';
import { queryKeys } from '@/lib/query-keys';

/** Under the counterparties key, so that any counterparty write refreshes an open preview. */
const mergePreviewKey = (survivorId: string, mergedId: string) =>
  [...queryKeys.counterparties.all(), 'merge-preview', survivorId, mergedId] as const;

/** GET /counterparties/merge-preview: both records, the differing fields and what would move. */
export function getMergePreview(survivorId: string, mergedId: string): Promise<CounterpartyMergePreview> {
  return api.get<CounterpartyMergePreview>(`${COUNTERPARTIES_PATH}/merge-preview`, { query: { survivorId, mergedId } });
}

/** Fresh on every opening: the merge sends the versions it shows. Swapping keeps the old answer on screen while loading. */
export function useMergePreview(survivorId: string, mergedId: string, enabled: boolean) {
  return useQuery({
    queryKey: mergePreviewKey(survivorId, mergedId),
    queryFn: () => getMergePreview(survivorId, mergedId),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** POST /counterparties/merge → the survivor; 409 stale_version, merge_failed(_duplicate_key). */
export function mergeCounterparties(body: CounterpartyMergeBodyInput): Promise<Counterparty> {
  return api.post<Counterparty>(`${COUNTERPARTIES_PATH}/merge`, body);
}

/** The merged one is gone: drop its cached record, keep the survivor's answer, refresh everything else. */
export function useMergeCounterparties() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeCounterparties,
    onSuccess: (survivor, body) => {
      queryClient.removeQueries({ queryKey: queryKeys.counterparties.byId(body.mergedId) });
      queryClient.setQueryData(queryKeys.counterparties.byId(survivor.id), survivor);
      return queryClient.invalidateQueries({
        queryKey: queryKeys.counterparties.all(),
        predicate: (query) => query.queryKey[1] !== 'id',
      });
    },
  });
}
