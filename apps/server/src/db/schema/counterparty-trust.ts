import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  EmailVerificationResult,
  EmailVerificationStatus,
  ExecutiveDecision,
  ExecutiveVerificationOutcome,
} from '@kontor/domain';
import { orgColumn } from './columns';

// Keys are named explicitly: the generated names pass PostgreSQL's 63 characters and collide when cut.
import { counterparties } from './master-data';

/**
 * Bank-account verification by e-mail (SPEC §4, issue 6 item 4): one row per run. The IBAN is a
 * snapshot taken at start; the token is stored only as its SHA-256 hash (the link carries the
 * token itself), globally unique so the public page finds the run before it knows the tenant.
 * A resend replaces token_hash and token_expires_at; token_used_at makes the link single-use.
 */
export const counterpartyEmailVerifications = pgTable(
  'counterparty_email_verifications',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    counterpartyId: uuid('counterparty_id').notNull(),
    /** The bank account whose IBAN is verified; null once that account was removed (the run stays in the history). */
    bankAccountId: uuid('bank_account_id'),
    iban: text('iban').notNull(),
    email: text('email').notNull(),
    status: text('status').$type<EmailVerificationStatus>().notNull(),
    result: text('result').$type<EmailVerificationResult>(),
    submittedIban: text('submitted_iban'),
    tokenHash: text('token_hash').notNull(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    tokenUsedAt: timestamp('token_used_at', { withTimezone: true }),
    /** The invitation in mail_outbox (delivery status comes from there). */
    mailId: uuid('mail_id'),
    requestedBy: uuid('requested_by'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      name: 'cp_email_verifications_counterparty_fk',
      columns: [table.organizationId, table.counterpartyId],
      foreignColumns: [counterparties.organizationId, counterparties.id],
    }).onDelete('cascade'),
    uniqueIndex('counterparty_email_verifications_token_uq').on(table.tokenHash),
    index('counterparty_email_verifications_cp_idx').on(table.organizationId, table.counterpartyId, table.createdAt),
  ],
);

/**
 * Executive verification (SPEC §4 §6, issue 6 item 5): named verifiers from the team approve or
 * reject one bank account's IBAN; `required_approvals` is fixed at request time from the
 * organisation's policy, so changing the policy never changes a verification under way.
 */
export const counterpartyExecutiveVerifications = pgTable(
  'counterparty_executive_verifications',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    counterpartyId: uuid('counterparty_id').notNull(),
    bankAccountId: uuid('bank_account_id'),
    iban: text('iban').notNull(),
    requiredApprovals: integer('required_approvals').notNull(),
    outcome: text('outcome').$type<ExecutiveVerificationOutcome>().notNull().default('pending'),
    requestedBy: uuid('requested_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      name: 'cp_exec_verifications_counterparty_fk',
      columns: [table.organizationId, table.counterpartyId],
      foreignColumns: [counterparties.organizationId, counterparties.id],
    }).onDelete('cascade'),
    index('counterparty_executive_verifications_cp_idx').on(table.organizationId, table.counterpartyId, table.createdAt),
  ],
);

/** One named verifier of an executive verification and their decision. */
export const counterpartyExecutiveVerifiers = pgTable(
  'counterparty_executive_verifiers',
  {
    organizationId: orgColumn(),
    verificationId: uuid('verification_id').notNull(),
    userId: uuid('user_id').notNull(),
    decision: text('decision').$type<ExecutiveDecision>().notNull().default('request_sent'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: 'cp_exec_verifiers_pk', columns: [table.organizationId, table.verificationId, table.userId] }),
    foreignKey({
      name: 'cp_exec_verifiers_verification_fk',
      columns: [table.organizationId, table.verificationId],
      foreignColumns: [counterpartyExecutiveVerifications.organizationId, counterpartyExecutiveVerifications.id],
    }).onDelete('cascade'),
    // "Waiting for me": the open requests of one verifier.
    index('counterparty_executive_verifiers_user_idx')
      .on(table.organizationId, table.userId)
      .where(sql`decision = 'request_sent'`),
  ],
);

export type CounterpartyImportStatus = 'uploaded' | 'running' | 'done' | 'failed';

/** One row's outcome of a counterparty import (issue 6 item 8); row numbers are 1-based data rows of the file. */
export interface StoredImportRowResult {
  row: number;
  outcome: 'created' | 'skipped';
  counterpartyId?: string;
  name?: string;
  /** Translation keys with parameters, so the result reads in the viewer's language. */
  problems?: { field: string; code: string; params?: Record<string, string | number> }[];
}

/**
 * A counterparty import (CSV or XLSX, issue 6 item 8): the uploaded file lives in storage; the
 * mapping is chosen after the preview; a job creates the rows and reports progress here.
 */
export const counterpartyImports = pgTable(
  'counterparty_imports',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    format: text('format').$type<'csv' | 'xlsx'>().notNull(),
    status: text('status').$type<CounterpartyImportStatus>().notNull().default('uploaded'),
    /** Field key → column index of the file, set when the user starts the import. */
    mapping: jsonb('mapping').$type<Record<string, number>>(),
    totalRows: integer('total_rows'),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    results: jsonb('results').$type<StoredImportRowResult[]>(),
    /** Why the whole import failed (unreadable file, plan limit), as an error code. */
    failureCode: text('failure_code'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('counterparty_imports_created_idx').on(table.organizationId, table.createdAt),
  ],
);
