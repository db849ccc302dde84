import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AnalysisFlag,
  BankFileImportKind,
  BankFileImportStatus,
  PaymentHistorySource,
  PaymentRunOrigin,
  PaymentRunStatus,
  PostalAddress,
  SepaFormat,
  StoredBankFileImportProblem,
  TransactionAnalysisStatus,
  TransactionOrigin,
  TransactionStatus,
} from '@kontor/domain';
import { orgColumn } from './columns';
import { invoices } from './invoices';

const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * Payment runs (SPEC §3 §4): a group of transactions approved through a payment-run approval flow
 * and exported once as a SEPA pain.001 file. The file is stored at its first export so that every
 * later download returns the same bytes (issue 7 item 4).
 */
export const paymentRuns = pgTable(
  'payment_runs',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    /** Per organisation, from 1: "PR-12" in the interface and the SEPA message id. */
    number: integer('number').notNull(),
    name: text('name'),
    status: text('status').$type<PaymentRunStatus>().notNull().default('draft'),
    origin: text('origin').$type<PaymentRunOrigin>().notNull().default('manual'),
    /** The business day an automatic run was created for: one automatic run per day, even when the job runs twice. */
    automaticRunDate: date('automatic_run_date'),
    createdBy: uuid('created_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    exportedBy: uuid('exported_by'),
    exportFormat: text('export_format').$type<SepaFormat>(),
    exportMessageId: text('export_message_id'),
    exportFileKey: text('export_file_key'),
    exportFileName: text('export_file_name'),
    exportFileSha256: text('export_file_sha256'),
    /** The accounting export of its payments (issue 41), as on invoices: the running one and the last. */
    exportingJobId: uuid('exporting_job_id'),
    lastAccountingExportId: uuid('last_accounting_export_id'),
    accountingExportedAt: timestamp('accounting_exported_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('payment_runs_number_uq').on(table.organizationId, table.number),
    uniqueIndex('payment_runs_automatic_date_uq')
      .on(table.organizationId, table.automaticRunDate)
      .where(sql`automatic_run_date is not null`),
    index('payment_runs_status_created_idx').on(table.organizationId, table.status, table.createdAt),
  ],
);

/**
 * Transactions (payments, SPEC §3): created from approved invoices, by hand or by a pain.001
 * import. The payment status and the fraud analysis are two machines (packages/domain/payments).
 * Debitor and creditor are copied at creation: the payment says what will be paid even when the
 * company account or the counterparty changes later.
 */
export const transactions = pgTable(
  'transactions',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    status: text('status').$type<TransactionStatus>().notNull().default('open'),
    origin: text('origin').$type<TransactionOrigin>().notNull(),
    invoiceId: uuid('invoice_id'),
    counterpartyId: uuid('counterparty_id'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    requestedExecutionDate: date('requested_execution_date').notNull(),
    bookingDate: date('booking_date'),
    endToEndId: text('end_to_end_id').notNull(),
    remittanceInformation: text('remittance_information'),
    method: text('method').$type<'sepa_credit_transfer'>().notNull().default('sepa_credit_transfer'),
    skontoApplied: boolean('skonto_applied').notNull().default(false),
    skontoDiscount: money('skonto_discount').notNull().default(0),
    debitorBankAccountId: uuid('debitor_bank_account_id'),
    debitorName: text('debitor_name').notNull(),
    debitorIban: text('debitor_iban').notNull(),
    debitorBic: text('debitor_bic'),
    debitorAddress: jsonb('debitor_address').$type<PostalAddress>(),
    creditorName: text('creditor_name').notNull(),
    creditorIban: text('creditor_iban').notNull(),
    creditorBic: text('creditor_bic'),
    creditorAddress: jsonb('creditor_address').$type<PostalAddress>(),
    notes: text('notes'),
    cancelReason: text('cancel_reason'),
    archiveReason: text('archive_reason'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedBy: uuid('archived_by'),
    paymentRunId: uuid('payment_run_id'),
    analysisStatus: text('analysis_status').$type<TransactionAnalysisStatus>().notNull().default('not_verified'),
    analysisFlags: jsonb('analysis_flags').$type<AnalysisFlag[]>().notNull().default([]),
    analysisNote: text('analysis_note'),
    analysedAt: timestamp('analysed_at', { withTimezone: true }),
    analysisDecidedBy: uuid('analysis_decided_by'),
    analysisDecidedAt: timestamp('analysis_decided_at', { withTimezone: true }),
    /** The pain.001 import that created it. */
    importId: uuid('import_id'),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    // An invoice that is still linked cannot be deleted; its reset deletes the transaction first.
    foreignKey({
      name: 'transactions_invoice_fk',
      columns: [table.organizationId, table.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }),
    foreignKey({
      name: 'transactions_payment_run_fk',
      columns: [table.organizationId, table.paymentRunId],
      foreignColumns: [paymentRuns.organizationId, paymentRuns.id],
    }),
    // One transaction per invoice: approving twice (or a retried request) never creates a second payment.
    uniqueIndex('transactions_invoice_uq')
      .on(table.organizationId, table.invoiceId)
      .where(sql`invoice_id is not null`),
    // The list pages by (status, requested execution date, id); the dashboard reads dates per status.
    index('transactions_status_date_idx').on(table.organizationId, table.status, table.requestedExecutionDate, table.id),
    index('transactions_run_idx')
      .on(table.organizationId, table.paymentRunId)
      .where(sql`payment_run_id is not null`),
    // Analysis: payments to the same IBAN / duplicates (same creditor, amount and remittance).
    index('transactions_creditor_iban_idx').on(table.organizationId, table.creditorIban, table.amount),
    index('transactions_counterparty_idx').on(table.organizationId, table.counterpartyId, table.createdAt),
    // Exported payments the bank has not booked yet: what an outgoing bank line is compared with (issue 61).
    index('transactions_unbooked_idx')
      .on(table.organizationId, table.endToEndId)
      .where(sql`status = 'exported' and booking_date is null`),
    index('transactions_unbooked_iban_idx')
      .on(table.organizationId, table.creditorIban, table.amount)
      .where(sql`status = 'exported' and booking_date is null`),
  ],
);

/**
 * Payments that already left the company (trusted history, SPEC §5 §9): from camt.053 statements
 * and pain.001 files uploaded as history, and from exported transactions. The fraud checks read it
 * ("IBAN never paid before", "amount far above its history"). Re-importing a file adds nothing:
 * each entry has a key derived from its content.
 */
export const paymentHistory = pgTable(
  'payment_history',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    entryKey: text('entry_key').notNull(),
    source: text('source').$type<PaymentHistorySource>().notNull(),
    importId: uuid('import_id'),
    counterpartyId: uuid('counterparty_id'),
    creditorIban: text('creditor_iban').notNull(),
    creditorName: text('creditor_name'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    paidOn: date('paid_on'),
    remittanceInformation: text('remittance_information'),
    endToEndId: text('end_to_end_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('payment_history_entry_uq').on(table.organizationId, table.entryKey),
    index('payment_history_iban_idx').on(table.organizationId, table.creditorIban, table.paidOn),
    index('payment_history_counterparty_idx').on(table.organizationId, table.counterpartyId, table.paidOn),
  ],
);

/**
 * A bank-file upload (SPEC §5 §9): pain.001 as transactions, or camt.053 / pain.001 as trusted
 * history. The file lives in storage; a job streams it and reports progress and skipped entries here.
 */
export const bankFileImports = pgTable(
  'bank_file_imports',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').$type<BankFileImportKind>().notNull(),
    /** pain.001 or camt.053, recognised from the content. */
    format: text('format').$type<'pain.001' | 'camt.053'>(),
    /** The pain.001 message id (GrpHdr/MsgId), set when an import finishes: a repeated file is recognised by it. */
    messageId: text('message_id'),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    status: text('status').$type<BankFileImportStatus>().notNull().default('queued'),
    /** Progress: bytes of the file read so far (entries are unknown until the end). */
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    entryCount: integer('entry_count').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    /** Skipped entries and warnings with their reasons (the first 1,000; counts are complete). */
    problems: jsonb('problems').$type<StoredBankFileImportProblem[]>().notNull().default([]),
    failureCode: text('failure_code'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('bank_file_imports_created_idx').on(table.organizationId, table.createdAt),
    index('bank_file_imports_message_idx')
      .on(table.organizationId, table.kind, table.messageId)
      .where(sql`message_id is not null`),
  ],
);
