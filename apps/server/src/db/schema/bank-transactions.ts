import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BankMatchingStatus, BankTransactionDirection, BankTransactionSource } from '@kontor/domain';
import { orgColumn } from './columns';
import { companyBankAccounts } from './master-data';

const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * A camt.053 statement of a company bank account (issue 61): its period and balances, and what
 * its booked entries add up to. `difference` = opening + credits − debits − closing (null without
 * both balances); anything but 0 flags a statement whose entries do not explain its balances.
 * Identified by `statement_key` (the bank's id, sequence and period), so the same file uploaded
 * twice finds its first row.
 */
export const bankStatements = pgTable(
  'bank_statements',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    companyBankAccountId: uuid('company_bank_account_id').notNull(),
    statementKey: text('statement_key').notNull(),
    statementId: text('statement_id'),
    electronicSequenceNumber: text('electronic_sequence_number'),
    legalSequenceNumber: text('legal_sequence_number'),
    periodFrom: date('period_from'),
    periodTo: date('period_to'),
    currency: text('currency').notNull(),
    /** Signed minor units (negative: overdrawn). OPBD, else PRCD. */
    openingBalance: money('opening_balance'),
    openingBalanceDate: date('opening_balance_date'),
    /** CLBD. */
    closingBalance: money('closing_balance'),
    closingBalanceDate: date('closing_balance_date'),
    creditTotal: money('credit_total').notNull().default(0),
    debitTotal: money('debit_total').notNull().default(0),
    entryCount: integer('entry_count').notNull().default(0),
    difference: money('difference'),
    /** False until the statement's end was read (a file cut off inside it leaves it incomplete). */
    complete: boolean('complete').notNull().default(false),
    importId: uuid('import_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('bank_statements_key_uq').on(table.organizationId, table.companyBankAccountId, table.statementKey),
    index('bank_statements_account_period_idx').on(table.organizationId, table.companyBankAccountId, table.periodTo, table.id),
    index('bank_statements_period_idx').on(table.organizationId, table.periodTo, table.id),
    foreignKey({
      name: 'bank_statements_account_fk',
      columns: [table.organizationId, table.companyBankAccountId],
      foreignColumns: [companyBankAccounts.organizationId, companyBankAccounts.id],
    }),
  ],
);

/**
 * A booking on a company bank account (issue 61, SPEC §3 bank transaction), from a connection's
 * sync or a camt.053 upload. One row per transaction: a batch booking's details are rows of their
 * own (each can be matched by itself), sharing `entry_key` and carrying the entry's total.
 *
 * De-duplication: `dedupe_key` is a hash of account, booking date, signed amount, reference and
 * counterparty IBAN plus the occurrence among equal lines of one read (two identical fees on one
 * day stay two); it is the same whether the line came from the sync or a statement, so an upload
 * overlapping a sync adds nothing twice. The provider's id is unique per account as well.
 */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    companyBankAccountId: uuid('company_bank_account_id').notNull(),
    source: text('source').$type<BankTransactionSource>().notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    providerTransactionId: text('provider_transaction_id'),
    statementId: uuid('statement_id'),
    importId: uuid('import_id'),
    direction: text('direction').$type<BankTransactionDirection>().notNull(),
    /** Minor units, positive. */
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    bookingDate: date('booking_date').notNull(),
    valueDate: date('value_date'),
    counterpartyName: text('counterparty_name'),
    counterpartyIban: text('counterparty_iban'),
    counterpartyBic: text('counterparty_bic'),
    remittanceInformation: text('remittance_information'),
    creditorReference: text('creditor_reference'),
    endToEndId: text('end_to_end_id'),
    bankReference: text('bank_reference'),
    bankTransactionCode: text('bank_transaction_code'),
    /** The statement entry a batch booking's transactions share; null for a single booking. */
    entryKey: text('entry_key'),
    entryAmount: money('entry_amount'),
    matchingStatus: text('matching_status').$type<BankMatchingStatus>().notNull().default('not_matched'),
    matchedAmount: money('matched_amount').notNull().default(0),
    /** A person undid a match of this line: the automatic matching leaves it to people from then on (issue 62). */
    autoMatchDeclined: boolean('auto_match_declined').notNull().default(false),
    /** The exported payment (transactions.id) this outgoing line booked. */
    paymentTransactionId: uuid('payment_transaction_id'),
    /** Folded counterparty name, IBAN, remittance and end-to-end id: what the list's search reads. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`counterparty_search_text(coalesce(counterparty_name, '') || ' ' || coalesce(counterparty_iban, '') || ' ' || coalesce(remittance_information, '') || ' ' || coalesce(end_to_end_id, ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('bank_transactions_dedupe_uq').on(table.organizationId, table.dedupeKey),
    uniqueIndex('bank_transactions_provider_uq')
      .on(table.organizationId, table.companyBankAccountId, table.providerTransactionId)
      .where(sql`provider_transaction_id is not null`),
    // The list pages newest first by (booking date, id), for all accounts or one.
    index('bank_transactions_booking_idx').on(table.organizationId, table.bookingDate, table.id),
    index('bank_transactions_account_booking_idx').on(
      table.organizationId,
      table.companyBankAccountId,
      table.bookingDate,
      table.id,
    ),
    index('bank_transactions_statement_idx')
      .on(table.organizationId, table.statementId)
      .where(sql`statement_id is not null`),
    index('bank_transactions_entry_idx')
      .on(table.organizationId, table.entryKey)
      .where(sql`entry_key is not null`),
    foreignKey({
      name: 'bank_transactions_account_fk',
      columns: [table.organizationId, table.companyBankAccountId],
      foreignColumns: [companyBankAccounts.organizationId, companyBankAccounts.id],
    }),
    foreignKey({
      name: 'bank_transactions_statement_fk',
      columns: [table.organizationId, table.statementId],
      foreignColumns: [bankStatements.organizationId, bankStatements.id],
    }),
  ],
);
