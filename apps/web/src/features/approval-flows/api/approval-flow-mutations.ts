import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalFlow, ApprovalFlowBody, ApprovalFlowType } from '@kontor/domain/approvals/approval-flow';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { APPROVAL_FLOWS_PATH } from './list-approval-flows';

const flowPath = (id: string) => `${APPROVAL_FLOWS_PATH}/${encodeURIComponent(id)}`;

/** POST /approval-flows → 201 with the flow. */
export function createApprovalFlow(body: ApprovalFlowBody): Promise<ApprovalFlow> {
  return api.post<ApprovalFlow>(APPROVAL_FLOWS_PATH, body);
}

/** PUT /approval-flows/:id with the version it was loaded at (409 stale_version). */
export function updateApprovalFlow(id: string, body: ApprovalFlowBody & { version: number }): Promise<ApprovalFlow> {
  return api.put<ApprovalFlow>(flowPath(id), body);
}

/** DELETE /approval-flows/:id?version= → 204. */
export function deleteApprovalFlow(id: string, version: number): Promise<void> {
  return api.delete<void>(flowPath(id), { query: { version } });
}

/** PUT /approval-flows/order: the flows of one type, first match first. */
export function reorderApprovalFlows(type: ApprovalFlowType, ids: string[]): Promise<{ items: ApprovalFlow[] }> {
  return api.put<{ items: ApprovalFlow[] }>(`${APPROVAL_FLOWS_PATH}/order`, { type, ids });
}

/**
 * Every write refreshes all flow lists (a new default flag or type moves flows between and
 * within the lists) and puts the answered flow into the detail cache.
 */
export function useApprovalFlowMutations() {
  const queryClient = useQueryClient();
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: [...queryKeys.approvalFlows.all(), 'list'] });
  const remember = (flow: ApprovalFlow) => {
    queryClient.setQueryData(queryKeys.approvalFlows.detail(flow.id), flow);
    return refreshLists();
  };
  const create = useMutation({ mutationFn: createApprovalFlow, onSuccess: remember });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApprovalFlowBody & { version: number } }) => updateApprovalFlow(id, body),
    onSuccess: remember,
  });
  const remove = useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => deleteApprovalFlow(id, version),
    onSuccess: (_answer, { id }) => {
      queryClient.removeQueries({ queryKey: queryKeys.approvalFlows.detail(id) });
      return refreshLists();
    },
  });
  const reorder = useMutation({
    mutationFn: ({ type, ids }: { type: ApprovalFlowType; ids: string[] }) => reorderApprovalFlows(type, ids),
    onSuccess: (answer, { type }) => {
      queryClient.setQueryData(queryKeys.approvalFlows.list(type), answer);
      return refreshLists();
    },
  });
  return { create, update, remove, reorder };
}
