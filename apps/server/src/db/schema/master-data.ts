import { sql } from 'drizzle-orm';
import type { AccountSyncStatus, CounterpartyVerificationState, InvoiceLanguage, VatCheckState } from '@kontor/domain';
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
import { bankConnections } from './bank-connections';
import { orgColumn } from './columns';

const timestamps = {
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** KOST1 / KOST2 (SPEC §3): unique by code within a type. */
export const costCenters = pgTable(
  'cost_centers',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    type: integer('type').$type<1 | 2>().notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('cost_centers_code_uq').on(table.organizationId, table.type, table.code),
  ],
);

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('ledger_accounts_code_uq').on(table.organizationId, table.code),
  ],
);

/** Tax keys: the 14 system keys of SPEC §3 per organisation (locked but for the external code) and custom ones. */
export const taxKeys = pgTable(
  'tax_keys',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    externalCode: text('external_code'),
    type: text('type').$type<'SALE' | 'PURCHASE' | 'OTHER'>().notNull(),
    description: text('description'),
    rate: integer('rate'),
    isSystem: boolean('is_system').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('tax_keys_name_uq').on(table.organizationId, table.name),
  ],
);

/** The organisation's own bank accounts; the default debitor pays invoices. */
export const companyBankAccounts = pgTable(
  'company_bank_accounts',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    isDefaultDebitor: boolean('is_default_debitor').notNull().default(false),
    accessValidUntil: timestamp('access_valid_until', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** The G/L account the bank is booked on (DATEV Finanzkonto, e.g. 1200): the contra account of its payments. */
    ledgerAccountId: uuid('ledger_account_id'),
    /** The bank connection it is synced through (issue 60); null for master data only. */
    bankConnectionId: uuid('bank_connection_id'),
    /** The provider's id of the account under the connection's consent (a renewal may change it). */
    providerAccountId: text('provider_account_id'),
    syncStatus: text('sync_status').$type<AccountSyncStatus>(),
    /** An error code (errors.json) of the last failed sync. */
    syncError: text('sync_error'),
    /** Booked balance in minor units at the last sync, as the bank reported it. */
    balance: bigint('balance', { mode: 'number' }),
    balanceDate: date('balance_date'),
    /** Bank transactions the last sync added (issue 61). */
    lastSyncAdded: integer('last_sync_added'),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('company_bank_accounts_name_iban_uq').on(table.organizationId, table.name, table.iban),
    // One provider account, and one IBAN, is connected only once per organisation.
    uniqueIndex('company_bank_accounts_provider_account_uq')
      .on(table.organizationId, table.providerAccountId)
      .where(sql`provider_account_id is not null`),
    uniqueIndex('company_bank_accounts_connected_iban_uq')
      .on(table.organizationId, table.iban)
      .where(sql`bank_connection_id is not null`),
    index('company_bank_accounts_connection_idx').on(table.organizationId, table.bankConnectionId),
    foreignKey({
      name: 'company_bank_accounts_connection_fk',
      columns: [table.organizationId, table.bankConnectionId],
      foreignColumns: [bankConnections.organizationId, bankConnections.id],
    }),
  ],
);

/** Business partners (SPEC §3). The Counterparties module adds verification, trust history and merging. */
export const counterparties = pgTable(
  'counterparties',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    vatNumber: text('vat_number'),
    email: text('email'),
    description: text('description'),
    street: text('street'),
    city: text('city'),
    zip: text('zip'),
    country: text('country'),
    accountsPayableNumber: text('accounts_payable_number'),
    accountsReceivableNumber: text('accounts_receivable_number'),
    defaultLedgerAccountId: uuid('default_ledger_account_id'),
    isTrusted: boolean('is_trusted').notNull().default(false),
    markedTrustedAt: timestamp('marked_trusted_at', { withTimezone: true }),
    markedTrustedBy: uuid('marked_trusted_by'),
    paymentTermsDays: integer('payment_terms_days'),
    skontoDays: integer('skonto_days'),
    skontoRate: integer('skonto_rate'),
    paymentRemindersEnabled: boolean('payment_reminders_enabled').notNull().default(false),
    paymentReminderEmails: text('payment_reminder_emails').array(),
    /** XRechnung buyer reference of a public-sector customer (issue 65). */
    leitwegId: text('leitweg_id'),
    invoiceLanguage: text('invoice_language').$type<InvoiceLanguage>().notNull().default('de'),
    /**
     * Verified, pending, mismatch or unverified over the latest verification of each current bank
     * account: kept by triggers on the verification and bank-account tables (migration 0022).
     */
    verificationState: text('verification_state').$type<CounterpartyVerificationState>().notNull().default('unverified'),
    /** The VAT number check (SPEC §4): null without a VAT number; the VIES job moves it on. */
    vatCheck: jsonb('vat_check').$type<VatCheckState>(),
    /**
     * The name folded as a German reader compares names: Unicode lower case, accents and umlauts
     * dropped, ß as ss ("MÜLLER Straße" → "muller strasse"; the database's C locale would lower
     * ASCII only and sort Ö after Z). What search compares with LIKE and the list sorts by
     * (counterparty_search_text, migrations 0030 and 0032).
     */
    searchName: text('search_name').generatedAlwaysAs(sql`counterparty_search_text(name)`),
    /** Kept by triggers on counterparty_bank_accounts (migration 0030). */
    bankAccountCount: integer('bank_account_count').notNull().default(0),
    /** Invoices not cancelled, archived or exported: kept by triggers on invoices (migration 0030). */
    openInvoiceCount: integer('open_invoice_count').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('counterparties_name_idx').on(table.organizationId, table.name),
    // The list pages by (search_name, id) (keyset), and a search reads the names starting with it
    // as one range of this index (migration 0030).
    index('counterparties_search_name_idx').on(table.organizationId, table.searchName, table.id),
    // A search's IBAN part looks up each matching account's counterparty by id for its search
    // name. Migration 0036 adds INCLUDE (search_name): read from the index alone, this is the
    // cheapest path in the prepared statement's generic plan too, which otherwise scanned a
    // whole organisation's verification-state index per account (60 ms instead of 6 ms).
    index('counterparties_id_search_name_idx').on(table.organizationId, table.id),
    // A search's other matches (names containing it, keys) are fetched by id, a page at a time:
    // one hash bucket per row instead of three B-tree levels (migration 0046).
    index('counterparties_id_hash_idx').using('hash', table.id),
    // The list's verification filter walks one state in name order.
    index('counterparties_verification_state_idx').on(table.organizationId, table.verificationState, table.searchName, table.id),
    // The "already exists" check, and the VAT number start where a search walks the names instead
    // of reading counterparty_search_keys. Migration 0031 adds INCLUDE (search_name, id,
    // is_trusted), which drizzle cannot express, for the search by VAT number start before 0045.
    index('counterparties_vat_number_idx').on(table.organizationId, table.vatNumber.op('text_pattern_ops')),
    // SPEC §3: accounts payable / receivable numbers are unique per organisation (DATEV accounts).
    uniqueIndex('counterparties_ap_number_uq')
      .on(table.organizationId, table.accountsPayableNumber)
      .where(sql`${table.accountsPayableNumber} is not null`),
    uniqueIndex('counterparties_ar_number_uq')
      .on(table.organizationId, table.accountsReceivableNumber)
      .where(sql`${table.accountsReceivableNumber} is not null`),
  ],
);

export const counterpartyBankAccounts = pgTable(
  'counterparty_bank_accounts',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    counterpartyId: uuid('counterparty_id').notNull(),
    name: text('name').notNull().default(''),
    iban: text('iban').notNull(),
    bic: text('bic'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the IBAN was last edited; null while it is the one the account was created with. An
     * edited IBAN is a new payee for the fraud checks ("IBAN changed recently"), so they read this
     * rather than created_at, which keeps the account's place in the list.
     */
    ibanChangedAt: timestamp('iban_changed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.counterpartyId],
      foreignColumns: [counterparties.organizationId, counterparties.id],
    }).onDelete('cascade'),
    // SPEC §5: name (case-insensitive, as the form checks it) and IBAN unique per counterparty.
    uniqueIndex('counterparty_bank_accounts_uq').on(
      table.organizationId,
      table.counterpartyId,
      sql`lower(${table.name})`,
      table.iban,
    ),
    // The counterparties paid to an IBAN. Migration 0031 adds INCLUDE (counterparty_id), which
    // drizzle cannot express, for the search by IBAN start before migration 0045.
    index('counterparty_bank_accounts_iban_idx').on(table.organizationId, table.iban.op('text_pattern_ops')),
  ],
);

/**
 * What a search for an identifier finds, in name order: one row per counterparty and key, the keys
 * being every start of its VAT number and of each of its IBANs from four characters on, and its
 * AP and AR numbers. A search that can be one of them ("DE100012", "DE89 3704", "70123") reads a
 * page of its matches straight from the primary key in (search_name, counterparty_id) order, however
 * many counterparties share the start. Written only by the triggers of migration 0045 on
 * counterparties and counterparty_bank_accounts, which also remove a deleted counterparty's rows
 * (hence no foreign key: it would cost a check per key written).
 */
export const counterpartySearchKeys = pgTable(
  'counterparty_search_keys',
  {
    organizationId: uuid('organization_id').notNull(),
    key: text('key').notNull(),
    searchName: text('search_name').notNull(),
    counterpartyId: uuid('counterparty_id').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'counterparty_search_keys_pk',
      columns: [table.organizationId, table.key, table.searchName, table.counterpartyId],
    }),
    index('counterparty_search_keys_counterparty_idx').on(table.organizationId, table.counterpartyId),
  ],
);
