import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VatCheckState } from '@kontor/domain/counterparties/vat-check';
import { api } from '@/lib/api-client';
import { counterpartyPath } from '@/lib/master-data/counterparties';
import { queryKeys } from '@/lib/query-keys';

/** POST /counterparties/:id/vat-check: "check again"; the record (with its vatCheck) and its history refresh. */
export function useCheckVatAgain(counterpartyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ vatCheck: VatCheckState }>(`${counterpartyPath(counterpartyId)}/vat-check`, {}),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.counterparties.byId(counterpartyId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.counterparties.activity(counterpartyId) }),
      ]),
  });
}
