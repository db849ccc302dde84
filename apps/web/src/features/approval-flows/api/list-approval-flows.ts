import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApprovalFlow, ApprovalFlowType } from '@kontor/domain/approvals/approval-flow';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const APPROVAL_FLOWS_PATH = '/approval-flows';

/** GET /approval-flows?type=: the flows of one type, in the order their conditions are tried. */
export function listApprovalFlows(type: ApprovalFlowType): Promise<{ items: ApprovalFlow[] }> {
  return api.get<{ items: ApprovalFlow[] }>(APPROVAL_FLOWS_PATH, { query: { type } });
}

export function approvalFlowsQueryOptions(type: ApprovalFlowType) {
  return queryOptions({ queryKey: queryKeys.approvalFlows.list(type), queryFn: () => listApprovalFlows(type) });
}

export function useApprovalFlows(type: ApprovalFlowType) {
  return useQuery(approvalFlowsQueryOptions(type));
}
