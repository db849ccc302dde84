import { z } from 'zod';
import { listExportFormatSchema } from '../list-export';
import { RECEIVABLE_QUICK_FILTERS } from './receivable-due';
import { RECEIVABLE_STATUSES } from './receivable-status';

/**
 * What the receivables API answers (issue 64): an outgoing invoice with its lines, and the list
 * of the overview with its tabs, quick filters, search and sort. Money in minor units, rates in
 * basis points, dates as YYYY-MM-DD.
 */
export const arTaxLineSchema = z.object({ rate: z.number().int(), basis: z.number().int(), tax: z.number().int() });

export const arLineItemSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  unitPrice: z.number().int(),
  taxRate: z.number().int(),
  netAmount: z.number().int(),
});

export const arInvoiceListItemSchema = z.object({
  id: z.uuid(),
  version: z.number().int(),
  type: z.enum(['invoice', 'credit_note']),
  status: z.enum(RECEIVABLE_STATUSES),
  invoiceNumber: z.string().nullable(),
  counterpartyId: z.uuid(),
  counterpartyName: z.string(),
  /** The counterparty's accounts receivable (debtor) number, SPEC §3. */
  counterpartyArNumber: z.string().nullable(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  netAmount: z.number().int(),
  taxAmount: z.number().int(),
  totalAmount: z.number().int(),
  paidAmount: z.number().int(),
  paidOn: z.string().nullable(),
});
export type ArInvoiceListItem = z.infer<typeof arInvoiceListItemSchema>;

export const arInvoiceSchema = arInvoiceListItemSchema.extend({
  servicePeriodStart: z.string().nullable(),
  servicePeriodEnd: z.string().nullable(),
  taxBreakdown: z.array(arTaxLineSchema),
  notes: z.string().nullable(),
  paymentTermDays: z.number().int().nullable(),
  skontoRate: z.number().int().nullable(),
  skontoDays: z.number().int().nullable(),
  correctedInvoiceId: z.uuid().nullable(),
  cancelReason: z.string().nullable(),
  lineItems: z.array(arLineItemSchema),
  createdAt: z.string(),
});
export type ArInvoice = z.infer<typeof arInvoiceSchema>;

export const AR_INVOICE_TABS = ['outstanding', 'overdue', 'paid', 'drafts', 'canceled', 'all'] as const;
export type ArInvoiceTab = (typeof AR_INVOICE_TABS)[number];
export const AR_INVOICE_SORTS = ['dueDate', 'invoiceDate', 'invoiceNumber', 'totalAmount', 'counterpartyName'] as const;

export const arInvoiceListQuerySchema = z.object({
  tab: z.enum(AR_INVOICE_TABS).default('outstanding'),
  filter: z.enum(RECEIVABLE_QUICK_FILTERS).optional(),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(AR_INVOICE_SORTS).default('dueDate'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ArInvoiceListQuery = z.infer<typeof arInvoiceListQuerySchema>;

export const arInvoiceListResponseSchema = z.object({
  items: z.array(arInvoiceListItemSchema),
  nextCursor: z.string().nullable(),
});

/** Writes carry the version the person saw (ARCHITECTURE §3.8: a stale one answers 409). */
export const arVersionSchema = z.object({ version: z.number().int().min(1) });

/** The overview as a file (Kontor CSV or a workbook): the same tab, filters, search and order. */
export const arInvoiceExportQuerySchema = arInvoiceListQuerySchema
  .omit({ limit: true, cursor: true })
  .extend({ format: listExportFormatSchema });
export type ArInvoiceExportQuery = z.infer<typeof arInvoiceExportQuerySchema>;

/** A CSV of existing receivables: what was taken over, and each row left out with its reason. */
export const AR_IMPORT_SKIP_REASONS = ['exists', 'duplicate_in_file', 'invalid', 'totals_mismatch'] as const;
export const arImportResultSchema = z.object({
  created: z.number().int(),
  /** Customers Kontor did not know yet, created with their AR number. */
  createdCustomers: z.number().int(),
  skipped: z.array(
    z.object({
      row: z.number().int(),
      invoiceNumber: z.string(),
      reason: z.enum(AR_IMPORT_SKIP_REASONS),
      /** For totals_mismatch: the difference in minor units (stated total minus computed). */
      difference: z.number().int().optional(),
      /** For invalid: the field that could not be read. */
      field: z.string().optional(),
    }),
  ),
});
export type ArImportResult = z.infer<typeof arImportResultSchema>;
