import { useMutation } from '@tanstack/react-query';
import type { ArInvoiceInput } from '@kontor/domain/receivables/receivable-schema';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { api } from '@/lib/api-client';
import { useRememberReceivable } from './receivable-cache';
import { RECEIVABLES_PATH } from './receivable-keys';

export type CreateReceivableBody = ArInvoiceInput & { issue?: boolean };

/** POST /ar-invoices → 201: a draft without a number, or with `issue` an outstanding invoice with the next one. */
export function createReceivable(body: CreateReceivableBody): Promise<ArInvoice> {
  return api.post<ArInvoice>(RECEIVABLES_PATH, body);
}

export function useCreateReceivable() {
  const remember = useRememberReceivable();
  return useMutation({ mutationFn: createReceivable, onSuccess: remember });
}
