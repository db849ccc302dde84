import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** A file a queued mail carries: kept in the file storage, read when the mail is delivered. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  storageKey: string;
  size: number;
}

/** Append-only trace of every change (SPEC §3 activity log), written in the changing transaction. */
export const activityLog = pgTable(
  'activity_log',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigserial('id', { mode: 'number' }).notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    actorType: text('actor_type').$type<'user' | 'api_key' | 'system'>().notNull(),
    actorId: text('actor_id'),
    changes: jsonb('changes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('activity_log_entity_idx').on(table.organizationId, table.entityType, table.entityId, table.createdAt),
  ],
);

/**
 * Every outgoing e-mail goes through this outbox: written in the business transaction,
 * delivered by a job (SMTP when configured), readable in the local mailbox otherwise.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id'),
    toAddresses: text('to_addresses').array().notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    template: text('template'),
    /** Sent as List-Unsubscribe with one-click (RFC 8058): mail programs show an unsubscribe button. */
    unsubscribeUrl: text('unsubscribe_url'),
    /** Files stored in the file storage, attached when the mail is delivered. */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status').$type<'queued' | 'sent' | 'captured' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_org_idx').on(table.organizationId, table.createdAt),
    index('mail_outbox_status_idx').on(table.status),
  ],
);

/**
 * The processes that run jobs, each with the ids of the jobs it is running and a beat it renews
 * every few seconds (plugins/job-liveness.ts): a job no live process claims is retried at once,
 * instead of when pg-boss's expiry runs out. Only the owner's connection reads it (no tenant data).
 */
export const jobWorkers = pgTable('job_workers', {
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  jobIds: uuid('job_ids').array().notNull().default([]),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
});
