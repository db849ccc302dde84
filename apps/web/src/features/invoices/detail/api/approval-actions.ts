import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReassignApprovalBody, RequestApprovalBody } from '@kontor/domain/approvals/approval-views';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { applyInvoice } from './invoice-cache';

const actionPath = (id: string, action: string) => `/invoices/${encodeURIComponent(id)}/${action}`;

/** POST /invoices/:id/request-approval {version, flowId?}: 422 flow_not_found / required_fields_missing. */
export function requestInvoiceApproval(id: string, body: RequestApprovalBody): Promise<Invoice> {
  return api.post<Invoice>(actionPath(id, 'request-approval'), body);
}

/** POST /invoices/:id/approve {version}: the signed-in approver of the open step approves. */
export function approveInvoice(id: string, version: number): Promise<Invoice> {
  return api.post<Invoice>(actionPath(id, 'approve'), { version });
}

/** POST /invoices/:id/reject {version, reason}: one rejection rejects the invoice (SPEC §4). */
export function rejectInvoice(id: string, body: { version: number; reason: string }): Promise<Invoice> {
  return api.post<Invoice>(actionPath(id, 'reject'), body);
}

/** POST /invoices/:id/reset {version}: removes all approvals; the invoice is new again. */
export function resetInvoiceApprovals(id: string, version: number): Promise<Invoice> {
  return api.post<Invoice>(actionPath(id, 'reset'), { version });
}

/** POST /invoices/:id/reassign-approval: an open approval of the current step goes to another member. */
export function reassignInvoiceApproval(id: string, body: ReassignApprovalBody): Promise<Invoice> {
  return api.post<Invoice>(actionPath(id, 'reassign-approval'), body);
}

/** The approval actions of one invoice; each shows the answer at once and refreshes lists and counts. */
export function useApprovalActions(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = (invoice: Invoice) => applyInvoice(queryClient, invoice);
  return {
    request: useMutation({ mutationFn: (body: RequestApprovalBody) => requestInvoiceApproval(id, body), onSuccess }),
    approve: useMutation({ mutationFn: (version: number) => approveInvoice(id, version), onSuccess }),
    reject: useMutation({ mutationFn: (body: { version: number; reason: string }) => rejectInvoice(id, body), onSuccess }),
    reset: useMutation({ mutationFn: (version: number) => resetInvoiceApprovals(id, version), onSuccess }),
    reassign: useMutation({ mutationFn: (body: ReassignApprovalBody) => reassignInvoiceApproval(id, body), onSuccess }),
  };
}
