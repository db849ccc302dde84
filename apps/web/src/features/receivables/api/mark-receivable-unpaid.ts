import { useMutation } from '@tanstack/react-query';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { api } from '@/lib/api-client';
import { useRememberReceivable } from './receivable-cache';
import { receivablePath } from './receivable-keys';

/** POST /ar-invoices/:id/unpaid: every payment recorded is taken back; the invoice is outstanding again. */
export function markReceivableUnpaid(id: string, version: number): Promise<ArInvoice> {
  return api.post<ArInvoice>(`${receivablePath(id)}/unpaid`, { version });
}

export function useMarkReceivableUnpaid(id: string) {
  const remember = useRememberReceivable();
  return useMutation({ mutationFn: (version: number) => markReceivableUnpaid(id, version), onSuccess: remember });
}
