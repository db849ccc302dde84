import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Approver } from '@kontor/domain/approvals/approval-flow';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { APPROVAL_FLOWS_PATH } from './list-approval-flows';

/** GET /approval-flows/approver-candidates: the organisation's members, who may be approvers. */
export function listApproverCandidates(): Promise<{ items: Approver[] }> {
  return api.get<{ items: Approver[] }>(`${APPROVAL_FLOWS_PATH}/approver-candidates`);
}

export function approverCandidatesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.approvalFlows.approverCandidates(),
    queryFn: listApproverCandidates,
    staleTime: 60_000,
  });
}

export function useApproverCandidates() {
  return useQuery(approverCandidatesQueryOptions());
}
