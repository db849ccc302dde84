import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  DocumentPayment,
  DuplicateCandidate,
  EInvoiceRuleWarning,
  FormalInvoiceItem,
  ProposedCounterparty,
  ReadFieldMark,
  ReadingKind,
} from '@kontor/domain';
import { orgColumn } from './columns';
import { invoices } from './invoices';

/**
 * What reading an invoice's document found (Invoice reading issue): one row per invoice, written
 * by the reading job. Progress lives here too, so the overview can show it while the job runs.
 */
export const invoiceReadings = pgTable(
  'invoice_readings',
  {
    organizationId: orgColumn(),
    invoiceId: uuid('invoice_id').notNull(),
    kind: text('kind').$type<ReadingKind>(),
    profile: text('profile'),
    progress: integer('progress').notNull().default(0),
    errorCode: text('error_code'),
    fields: jsonb('fields').$type<Record<string, ReadFieldMark>>().notNull().default({}),
    proposedCounterparty: jsonb('proposed_counterparty').$type<ProposedCounterparty>(),
    duplicates: jsonb('duplicates').$type<DuplicateCandidate[]>().notNull().default([]),
    hybridMismatches: text('hybrid_mismatches').array().$type<('iban' | 'total')[]>().notNull().default([]),
    missingFormalItems: text('missing_formal_items').array().$type<FormalInvoiceItem[]>().notNull().default([]),
    unsupportedCurrency: text('unsupported_currency'),
    /** What the document says about paying it (its account, payee, means); null when it says nothing. */
    payment: jsonb('payment').$type<DocumentPayment>(),
    ruleWarnings: jsonb('rule_warnings').$type<EInvoiceRuleWarning[]>().notNull().default([]),
    readAt: timestamp('read_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.invoiceId] }),
    foreignKey({
      columns: [table.organizationId, table.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }).onDelete('cascade'),
  ],
);

/** Each received import e-mail: the invoices it became and the attachments that could not (SPEC §8). */
export const emailImports = pgTable(
  'email_imports',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    sender: text('sender').notNull(),
    subject: text('subject').notNull(),
    messageId: text('message_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    invoiceIds: uuid('invoice_ids').array().notNull().default([]),
    rejected: jsonb('rejected')
      .$type<{ fileName: string; reason: string; params?: Record<string, string | number> }[]>()
      .notNull()
      .default([]),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('email_imports_received_idx').on(table.organizationId, table.receivedAt),
  ],
);
