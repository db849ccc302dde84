import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { api } from '@/lib/api-client';
import { receivableKeys, receivablePath } from './receivable-keys';

/** GET /ar-invoices/:id: the invoice with its lines and tax breakdown (404 ar_invoice_not_found). */
export function getReceivable(id: string, signal?: AbortSignal): Promise<ArInvoice> {
  return api.get<ArInvoice>(receivablePath(id), { signal });
}

export function receivableQueryOptions(id: string) {
  return queryOptions({ queryKey: receivableKeys.detail(id), queryFn: ({ signal }) => getReceivable(id, signal) });
}

export function useReceivable(id: string) {
  return useQuery(receivableQueryOptions(id));
}
