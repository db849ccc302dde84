import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DownloadJobKind, DownloadJobStatus, ExportFormat, ExportSelection, ExportSource, ExportType } from '@kontor/domain';
import { orgColumn } from './columns';

/** The organisation's accounting-export settings (issue 41 item 2): one row, made on first save. */
export const exportSettings = pgTable('export_settings', {
  organizationId: orgColumn().primaryKey(),
  defaultFormat: text('default_format').$type<ExportFormat>().notNull(),
  defaultType: text('default_type').$type<ExportType>().notNull(),
  datevConsultantNumber: integer('datev_consultant_number'),
  datevClientNumber: integer('datev_client_number'),
  fiscalYearStartMonth: integer('fiscal_year_start_month').notNull(),
  accountLength: integer('account_length').notNull(),
  datevChart: text('datev_chart').$type<'03' | '04'>(),
  datevLockBookings: boolean('datev_lock_bookings').notNull(),
  bmdClientNumber: text('bmd_client_number'),
  bmdInvoiceSymbol: text('bmd_invoice_symbol').notNull(),
  bmdPaymentSymbol: text('bmd_payment_symbol').notNull(),
  rzlClientNumber: text('rzl_client_number'),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Download jobs (SPEC §3 §4): an accounting export from its start to its file. The job holds what
 * was asked (selection, format, type, rates) so that a retried worker writes the same file; the
 * file is offered only once the job is completed (its key is set in the same statement).
 */
export const downloadJobs = pgTable(
  'download_jobs',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').$type<DownloadJobKind>().notNull(),
    status: text('status').$type<DownloadJobStatus>().notNull().default('processing'),
    source: text('source').$type<ExportSource>().notNull(),
    format: text('format').$type<ExportFormat>().notNull(),
    type: text('type').$type<ExportType>().notNull(),
    exportAgain: boolean('export_again').notNull().default(false),
    selection: jsonb('selection').$type<ExportSelection>().notNull(),
    /** The requester's language: Kontor CSV headings, index and file names follow it. */
    locale: text('locale').$type<'de' | 'en'>().notNull().default('de'),
    exchangeRates: jsonb('exchange_rates').$type<Record<string, string>>().notNull().default({}),
    paymentRunId: uuid('payment_run_id'),
    itemCount: integer('item_count').notNull().default(0),
    doneCount: integer('done_count').notNull().default(0),
    bookingCount: integer('booking_count'),
    /** Invoices left out (a payment run: documents left out) because their document was gone from storage. */
    missingDocumentCount: integer('missing_document_count').notNull().default(0),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    fileSha256: text('file_sha256'),
    contentType: text('content_type'),
    failureCode: text('failure_code'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('download_jobs_creator_idx').on(table.organizationId, table.createdBy, table.createdAt),
    index('download_jobs_kind_created_idx').on(table.organizationId, table.kind, table.createdAt, table.id),
    index('download_jobs_processing_idx')
      .on(table.organizationId, table.createdAt)
      .where(sql`status = 'processing'`),
  ],
);

/** What an export holds, in file order: its invoices, or a payment run's payments. */
export const downloadJobItems = pgTable(
  'download_job_items',
  {
    organizationId: orgColumn(),
    jobId: uuid('job_id').notNull(),
    position: integer('position').notNull(),
    invoiceId: uuid('invoice_id'),
    transactionId: uuid('transaction_id'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.jobId, table.position] }),
    index('download_job_items_invoice_idx').on(table.organizationId, table.invoiceId),
  ],
);

/** Personal accounts already sent to a format (BMD Personenkonten): later exports send only new ones. */
export const exportedCounterparties = pgTable(
  'exported_counterparties',
  {
    organizationId: orgColumn(),
    format: text('format').$type<ExportFormat>().notNull(),
    counterpartyId: uuid('counterparty_id').notNull(),
    firstJobId: uuid('first_job_id').notNull(),
    exportedAt: timestamp('exported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.format, table.counterpartyId] })],
);
