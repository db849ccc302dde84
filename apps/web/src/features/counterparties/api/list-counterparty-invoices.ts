import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { invoiceListResponseSchema } from '@kontor/domain/invoices/invoice-schema';
import type { InvoiceTab } from '@kontor/domain/screens';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

export const COUNTERPARTY_INVOICES_LIMIT = 10;

/** GET /invoices?tab=…&counterpartyId=…: the latest invoices of one counterparty in one overview tab. */
export function useCounterpartyInvoices(counterpartyId: string, tab: InvoiceTab) {
  const request = { tab, counterpartyId, sort: 'date', direction: 'desc', limit: String(COUNTERPARTY_INVOICES_LIMIT) };
  return useQuery({
    // Under the invoices key: uploads, approvals and archiving refresh it like the overview.
    queryKey: queryKeys.invoices.list(request),
    queryFn: ({ signal }) => api.get<InvoiceListResponse>('/invoices', { query: request, signal }),
  });
}
