import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MatchingFlowResponse } from '@kontor/domain/approvals/approval-views';
import { api } from '@/lib/api-client';
import { invoiceDetailKeys } from './invoice-cache';

/** GET /invoices/:id/approval-flow: the flow that would apply now, and the flows one may pick instead. */
export function getMatchingFlow(id: string): Promise<MatchingFlowResponse> {
  return api.get<MatchingFlowResponse>(`/invoices/${encodeURIComponent(id)}/approval-flow`);
}

export function matchingFlowQueryOptions(id: string) {
  // The answer depends on the invoice's current amount, cost centres and counterparty: always fresh.
  return queryOptions({ queryKey: invoiceDetailKeys.matchingFlow(id), queryFn: () => getMatchingFlow(id), staleTime: 0 });
}

export function useMatchingFlow(id: string, options: { enabled: boolean }) {
  return useQuery({ ...matchingFlowQueryOptions(id), enabled: options.enabled });
}
