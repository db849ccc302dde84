import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { invoiceCommentSchema } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { invoiceDetailKeys } from './invoice-cache';

export type InvoiceComment = z.infer<typeof invoiceCommentSchema>;

/** GET /invoices/:id/comments, oldest first. */
export function listInvoiceComments(id: string): Promise<{ items: InvoiceComment[] }> {
  return api.get<{ items: InvoiceComment[] }>(`/invoices/${encodeURIComponent(id)}/comments`);
}

export function invoiceCommentsQueryOptions(id: string) {
  return queryOptions({ queryKey: invoiceDetailKeys.comments(id), queryFn: () => listInvoiceComments(id) });
}

export function useInvoiceComments(id: string) {
  return useQuery(invoiceCommentsQueryOptions(id));
}
