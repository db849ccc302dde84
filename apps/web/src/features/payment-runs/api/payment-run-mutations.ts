import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePaymentRunBody, PaymentRun } from '@kontor/domain/payments/payment-run-api';
import type { SepaFormat } from '@kontor/domain/payments/payment-run-status';
import { api } from '@/lib/api-client';
import { PAYMENT_RUNS_PATH, paymentRunKeys, paymentRunPath, TRANSACTIONS_QUERY_ROOT } from './payment-run-keys';

/** POST /payment-runs → 201 with the new run (draft). */
export function createPaymentRun(body: CreatePaymentRunBody): Promise<PaymentRun> {
  return api.post<PaymentRun>(PAYMENT_RUNS_PATH, body);
}

/** The version-guarded actions of one run: POST /payment-runs/:id/<action>. */
export type PaymentRunAction =
  | { kind: 'request-approval'; flowId?: string }
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'reset' }
  | { kind: 'export'; format: SepaFormat }
  | { kind: 'remove-transactions'; transactionIds: string[] };

export function runPaymentRunAction(id: string, version: number, action: PaymentRunAction): Promise<PaymentRun> {
  switch (action.kind) {
    case 'request-approval':
      return api.post<PaymentRun>(`${paymentRunPath(id)}/request-approval`, { version, flowId: action.flowId });
    case 'approve':
      return api.post<PaymentRun>(`${paymentRunPath(id)}/approve`, { version });
    case 'reject':
      return api.post<PaymentRun>(`${paymentRunPath(id)}/reject`, { version, reason: action.reason });
    case 'reset':
      return api.post<PaymentRun>(`${paymentRunPath(id)}/reset`, { version });
    case 'export':
      return api.post<PaymentRun>(`${paymentRunPath(id)}/export`, { version, format: action.format });
    case 'remove-transactions':
      return api.post<PaymentRun>(`${paymentRunPath(id)}/transactions/remove`, {
        version,
        transactionIds: action.transactionIds,
      });
  }
}

/** DELETE /payment-runs/:id?version= → 204; its transactions go back to open. */
export function deletePaymentRun(id: string, version: number): Promise<void> {
  return api.delete<void>(paymentRunPath(id), { query: { version } });
}

/** Every write refreshes the runs and the transactions (a run moves its transactions' status). */
function useRefreshRuns() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentRunKeys.all() }),
      queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_ROOT }),
    ]);
}

export function useCreatePaymentRun() {
  const refresh = useRefreshRuns();
  return useMutation({ mutationFn: createPaymentRun, onSuccess: () => refresh() });
}

export function usePaymentRunMutations(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshRuns();
  const act = useMutation({
    mutationFn: ({ version, action }: { version: number; action: PaymentRunAction }) => runPaymentRunAction(id, version, action),
    onSuccess: (run) => {
      queryClient.setQueryData(paymentRunKeys.detail(id), run);
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (version: number) => deletePaymentRun(id, version),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: paymentRunKeys.detail(id) });
      return refresh();
    },
  });
  return { act, remove };
}
