/** The payment-runs API (issue 7 items 3 and 4): /api/payment-runs and its actions. */
import { z } from 'zod';
import { approvalRequestViewSchema } from '../approvals/approval-views';
import { PAYMENT_RUN_EVENTS, PAYMENT_RUN_ORIGINS, paymentRunStatusSchema, sepaFormatSchema } from './payment-run-status';

const versionSchema = z.number().int().min(1);
/** A run holds at most this many transactions (the SEPA benchmark size; banks take far fewer per file). */
export const MAX_PAYMENT_RUN_TRANSACTIONS = 10_000;

export const paymentRunSummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  name: z.string().nullable(),
  status: paymentRunStatusSchema,
  origin: z.enum(PAYMENT_RUN_ORIGINS),
  transactionCount: z.number().int(),
  /** Sum per currency would only matter for non-EUR runs, which cannot be exported; EUR sum here. */
  totalAmount: z.number().int(),
  /** Transactions whose analysis stops the export (blocked, suspicious, not OK, not analysed). */
  blockedCount: z.number().int(),
  earliestExecutionDate: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  exportedAt: z.string().nullable(),
  version: z.number().int(),
});
export type PaymentRunSummary = z.infer<typeof paymentRunSummarySchema>;

/** GET /api/payment-runs/:id and every action's answer; its transactions page through GET /api/transactions?paymentRunId=…&view=all. */
export const paymentRunSchema = paymentRunSummarySchema.extend({
  approval: approvalRequestViewSchema.nullable(),
  allowedEvents: z.array(z.enum(PAYMENT_RUN_EVENTS)),
  /** Whether the caller is an approver of the open step and has not decided yet. */
  canDecide: z.boolean(),
  export: z
    .object({
      format: sepaFormatSchema,
      messageId: z.string(),
      fileName: z.string(),
      sha256: z.string(),
      exportedByName: z.string().nullable(),
    })
    .nullable(),
  /** Transactions per debitor account and execution date: one SEPA payment-information block each. */
  paymentBlocks: z.array(
    z.object({
      debitorIban: z.string(),
      debitorName: z.string(),
      requestedExecutionDate: z.string(),
      count: z.number().int(),
      amount: z.number().int(),
    }),
  ),
});
export type PaymentRun = z.infer<typeof paymentRunSchema>;

export const paymentRunListQuerySchema = z.object({
  status: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
      z.array(paymentRunStatusSchema),
    )
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});
export type PaymentRunListQuery = z.infer<typeof paymentRunListQuerySchema>;

export const paymentRunListResponseSchema = z.object({
  items: z.array(paymentRunSummarySchema),
  nextCursor: z.string().nullable(),
});

/** POST /api/payment-runs: a run from selected open transactions. */
export const createPaymentRunBodySchema = z.object({
  transactionIds: z
    .array(z.uuid())
    .min(1, { message: 'payment_run_empty' })
    .max(MAX_PAYMENT_RUN_TRANSACTIONS, { message: 'payment_run_too_large' }),
  name: z.string().trim().max(100, { message: 'too_long' }).optional(),
});
export type CreatePaymentRunBody = z.infer<typeof createPaymentRunBodySchema>;

/** GET /api/payment-runs/open-for/:transactionId: the open runs (newest first) one transaction can join. */
export const OPEN_RUN_CHOICES_LIMIT = 50;
export const openPaymentRunsResponseSchema = z.object({ items: z.array(paymentRunSummarySchema) });
export type OpenPaymentRuns = z.infer<typeof openPaymentRunsResponseSchema>;

/** POST /api/payment-runs/:id/transactions (add) and /transactions/remove. */
export const paymentRunTransactionsBodySchema = z.object({
  version: versionSchema,
  transactionIds: z.array(z.uuid()).min(1).max(MAX_PAYMENT_RUN_TRANSACTIONS),
});

export const paymentRunVersionBodySchema = z.object({ version: versionSchema });
export const paymentRunRequestApprovalBodySchema = z.object({ version: versionSchema, flowId: z.uuid().optional() });
export const paymentRunRejectBodySchema = z.object({
  version: versionSchema,
  reason: z.string().trim().min(1, { message: 'reason_required' }).max(1000, { message: 'too_long' }),
});
/** POST /api/payment-runs/:id/export: the format; exporting again returns the first file. */
export const paymentRunExportBodySchema = z.object({
  version: versionSchema,
  format: sepaFormatSchema.optional(),
});
