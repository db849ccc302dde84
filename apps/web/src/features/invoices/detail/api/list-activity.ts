import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { activityEntrySchema } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { invoiceDetailKeys } from './invoice-cache';

export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /invoices/:id/activity: who did what when, with the changed fields as { field: { from, to } }. */
export function listInvoiceActivity(id: string): Promise<{ items: ActivityEntry[] }> {
  return api.get<{ items: ActivityEntry[] }>(`/invoices/${encodeURIComponent(id)}/activity`);
}

export function invoiceActivityQueryOptions(id: string) {
  return queryOptions({ queryKey: invoiceDetailKeys.activity(id), queryFn: () => listInvoiceActivity(id), staleTime: 0 });
}

export function useInvoiceActivity(id: string) {
  return useQuery(invoiceActivityQueryOptions(id));
}
