import { sql } from 'drizzle-orm';
import {
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
import type { ReminderEmailEvent, ReminderSkipReason, ReminderStatus, ReminderType } from '@kontor/domain';
import { orgColumn } from './columns';
import { arInvoices } from './receivables';

/**
 * Payment reminder templates (issue 66): one per interval of days after the due date (SPEC §5:
 * "a template with this interval already exists" is the unique index).
 */
export const reminderTemplates = pgTable(
  'reminder_templates',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    intervalDays: integer('interval_days').notNull(),
    subject: text('subject').notNull(),
    header: text('header').notNull().default(''),
    footer: text('footer').notNull().default(''),
    type: text('type').$type<ReminderType>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('reminder_templates_interval_idx').on(table.organizationId, table.intervalDays),
  ],
);

/**
 * Every reminder of a receivable, sent or skipped. The daily run sends each receivable and
 * template at most once: the partial unique index is what makes it idempotent under retries and
 * several workers (an insert that loses the race sends nothing). The template's interval, type
 * and subject are copied: the record stays true when the template changes or goes.
 */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    arInvoiceId: uuid('ar_invoice_id').notNull(),
    templateId: uuid('template_id'),
    intervalDays: integer('interval_days'),
    type: text('type').$type<ReminderType>(),
    origin: text('origin').$type<'automatic' | 'manual'>().notNull(),
    status: text('status').$type<ReminderStatus>().notNull(),
    skipReason: text('skip_reason').$type<ReminderSkipReason>(),
    recipients: text('recipients')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subject: text('subject'),
    mailId: uuid('mail_id'),
    /** Secret of the open pixel and tracked links (unguessable, not the id). */
    trackingToken: text('tracking_token'),
    events: jsonb('events').$type<{ event: ReminderEmailEvent; at: string }[]>().notNull().default([]),
    /** The business day of an automatic reminder in the organisation's time zone. */
    runDate: date('run_date'),
    sentBy: uuid('sent_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('payment_reminders_once_idx')
      .on(table.organizationId, table.arInvoiceId, table.templateId)
      .where(sql`origin = 'automatic'`),
    index('payment_reminders_invoice_idx').on(table.organizationId, table.arInvoiceId, table.createdAt),
    uniqueIndex('payment_reminders_token_idx').on(table.trackingToken),
    uniqueIndex('payment_reminders_mail_idx').on(table.mailId),
    foreignKey({
      name: 'payment_reminders_invoice_fk',
      columns: [table.organizationId, table.arInvoiceId],
      foreignColumns: [arInvoices.organizationId, arInvoices.id],
    }),
  ],
);
