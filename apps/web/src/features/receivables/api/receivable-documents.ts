import { useMutation, useQuery } from '@tanstack/react-query';
import type { ArSendBody, ArSendDraft } from '@kontor/domain/receivables/invoice-documents';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { useRememberReceivable } from './receivable-cache';
import { receivableKeys, receivablePath } from './receivable-keys';

/** GET /ar-invoices/:id/pdf: the ZUGFeRD PDF into the browser's downloads. */
export function downloadReceivablePdf(record: Pick<ArInvoice, 'id' | 'invoiceNumber'>): Promise<Headers> {
  return downloadFile(`${receivablePath(record.id)}/pdf`, { fallbackName: `${record.invoiceNumber ?? 'invoice'}.pdf` });
}

/** GET /ar-invoices/:id/xrechnung?syntax=ubl|cii. */
export function downloadReceivableXRechnung(
  record: Pick<ArInvoice, 'id' | 'invoiceNumber'>,
  syntax: 'ubl' | 'cii',
): Promise<Headers> {
  return downloadFile(`${receivablePath(record.id)}/xrechnung`, {
    fallbackName: `${record.invoiceNumber ?? 'invoice'}-xrechnung-${syntax}.xml`,
    query: { syntax },
  });
}

/** What the send dialog starts from; loaded when it opens (fresh each time). */
export function useSendDraft(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...receivableKeys.detail(id), 'send-draft'],
    queryFn: ({ signal }) => api.get<ArSendDraft>(`${receivablePath(id)}/send-draft`, { signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSendReceivable(id: string) {
  const remember = useRememberReceivable();
  return useMutation({
    mutationFn: (body: ArSendBody & { version: number }) => api.post<ArInvoice>(`${receivablePath(id)}/send`, body),
    onSuccess: remember,
  });
}
