import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Permission, Role } from '@kontor/domain';
import { orgColumn } from './columns';

/**
 * Invitations to an organisation by e-mail (issue 67, SPEC §3 team invitation). The link carries
 * a random token; only its SHA-256 is stored, so the table cannot be turned into working links.
 * Expired is not stored: a pending invitation whose `expires_at` passed. At most one pending
 * invitation per address and organisation (the partial unique index).
 */
export const invitations = pgTable(
  'invitations',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    /** Lower case: addresses are compared without case. */
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    permissions: text('permissions')
      .array()
      .$type<Permission[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').$type<'pending' | 'accepted' | 'revoked'>().notNull().default('pending'),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedBy: uuid('accepted_by'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    mailId: uuid('mail_id'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('invitations_token_idx').on(table.tokenHash),
    uniqueIndex('invitations_pending_email_idx')
      .on(table.organizationId, table.email)
      .where(sql`status = 'pending'`),
    index('invitations_created_idx').on(table.organizationId, table.createdAt),
  ],
);
