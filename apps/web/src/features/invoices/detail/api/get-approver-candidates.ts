import { useQuery } from '@tanstack/react-query';
import type { ApproverCandidatesResponse } from '@kontor/domain/approvals/approval-views';
import { api } from '@/lib/api-client';
import { invoiceDetailKeys } from './invoice-cache';

/** GET /invoices/:id/approver-candidates: the members an open approval of the invoice may go to. */
export function getApproverCandidates(id: string): Promise<ApproverCandidatesResponse> {
  return api.get<ApproverCandidatesResponse>(`/invoices/${encodeURIComponent(id)}/approver-candidates`);
}

export function useApproverCandidates(id: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: invoiceDetailKeys.approverCandidates(id),
    queryFn: () => getApproverCandidates(id),
    staleTime: 60_000,
    enabled: options.enabled,
  });
}
