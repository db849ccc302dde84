import { z } from 'zod';
import { INVOICE_CURRENCIES } from '../invoices/invoice-fields';

/**
 * Approval flows (SPEC §3): a name, a type, ordered steps with approvers and a required count,
 * a default flag, and (beyond SPEC) conditions that pick the flow for an invoice or payment run.
 */
export const APPROVAL_FLOW_TYPES = ['invoice', 'payment_run'] as const;
export const approvalFlowTypeSchema = z.enum(APPROVAL_FLOW_TYPES);
export type ApprovalFlowType = z.infer<typeof approvalFlowTypeSchema>;

export const MAX_APPROVAL_STEPS = 10;
export const MAX_APPROVERS_PER_STEP = 50;

/**
 * A flow applies when all of its conditions hold. Amounts are minor units in their currency,
 * compared with the subject's total in the same currency only: "above" is strictly greater,
 * "below" strictly less. Kontor has no exchange rates, and 10,000 in minor units is not the same
 * threshold in euros, dollars and pounds; a flow for foreign invoices names their currency.
 * Conditions saved before the currency existed were meant in euros (migration 0038).
 */
export const approvalConditionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('amount_above'),
    amount: z.number().int().min(0),
    currency: z.enum(INVOICE_CURRENCIES).default('EUR'),
  }),
  z.object({
    kind: z.literal('amount_below'),
    amount: z.number().int().min(0),
    currency: z.enum(INVOICE_CURRENCIES).default('EUR'),
  }),
  z.object({ kind: z.literal('cost_center'), costCenterIds: z.array(z.uuid()).min(1, { message: 'required' }).max(100) }),
  z.object({ kind: z.literal('counterparty'), counterpartyIds: z.array(z.uuid()).min(1, { message: 'required' }).max(100) }),
  z.object({ kind: z.literal('currency'), currencies: z.array(z.enum(INVOICE_CURRENCIES)).min(1, { message: 'required' }) }),
]);
export type ApprovalCondition = z.infer<typeof approvalConditionSchema>;
export type ApprovalConditionKind = ApprovalCondition['kind'];
export const APPROVAL_CONDITION_KINDS: readonly ApprovalConditionKind[] = [
  'amount_above',
  'amount_below',
  'cost_center',
  'counterparty',
  'currency',
];

/** SPEC §5: each step needs at least one approver; the count cannot exceed its approvers. */
export const approvalStepInputSchema = z
  .object({
    approverIds: z
      .array(z.uuid())
      .min(1, { message: 'approver_required' })
      .max(MAX_APPROVERS_PER_STEP)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'approver_duplicate' }),
    requiredApprovals: z.number().int().min(1, { message: 'required_approvals_min' }),
  })
  .superRefine((step, context) => {
    if (step.approverIds.length > 0 && step.requiredApprovals > step.approverIds.length) {
      context.addIssue({
        code: 'custom',
        path: ['requiredApprovals'],
        message: 'required_approvals_exceed_approvers',
        params: { count: step.approverIds.length },
      });
    }
  });
export type ApprovalStepInput = z.infer<typeof approvalStepInputSchema>;

/** POST /api/approval-flows and PUT /api/approval-flows/:id (with the version it was loaded at). */
export const approvalFlowBodySchema = z.object({
  name: z.string().trim().min(1, { message: 'required' }).max(100, { message: 'too_long' }),
  type: approvalFlowTypeSchema,
  isDefault: z.boolean(),
  steps: z.array(approvalStepInputSchema).min(1, { message: 'step_required' }).max(MAX_APPROVAL_STEPS),
  conditions: z.array(approvalConditionSchema).max(10),
});
export type ApprovalFlowBody = z.infer<typeof approvalFlowBodySchema>;
export const updateApprovalFlowBodySchema = approvalFlowBodySchema.extend({ version: z.number().int().min(1) });
export type UpdateApprovalFlowBody = z.infer<typeof updateApprovalFlowBodySchema>;

/** PUT /api/approval-flows/order: the flows of one type, first match first. */
export const approvalFlowOrderBodySchema = z.object({
  type: approvalFlowTypeSchema,
  ids: z.array(z.uuid()).min(1).max(500),
});

export const approverSchema = z.object({ userId: z.uuid(), name: z.string(), email: z.string() });
export type Approver = z.infer<typeof approverSchema>;

export const approvalFlowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: approvalFlowTypeSchema,
  isDefault: z.boolean(),
  /** Order among the flows of its type: conditions are tried in this order. */
  position: z.number().int(),
  steps: z.array(z.object({ approvers: z.array(approverSchema), requiredApprovals: z.number().int() })),
  conditions: z.array(approvalConditionSchema),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApprovalFlow = z.infer<typeof approvalFlowSchema>;

/** What a member who requests approval may pick from (no approvers: not an admin screen). */
export const approvalFlowOptionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isDefault: z.boolean(),
  stepCount: z.number().int(),
});
export type ApprovalFlowOption = z.infer<typeof approvalFlowOptionSchema>;
