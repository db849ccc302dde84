import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AccessExpiry, BankConnectionStatus } from '@kontor/domain';
import { orgColumn } from './columns';

/** An account the consent covers as the provider described it when the consent came back. */
export interface StoredOfferedAccount {
  id: string;
  iban: string;
  name: string;
  ownerName: string | null;
  currency: string;
  balance: number | null;
  balanceDate: string | null;
}

/**
 * Bank connections (issue 60, SPEC §2 settings/bank-accounts): one consent at one bank. Its
 * connected accounts are company bank accounts (`company_bank_accounts.bank_connection_id`); the
 * row stays after a disconnect (status `disconnected`) so the accounts' history keeps its origin.
 */
export const bankConnections = pgTable(
  'bank_connections',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    /** Which provider holds the consent (BANK_PROVIDER when it was made). */
    provider: text('provider').$type<'sandbox' | 'gocardless'>().notNull(),
    institutionId: text('institution_id').notNull(),
    institutionName: text('institution_name').notNull(),
    country: text('country').notNull(),
    /** The provider's consent (GoCardless: requisition) in force, or being given. */
    consentId: text('consent_id').notNull(),
    /** A renewal's new consent while the person gives it; the old one stays in force meanwhile. */
    renewalConsentId: text('renewal_consent_id'),
    status: text('status').$type<BankConnectionStatus>().notNull().default('pending_consent'),
    accessValidUntil: timestamp('access_valid_until', { withTimezone: true }),
    /** The single-use part of the signed state the bank sends back; null once used. */
    stateNonce: text('state_nonce'),
    /** The accounts the granted consent covers, read once at the callback (providers limit reads per day). */
    offeredAccounts: jsonb('offered_accounts').$type<StoredOfferedAccount[]>(),
    /** The last access warning mailed, and for which validity: each threshold once per validity. */
    accessWarning: text('access_warning').$type<Exclude<AccessExpiry, 'ok'>>(),
    accessWarningValidUntil: timestamp('access_warning_valid_until', { withTimezone: true }),
    createdBy: uuid('created_by'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('bank_connections_created_idx').on(table.organizationId, table.createdAt),
  ],
);

/**
 * The built-in sandbox bank's consents (issue 60). Not a tenant table: this is "the bank's" own
 * state, which it keeps apart from Kontor's and reaches only as the owner. In PostgreSQL rather
 * than memory because several api processes serve the sandbox behind one port.
 */
export const sandboxBankConsents = pgTable('sandbox_bank_consents', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: text('institution_id').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  reference: text('reference').notNull(),
  status: text('status').$type<'pending' | 'granted' | 'denied'>().notNull().default('pending'),
  validForDays: integer('valid_for_days').notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
