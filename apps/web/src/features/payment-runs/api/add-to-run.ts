import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpenPaymentRuns, PaymentRun } from '@kontor/domain/payments/payment-run-api';
import { api } from '@/lib/api-client';
import { createPaymentRun } from './payment-run-mutations';
import { PAYMENT_RUNS_PATH, paymentRunKeys, paymentRunPath, TRANSACTIONS_QUERY_ROOT } from './payment-run-keys';

/** Where one payment goes: a new run of its own, or an open run at the version the picker showed. */
export type RunChoice = { kind: 'new'; name?: string } | { kind: 'existing'; runId: string; version: number };

/** GET /payment-runs/open-for/:transactionId: open runs with room, newest first (none when the payment cannot join). */
export function useOpenRunsFor(transactionId: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentRunKeys.openFor(transactionId),
    queryFn: ({ signal }) =>
      api.get<OpenPaymentRuns>(`${PAYMENT_RUNS_PATH}/open-for/${encodeURIComponent(transactionId)}`, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** POST /payment-runs (a new draft with this payment) or POST /payment-runs/:id/transactions/:transactionId. */
export function addTransactionToRun(transactionId: string, choice: RunChoice): Promise<PaymentRun> {
  if (choice.kind === 'new') return createPaymentRun({ transactionIds: [transactionId], name: choice.name });
  return api.post<PaymentRun>(`${paymentRunPath(choice.runId)}/transactions/${encodeURIComponent(transactionId)}`, {
    version: choice.version,
  });
}

/** Refreshes runs and payments after a success, and the picker after a failure (a run may have moved on). */
export function useAddTransactionToRun(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: RunChoice) => addTransactionToRun(transactionId, choice),
    onSuccess: (run) => {
      queryClient.setQueryData(paymentRunKeys.detail(run.id), run);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentRunKeys.all() }),
        queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_ROOT }),
      ]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: paymentRunKeys.openFor(transactionId) }),
  });
}
