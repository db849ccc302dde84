import { useMutation } from '@tanstack/react-query';
import type { ArMarkPaid } from '@kontor/domain/receivables/receivable-schema';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { api } from '@/lib/api-client';
import { useRememberReceivable } from './receivable-cache';
import { receivablePath } from './receivable-keys';

/**
 * POST /ar-invoices/:id/payments: money received. Partially paid while less than the total came
 * in, then paid (422 ar_invoice_paid_in_future; 400 with the field error amount exceeds_open).
 */
export function recordReceivablePayment(id: string, body: ArMarkPaid & { version: number }): Promise<ArInvoice> {
  return api.post<ArInvoice>(`${receivablePath(id)}/payments`, body);
}

export function useRecordReceivablePayment(id: string) {
  const remember = useRememberReceivable();
  return useMutation({
    mutationFn: (body: ArMarkPaid & { version: number }) => recordReceivablePayment(id, body),
    onSuccess: remember,
  });
}
