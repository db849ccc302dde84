import { z } from 'zod';
import { APPROVAL_DECISIONS, APPROVAL_REQUEST_STATUSES } from './approval-engine';

/** One approver's state in one step, as the invoice detail shows it. */
export const approvalItemViewSchema = z.object({
  approverId: z.uuid(),
  approverName: z.string(),
  decision: z.enum(APPROVAL_DECISIONS),
  decidedAt: z.string().nullable(),
  /** The reason of a rejection. */
  reason: z.string().nullable(),
});
export type ApprovalItemView = z.infer<typeof approvalItemViewSchema>;

/** The invoice's current (or last) approval request with its steps: part of GET /api/invoices/:id. */
export const approvalRequestViewSchema = z.object({
  id: z.uuid(),
  flowId: z.uuid().nullable(),
  flowName: z.string(),
  status: z.enum(APPROVAL_REQUEST_STATUSES),
  currentStep: z.number().int(),
  requestedBy: z.uuid().nullable(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  steps: z.array(z.object({ requiredApprovals: z.number().int(), items: z.array(approvalItemViewSchema) })),
});
export type ApprovalRequestView = z.infer<typeof approvalRequestViewSchema>;

/** Step progress of an invoice in approval, for the "all approvals" tab. */
export const approvalProgressSchema = z.object({
  currentStep: z.number().int(),
  stepCount: z.number().int(),
  approvedInStep: z.number().int(),
  requiredInStep: z.number().int(),
});

/** POST /api/invoices/:id/request-approval: the version loaded, and a flow picked by hand. */
export const requestApprovalBodySchema = z.object({
  version: z.number().int().min(1),
  flowId: z.uuid().optional(),
});
export type RequestApprovalBody = z.infer<typeof requestApprovalBodySchema>;

/** GET /api/invoices/:id/approval-flow: the flow that would apply, and what may be picked. */
export const matchingFlowResponseSchema = z.object({
  matching: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  flows: z.array(z.object({ id: z.uuid(), name: z.string(), isDefault: z.boolean(), stepCount: z.number().int() })),
});
export type MatchingFlowResponse = z.infer<typeof matchingFlowResponseSchema>;
