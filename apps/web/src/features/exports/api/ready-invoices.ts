import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { invoiceListResponseSchema } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

const REQUEST = { tab: 'approved', sort: 'date', direction: 'asc' } as const;

/**
 * The approved invoices, oldest first (the order an accountant books them): the export screen's
 * "ready to export". Under the invoice list keys, so approvals and exports refresh it.
 */
export function useReadyInvoices() {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: queryKeys.invoices.list({ ...REQUEST, view: 'export' }),
      queryFn: ({ pageParam, signal }) =>
        api.get<InvoiceListResponse>('/invoices', { query: { ...REQUEST, limit: 50, cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  });
}
