import { useMutation } from '@tanstack/react-query';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { api } from '@/lib/api-client';
import { useRememberReceivable } from './receivable-cache';
import { receivablePath } from './receivable-keys';

/** POST /ar-invoices/:id/issue: a draft becomes outstanding and takes the next invoice number. */
export function issueReceivable(id: string, version: number): Promise<ArInvoice> {
  return api.post<ArInvoice>(`${receivablePath(id)}/issue`, { version });
}

export function useIssueReceivable() {
  const remember = useRememberReceivable();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => issueReceivable(id, version),
    onSuccess: remember,
  });
}
