import { useMutation } from '@tanstack/react-query';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { api } from '@/lib/api-client';
import { useRememberReceivable } from './receivable-cache';
import { receivablePath } from './receivable-keys';

/** POST /ar-invoices/:id/cancel with the reason (SPEC §5: required). */
export function cancelReceivable(id: string, body: { reason: string; version: number }): Promise<ArInvoice> {
  return api.post<ArInvoice>(`${receivablePath(id)}/cancel`, body);
}

export function useCancelReceivable(id: string) {
  const remember = useRememberReceivable();
  return useMutation({
    mutationFn: (body: { reason: string; version: number }) => cancelReceivable(id, body),
    onSuccess: remember,
  });
}
