import { useMutation } from '@tanstack/react-query';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { api } from '@/lib/api-client';
import { useRememberReceivable } from './receivable-cache';
import { receivablePath } from './receivable-keys';

/** POST /ar-invoices/:id/restore: a canceled draft is a draft again, anything else canceled outstanding. */
export function restoreReceivable(id: string, version: number): Promise<ArInvoice> {
  return api.post<ArInvoice>(`${receivablePath(id)}/restore`, { version });
}

export function useRestoreReceivable(id: string) {
  const remember = useRememberReceivable();
  return useMutation({ mutationFn: (version: number) => restoreReceivable(id, version), onSuccess: remember });
}
