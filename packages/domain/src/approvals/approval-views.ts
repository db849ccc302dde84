import { z } from 'zod';
import { APPROVAL_DECISIONS, APPROVAL_REQUEST_STATUSES } from './approval-engine';
import { approvalConditionSchema } from './approval-flow';
import { fourEyesConflictSchema } from './four-eyes';

/** One approver's state in one step, as the invoice detail shows it. */
export const approvalItemViewSchema = z.object({
  approverId: z.uuid(),
  approverName: z.string(),
  /** The absent member whose approval went to this approver as their substitute. */
  standsInForName: z.string().nullable(),
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
  /**
   * The four-eyes principle (issue 59): who may not give the final approval, and why, by the
   * organisation's setting now (empty while it is off). The web asks fourEyesRefusal with it.
   */
  fourEyesConflicts: z.array(fourEyesConflictSchema),
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
/**
 * GET /api/invoices/:id/approval-flow: the flow that applies and why (`default`: no flow's
 * conditions match, the default flow applies instead), and every flow one may pick, each with the
 * conditions this invoice does not meet (picking such a flow asks for a confirmation naming them).
 */
export const matchingFlowResponseSchema = z.object({
  matching: z.object({ id: z.uuid(), name: z.string(), reason: z.enum(['conditions', 'default']) }).nullable(),
  flows: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      isDefault: z.boolean(),
      stepCount: z.number().int(),
      conditions: z.array(approvalConditionSchema),
      unmetConditions: z.array(approvalConditionSchema),
    }),
  ),
});
export type MatchingFlowResponse = z.infer<typeof matchingFlowResponseSchema>;

/**
 * The most invoices one bulk-approve request decides. The web sends a larger selection in chunks
 * of this size, so that it can show how far it got; each invoice is its own transaction.
 */
export const BULK_APPROVE_CHUNK = 25;

/** POST /api/invoices/bulk-approve: each invoice with the version the approver saw in the list. */
export const bulkApproveBodySchema = z.object({
  items: z
    .array(z.object({ id: z.uuid(), version: z.number().int().min(1) }))
    .min(1)
    .max(BULK_APPROVE_CHUNK),
});
export type BulkApproveBody = z.infer<typeof bulkApproveBodySchema>;

/**
 * What each approval did: `approved` (the last step completed), `next_step` (its step completed,
 * the next one opened) or `recorded` (the step needs more approvals). A refusal keeps its error
 * code and the message in the caller's language (which required fields are missing, say).
 */
export const bulkApproveResponseSchema = z.object({
  decided: z.array(z.object({ id: z.uuid(), outcome: z.enum(['approved', 'next_step', 'recorded']) })),
  failed: z.array(z.object({ id: z.uuid(), code: z.string(), message: z.string() })),
});
export type BulkApproveResponse = z.infer<typeof bulkApproveResponseSchema>;

/**
 * POST /api/invoices/:id/reassign-approval: hands the open approval of `fromApproverId` in the
 * current step to `toApproverId` (an approver away, or one who cannot judge the invoice), with an
 * optional note for the new approver and the history.
 */
export const reassignApprovalBodySchema = z.object({
  version: z.number().int().min(1),
  fromApproverId: z.uuid(),
  toApproverId: z.uuid(),
  note: z.string().trim().max(500).optional(),
});
export type ReassignApprovalBody = z.infer<typeof reassignApprovalBodySchema>;

/** GET /api/invoices/:id/approver-candidates: the members an open approval may be handed to. */
export const approverCandidatesResponseSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type ApproverCandidatesResponse = z.infer<typeof approverCandidatesResponseSchema>;
