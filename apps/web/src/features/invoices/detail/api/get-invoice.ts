import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-error';
import { invoiceDetailKeys } from './invoice-cache';

/** GET /invoices/:id — 404 invoice_not_found ("not found or no permission"), 409 invoice_in_ocr. */
export function getInvoice(id: string): Promise<Invoice> {
  return api.get<Invoice>(`/invoices/${encodeURIComponent(id)}`);
}

export function invoiceQueryOptions(id: string) {
  // Always the latest version when the screen opens: the form starts from it.
  return queryOptions({ queryKey: invoiceDetailKeys.detail(id), queryFn: () => getInvoice(id), staleTime: 0 });
}

/** While the document is read the invoice answers 409 invoice_in_ocr; ask again this often until it opens. */
export const IN_OCR_POLL_INTERVAL_MS = 2_000;

export function useInvoice(id: string) {
  return useQuery({
    ...invoiceQueryOptions(id),
    refetchInterval: (query) => (hasErrorCode(query.state.error, 'invoice_in_ocr') ? IN_OCR_POLL_INTERVAL_MS : false),
  });
}
