import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoiceDetailKeys } from './invoice-cache';

export interface SignedFileUrl {
  url: string;
  expiresAt: string;
}

/** GET /invoices/:id/files/:fileId/url: a short-lived signed address on the same origin (/files/…). */
export function getInvoiceFileUrl(invoiceId: string, fileId: string): Promise<SignedFileUrl> {
  return api.get<SignedFileUrl>(`/invoices/${encodeURIComponent(invoiceId)}/files/${encodeURIComponent(fileId)}/url`);
}

/** Signed addresses expire; a minute keeps one long enough to render and short enough to stay valid. */
const SIGNED_URL_STALE_TIME = 60_000;

export function invoiceFileUrlQueryOptions(invoiceId: string, fileId: string) {
  return queryOptions({
    queryKey: invoiceDetailKeys.fileUrl(invoiceId, fileId),
    queryFn: () => getInvoiceFileUrl(invoiceId, fileId),
    staleTime: SIGNED_URL_STALE_TIME,
  });
}

export function useInvoiceFileUrl(invoiceId: string, fileId: string | null) {
  return useQuery({ ...invoiceFileUrlQueryOptions(invoiceId, fileId ?? ''), enabled: Boolean(fileId) });
}
