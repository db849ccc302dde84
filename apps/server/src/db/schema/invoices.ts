import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { BankMatchingStatus, InvoiceStatus, InvoiceType, OcrStatus } from '@kontor/domain';
import { orgColumn } from './columns';

const money = (name: string) => bigint(name, { mode: 'number' });

/** Supplier invoices (SPEC §3). Money in minor units, rates in basis points, dates as dates. */
export const invoices = pgTable(
  'invoices',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    status: text('status').$type<InvoiceStatus>().notNull().default('new'),
    ocrStatus: text('ocr_status').$type<OcrStatus>().notNull().default('none'),
    type: text('type').$type<InvoiceType>().notNull().default('invoice'),
    counterpartyId: uuid('counterparty_id'),
    counterpartyName: text('counterparty_name'),
    /**
     * The counterparty name folded as a German reader compares names (counterparty_search_text:
     * any case, Ö as O, ß as ss): what the overview sorts by and its search compares (migration 0032).
     */
    counterpartySearchName: text('counterparty_search_name').generatedAlwaysAs(sql`counterparty_search_text(counterparty_name)`),
    counterpartyIban: text('counterparty_iban'),
    counterpartyBic: text('counterparty_bic'),
    counterpartyVat: text('counterparty_vat'),
    invoiceNumber: text('invoice_number'),
    purchaseOrder: text('purchase_order'),
    date: date('date'),
    dueDate: date('due_date'),
    billingPeriodStart: date('billing_period_start'),
    billingPeriodEnd: date('billing_period_end'),
    netAmount: money('net_amount'),
    taxAmount: money('tax_amount'),
    totalAmount: money('total_amount'),
    /** What bank lines paid of it (issue 62), skonto and tolerated differences included. */
    matchedAmount: money('matched_amount').notNull().default(0),
    matchingStatus: text('matching_status').$type<BankMatchingStatus>().notNull().default('not_matched'),
    currency: text('currency'),
    skontoRate: integer('skonto_rate'),
    skontoAmount: money('skonto_amount'),
    skontoDate: date('skonto_date'),
    skontoIgnoreDeadline: boolean('skonto_ignore_deadline').notNull().default(false),
    paymentTerms: text('payment_terms'),
    notes: text('notes'),
    shouldCreateTransaction: boolean('should_create_transaction').notNull().default(true),
    alreadyPaid: boolean('already_paid').notNull().default(false),
    alreadyPaidDate: date('already_paid_date'),
    costCenterId: uuid('cost_center_id'),
    costCenter2Id: uuid('cost_center2_id'),
    ledgerAccountId: uuid('ledger_account_id'),
    taxRate: integer('tax_rate'),
    taxKeyId: uuid('tax_key_id'),
    remittanceInformation: text('remittance_information'),
    debitorBankAccountId: uuid('debitor_bank_account_id'),
    cancelReason: text('cancel_reason'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    emailSender: text('email_sender'),
    emailSubject: text('email_subject'),
    emailReceivedAt: timestamp('email_received_at', { withTimezone: true }),
    uploadedBy: uuid('uploaded_by'),
    // Kept by triggers (migration 0044) for the overview, which would otherwise probe another
    // table for each row of a page: the document's file name (invoice_files) and the open
    // approval request's step progress (approval_requests; see approvalProgressOf).
    documentFileName: text('document_file_name'),
    approvalProgress: integer('approval_progress').array(),
    /**
     * Accounting export (issue 41): the download job writing the invoice right now (its claim: a
     * second export of it is refused, edits wait), and the last finished export. Once exported,
     * the booked fields are locked by a trigger (migration 0048, GoBD).
     */
    exportingJobId: uuid('exporting_job_id'),
    lastExportId: uuid('last_export_id'),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('invoices_status_due_idx').on(table.organizationId, table.status, table.dueDate, table.id),
    index('invoices_status_created_idx').on(table.organizationId, table.status, table.createdAt, table.id),
    // Every sort of the overview pages by (org, status, sort value, id) keyset on an index.
    index('invoices_status_date_idx').on(table.organizationId, table.status, table.date, table.id),
    index('invoices_status_total_idx').on(table.organizationId, table.status, table.totalAmount, table.id),
    index('invoices_status_name_idx').on(table.organizationId, table.status, table.counterpartySearchName, table.id),
    index('invoices_status_number_idx').on(table.organizationId, table.status, table.invoiceNumber, table.id),
    index('invoices_uploaded_by_idx').on(table.organizationId, table.uploadedBy),
    // Serves the counterparty filter and search as an index-only scan: status, uploader and the id
    // the search answers are all in the index.
    index('invoices_counterparty_status_idx').on(
      table.organizationId,
      table.counterpartyId,
      table.status,
      table.uploadedBy,
      table.id,
    ),
    index('invoices_total_idx').on(table.organizationId, table.totalAmount),
  ],
);

const invoiceReference = (table: { organizationId: AnyPgColumn; invoiceId: AnyPgColumn }) =>
  foreignKey({
    columns: [table.organizationId, table.invoiceId],
    foreignColumns: [invoices.organizationId, invoices.id],
  }).onDelete('cascade');

/** The invoice document (first file) and further attachments, stored in file storage. */
export const invoiceFiles = pgTable(
  'invoice_files',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    invoiceId: uuid('invoice_id').notNull(),
    kind: text('kind').$type<'document' | 'attachment'>().notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    pages: integer('pages'),
    sha256: text('sha256').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    invoiceReference(table),
    index('invoice_files_invoice_idx').on(table.organizationId, table.invoiceId),
  ],
);

export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    organizationId: orgColumn(),
    invoiceId: uuid('invoice_id').notNull(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    unit: text('unit'),
    unitPrice: money('unit_price').notNull(),
    totalPrice: money('total_price').notNull(),
    taxRate: integer('tax_rate'),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.invoiceId, table.position] }), invoiceReference(table)],
);

/** Split lines (SPEC §3 partialAmount): parts of the total with their own accounting. */
export const invoiceSplits = pgTable(
  'invoice_splits',
  {
    organizationId: orgColumn(),
    invoiceId: uuid('invoice_id').notNull(),
    position: integer('position').notNull(),
    amount: money('amount').notNull(),
    costCenterId: uuid('cost_center_id'),
    costCenter2Id: uuid('cost_center2_id'),
    ledgerAccountId: uuid('ledger_account_id'),
    taxKeyId: uuid('tax_key_id'),
    note: text('note'),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.invoiceId, table.position] }), invoiceReference(table)],
);

export const invoiceComments = pgTable(
  'invoice_comments',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    invoiceId: uuid('invoice_id').notNull(),
    authorId: uuid('author_id'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    invoiceReference(table),
    index('invoice_comments_invoice_idx').on(table.organizationId, table.invoiceId, table.createdAt),
  ],
);

/**
 * Invoices per status and uploader, kept by statement-level triggers on invoices (migration 0007):
 * the overview's tab counts read a handful of rows instead of counting 250,000 invoices.
 */
export const invoiceStatusCounts = pgTable(
  'invoice_status_counts',
  {
    organizationId: orgColumn(),
    status: text('status').$type<InvoiceStatus>().notNull(),
    /** The uploader, or the nil UUID for invoices nobody uploaded (e-mail import, API). */
    uploadedBy: uuid('uploaded_by').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.status, table.uploadedBy] })],
);
