import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { invoiceDetailKeys } from './invoice-cache';

/** GET /invoices/:id — 404 invoice_not_found ("not found or no permission"), 409 invoice_in_ocr. */
export function getInvoice(id: string): Promise<Invoice> {
  return api.get<Invoice>(`/invoices/${encodeURIComponent(id)}`);
}

export function invoiceQueryOptions(id: string) {
  // Always the latest version when the screen opens: the form starts from it.
  return queryOptions({ queryKey: invoiceDetailKeys.detail(id), queryFn: () => getInvoice(id), staleTime: 0 });
}

export function useInvoice(id: string) {
  return useQuery(invoiceQueryOptions(id));
}
