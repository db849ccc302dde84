import { z } from 'zod';
import { listExportFormatSchema } from '../list-export';
import { normalizeIban } from '../iban';
import { BANK_MATCHING_STATUSES } from '../banking/bank-transaction-api';
import { TRANSACTION_STATUSES } from '../payments/transaction-status';
import { normalizeVatNumber } from '../vat';
import {
  REMITTANCE_MAX_LENGTH,
  currencySchema,
  invoiceLineItemSchema,
  invoiceSplitSchema,
  invoiceStatusSchema,
  invoiceTypeSchema,
  isoDateSchema,
  ocrStatusSchema,
  minorUnitsSchema,
  optionalText,
} from './invoice-fields';
import { checkInvoiceRules } from './invoice-rules';
import { INVOICE_LIST_TABS, INVOICE_SORT_FIELDS } from './invoice-constants';
import { approvalProgressSchema, approvalRequestViewSchema } from '../approvals/approval-views';
import { invoiceReadingSchema } from './invoice-reading';
import { paymentAccountReviewSchema } from './payment-account-review';

export * from './invoice-constants';

const nullableDate = isoDateSchema.nullable();
const nullableId = z.uuid().nullable();

/**
 * The editable fields of an invoice: PUT /api/invoices/:id and the web form use this one schema,
 * so both say the same thing (ARCHITECTURE §3.1). Every SPEC §5 invoice rule is in the refinement.
 */
export const invoiceFieldsSchema = z.object({
  counterparty: nullableId,
  counterpartyName: optionalText(200),
  counterpartyIban: optionalText(42).transform((value) => (value ? normalizeIban(value) : null)),
  counterpartyBic: optionalText(11).transform((value) => (value ? value.replace(/\s+/g, '').toUpperCase() : null)),
  counterpartyVat: optionalText(20).transform((value) => (value ? normalizeVatNumber(value) : null)),
  invoiceNumber: optionalText(100),
  purchaseOrder: optionalText(100),
  date: nullableDate,
  dueDate: nullableDate,
  billingPeriodStart: nullableDate,
  billingPeriodEnd: nullableDate,
  netAmount: minorUnitsSchema.nullable(),
  taxAmount: minorUnitsSchema.nullable(),
  totalAmount: minorUnitsSchema.nullable(),
  currency: currencySchema.nullable(),
  type: invoiceTypeSchema,
  skontoRate: z.number().int().nullable(),
  skontoAmount: minorUnitsSchema.nullable(),
  skontoDate: nullableDate,
  skontoIgnoreDeadline: z.boolean(),
  paymentTerms: optionalText(200),
  notes: optionalText(5000),
  shouldCreateTransaction: z.boolean(),
  alreadyPaid: z.boolean(),
  alreadyPaidDate: nullableDate,
  costCenter: nullableId,
  costCenter2: nullableId,
  ledgerAccount: nullableId,
  taxRate: z.number().int().nullable(),
  taxKeyId: nullableId,
  partialAmount: z.array(invoiceSplitSchema).max(100),
  lineItems: z.array(invoiceLineItemSchema).max(500),
  remittanceInformation: z
    .string()
    .trim()
    .max(REMITTANCE_MAX_LENGTH, { message: 'remittance_too_long' })
    .nullable()
    .transform((value) => (value === '' ? null : value)),
  debitorBankAccountId: nullableId,
});
export type InvoiceFields = z.infer<typeof invoiceFieldsSchema>;
export type InvoiceFieldsInput = z.input<typeof invoiceFieldsSchema>;

function withInvoiceRules<T extends z.ZodType<InvoiceFields>>(schema: T) {
  return schema.superRefine((fields, context) => {
    for (const finding of checkInvoiceRules(fields)) {
      context.addIssue({ code: 'custom', path: finding.path, message: finding.message, params: finding.params });
    }
  });
}

export const invoiceFormSchema = withInvoiceRules(invoiceFieldsSchema);

/** PUT /api/invoices/:id: the fields plus the version the editor started from (stale edits get 409). */
export const updateInvoiceBodySchema = withInvoiceRules(invoiceFieldsSchema.extend({ version: z.number().int().min(1) }));
export type UpdateInvoiceBody = z.infer<typeof updateInvoiceBodySchema>;

/** Cancel and reject need a reason (SPEC §5). */
export const reasonBodySchema = z.object({
  reason: z.string().trim().min(1, { message: 'reason_required' }).max(1000, { message: 'too_long' }),
  version: z.number().int().min(1),
});
export const versionBodySchema = z.object({ version: z.number().int().min(1) });

export const invoiceFileSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['document', 'attachment']),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  pages: z.number().int().nullable(),
  createdAt: z.string(),
});
export type InvoiceFile = z.infer<typeof invoiceFileSchema>;

/** The payment made from an invoice (shouldCreateTransaction, SPEC §3 §4), and the run it is in. */
export const invoicePaymentSchema = z.object({
  id: z.uuid(),
  status: z.enum(TRANSACTION_STATUSES),
  /** Its money left in an export (it stays so when archived since): the approvals may no longer be reset. */
  isExported: z.boolean(),
  amount: z.number().int(),
  currency: z.string(),
  requestedExecutionDate: z.string(),
  paymentRun: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** GET /api/invoices/:id — SPEC §3 field names (ARCHITECTURE §4). */
export const invoiceSchema = invoiceFieldsSchema.extend({
  id: z.uuid(),
  status: invoiceStatusSchema,
  ocrStatus: ocrStatusSchema,
  version: z.number().int(),
  counterpartyIban: z.string().nullable(),
  counterpartyBic: z.string().nullable(),
  counterpartyVat: z.string().nullable(),
  remittanceInformation: z.string().nullable(),
  cancelReason: z.string().nullable(),
  uploadedBy: z.uuid().nullable(),
  emailOrigin: z.object({ sender: z.string(), subject: z.string(), receivedAt: z.string() }).nullable(),
  document: invoiceFileSchema.nullable(),
  attachments: z.array(invoiceFileSchema),
  warnings: z.array(z.string()),
  /** SPEC §5's base fields and the configured ones (organisation settings) still empty, per approval stage. */
  missingRequiredFields: z.object({
    request_approval: z.array(z.string()),
    first_approval: z.array(z.string()),
    last_approval: z.array(z.string()),
  }),
  /** The current or last approval request (SPEC §4), null before approval was first requested. */
  approval: approvalRequestViewSchema.nullable(),
  /** What reading the document found (null before it was read, e.g. for invoices typed by hand). */
  reading: invoiceReadingSchema.nullable(),
  /** Null until approval created the payment (or when the invoice is paid another way). */
  payment: invoicePaymentSchema.nullable(),
  /** The document's account against the counterparty's and the one to be paid (null when nothing was read). */
  paymentAccountReview: paymentAccountReviewSchema.nullable(),
  /** What bank lines paid of it, skonto taken included (issue 62), and so how far it is matched. */
  matchedAmount: z.number().int(),
  matchingStatus: z.enum(BANK_MATCHING_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** One row of the overview. */
export const invoiceListItemSchema = z.object({
  id: z.uuid(),
  status: invoiceStatusSchema,
  ocrStatus: ocrStatusSchema,
  counterpartyName: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  date: z.string().nullable(),
  dueDate: z.string().nullable(),
  totalAmount: z.number().int().nullable(),
  currency: currencySchema.nullable(),
  type: invoiceTypeSchema,
  costCenter: z.uuid().nullable(),
  /** The version the row was read at: what an action from the list (bulk approve) checks against. */
  version: z.number().int(),
  fileName: z.string().nullable(),
  /** What bank lines paid of it (issue 62). */
  matchingStatus: z.enum(BANK_MATCHING_STATUSES),
  /** Filled on the archive tab (cancelled invoices); optional so other tabs may leave it out. */
  cancelReason: z.string().nullable().optional(),
  /** Filled on the approval tabs: the step progress of the pending request. */
  approvalProgress: approvalProgressSchema.nullable().optional(),
  /** While the document is being read: 0..100 (see ocrStatus). */
  readingProgress: z.number().int().nullable().optional(),
  createdAt: z.string(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

/** GET /api/invoices?tab=new&… — keyset pagination with an opaque cursor (ARCHITECTURE §4). */
export const invoiceListQuerySchema = z.object({
  tab: z.enum(INVOICE_LIST_TABS).default('new'),
  sort: z.enum(INVOICE_SORT_FIELDS).default('dueDate'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().trim().max(100).optional(),
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
  dueFrom: isoDateSchema.optional(),
  dueTo: isoDateSchema.optional(),
  counterpartyId: z.uuid().optional(),
  amountMin: z.coerce.number().int().optional(),
  amountMax: z.coerce.number().int().optional(),
  costCenterId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** GET /api/invoices/export: the overview's tab, search, filters and order, every row, as a file. */
export const invoiceExportQuerySchema = invoiceListQuerySchema
  .omit({ limit: true, cursor: true })
  .extend({ format: listExportFormatSchema });
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuerySchema>;

export const invoiceListResponseSchema = z.object({
  items: z.array(invoiceListItemSchema),
  nextCursor: z.string().nullable(),
  counts: z.record(z.string(), z.number().int()),
});

export const bulkArchiveBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
export const bulkArchiveResponseSchema = z.object({
  archived: z.array(z.uuid()),
  failed: z.array(z.object({ id: z.uuid(), code: z.string() })),
});

export const invoiceCommentSchema = z.object({
  id: z.uuid(),
  authorId: z.uuid().nullable(),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export const createCommentBodySchema = z.object({
  body: z.string().trim().min(1, { message: 'required' }).max(5000, { message: 'too_long' }),
});

export const activityEntrySchema = z.object({
  id: z.number().int(),
  /** invoice, or approval_request / approval_item for the invoice's approvals (optional: added later). */
  entityType: z.string().optional(),
  action: z.string(),
  actorType: z.string(),
  actorName: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
