import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReceivableStatus } from '@kontor/domain';
import { orgColumn } from './columns';
import { counterparties } from './master-data';

const money = (name: string) => bigint(name, { mode: 'number' });

export interface StoredTaxLine {
  rate: number;
  basis: number;
  tax: number;
}

/**
 * Outgoing invoices and credit notes (issue 64, SPEC §1 accounts receivable). A draft has no
 * number yet; issuing gives it the next number of the organisation's sequence in the same
 * transaction (no gaps, no doubles: ar_invoice_numbering is locked). Amounts are computed from
 * the lines (packages/domain receivable-amounts) and stored with the tax per rate.
 */
export const arInvoices = pgTable(
  'ar_invoices',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    version: integer('version').notNull().default(1),
    type: text('type').$type<'invoice' | 'credit_note'>().notNull(),
    status: text('status').$type<ReceivableStatus>().notNull(),
    invoiceNumber: text('invoice_number'),
    counterpartyId: uuid('counterparty_id').notNull(),
    invoiceDate: date('invoice_date').notNull(),
    dueDate: date('due_date').notNull(),
    servicePeriodStart: date('service_period_start'),
    servicePeriodEnd: date('service_period_end'),
    currency: text('currency').notNull().default('EUR'),
    netAmount: money('net_amount').notNull(),
    taxAmount: money('tax_amount').notNull(),
    totalAmount: money('total_amount').notNull(),
    taxBreakdown: jsonb('tax_breakdown').$type<StoredTaxLine[]>().notNull().default([]),
    paidAmount: money('paid_amount').notNull().default(0),
    paidOn: date('paid_on'),
    /**
     * When it became paid in full (set by the trigger ar_invoices_paid_at on every path that
     * changes the status; null again when it is not paid): the digest's "paid yesterday" reads
     * this, not the payment date, which a bank import may bring in days later.
     */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    notes: text('notes'),
    paymentTermDays: integer('payment_term_days'),
    skontoRate: integer('skonto_rate'),
    skontoDays: integer('skonto_days'),
    correctedInvoiceId: uuid('corrected_invoice_id'),
    cancelReason: text('cancel_reason'),
    /** Where `restore` takes a canceled receivable back to (draft or outstanding). */
    statusBeforeCancel: text('status_before_cancel').$type<ReceivableStatus>(),
    /**
     * The PDF (ZUGFeRD) as last made, and the version of the receivable it shows: served again
     * while the receivable is unchanged, so the document a customer received stays the same
     * even after the company details change.
     */
    documentKey: text('document_key'),
    documentVersion: integer('document_version'),
    /** When the invoice was last sent by e-mail. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('ar_invoices_number_idx')
      .on(table.organizationId, table.invoiceNumber)
      .where(sql`invoice_number is not null`),
    // The overview's tabs: open receivables by due date, paid ones by payment date.
    index('ar_invoices_status_due_idx').on(table.organizationId, table.status, table.dueDate),
    index('ar_invoices_paid_at_idx')
      .on(table.organizationId, table.paidAt)
      .where(sql`paid_at is not null`),
    index('ar_invoices_date_idx').on(table.organizationId, table.invoiceDate),
    index('ar_invoices_counterparty_idx').on(table.organizationId, table.counterpartyId),
    check('ar_invoices_paid_check', sql`paid_amount >= 0`),
    foreignKey({
      name: 'ar_invoices_counterparty_fk',
      columns: [table.organizationId, table.counterpartyId],
      foreignColumns: [counterparties.organizationId, counterparties.id],
    }),
    foreignKey({
      name: 'ar_invoices_corrected_fk',
      columns: [table.organizationId, table.correctedInvoiceId],
      foreignColumns: [table.organizationId, table.id],
    }),
  ],
);

export const arInvoiceLines = pgTable(
  'ar_invoice_lines',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    arInvoiceId: uuid('ar_invoice_id').notNull(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    /** Up to three decimals (0.025 l), exact. */
    quantity: numeric('quantity', { precision: 15, scale: 3 }).notNull(),
    unit: text('unit'),
    unitPrice: money('unit_price').notNull(),
    taxRate: integer('tax_rate').notNull(),
    netAmount: money('net_amount').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('ar_invoice_lines_position_idx').on(table.organizationId, table.arInvoiceId, table.position),
    foreignKey({
      name: 'ar_invoice_lines_invoice_fk',
      columns: [table.organizationId, table.arInvoiceId],
      foreignColumns: [arInvoices.organizationId, arInvoices.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The organisation's sequence of outgoing invoice numbers ("RE-10000", "RE-10001" …): one row per
 * organisation, locked while a number is given so that concurrent issues neither skip nor repeat.
 */
export const arInvoiceNumbering = pgTable('ar_invoice_numbering', {
  organizationId: orgColumn().primaryKey(),
  prefix: text('prefix').notNull().default('RE-'),
  nextNumber: bigint('next_number', { mode: 'number' }).notNull().default(10000),
});
