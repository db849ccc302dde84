import { useQueryClient } from '@tanstack/react-query';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { receivableKeys } from './receivable-keys';

/**
 * After every write: the answered invoice goes into its detail cache (the screen shows it at
 * once), the overview's lists and the invoice's history are asked for again. The write does not
 * wait for those: its toast comes with the answer.
 */
export function useRememberReceivable() {
  const queryClient = useQueryClient();
  return (saved: ArInvoice) => {
    queryClient.setQueryData(receivableKeys.detail(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: receivableKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: receivableKeys.activity(saved.id) });
  };
}
