import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApprovalFlow } from '@kontor/domain/approvals/approval-flow';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { APPROVAL_FLOWS_PATH } from './list-approval-flows';

/** GET /approval-flows/:id — 404 approval_flow_not_found. */
export function getApprovalFlow(id: string): Promise<ApprovalFlow> {
  return api.get<ApprovalFlow>(`${APPROVAL_FLOWS_PATH}/${encodeURIComponent(id)}`);
}

export function approvalFlowQueryOptions(id: string) {
  // The editor starts from the latest version, so a save rarely meets a 409.
  return queryOptions({ queryKey: queryKeys.approvalFlows.detail(id), queryFn: () => getApprovalFlow(id), staleTime: 0 });
}

export function useApprovalFlow(id: string | undefined) {
  return useQuery({ ...approvalFlowQueryOptions(id ?? ''), enabled: Boolean(id) });
}
