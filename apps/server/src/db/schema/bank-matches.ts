import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MatchReason } from '@kontor/domain';
import { bankTransactions } from './bank-transactions';
import { orgColumn } from './columns';
import { invoices } from './invoices';
import { transactions } from './payments';

const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * A bank line paying (part of) an invoice or a payment-run payment (issue 62, SPEC §3 matched
 * invoices / matched transactions). A line matched to a payment also names the payment's invoice.
 * `amount` is what of the line went to it; `write_off` what settles the invoice beyond that (a
 * skonto taken, a difference within the tolerance). The sums are kept on both sides
 * (`matched_amount`), checked under row locks so that they never exceed either.
 */
export const bankTransactionMatches = pgTable(
  'bank_transaction_matches',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    bankTransactionId: uuid('bank_transaction_id').notNull(),
    invoiceId: uuid('invoice_id'),
    paymentTransactionId: uuid('payment_transaction_id'),
    amount: money('amount').notNull(),
    writeOff: money('write_off').notNull().default(0),
    origin: text('origin').$type<'automatic' | 'manual'>().notNull(),
    reasons: jsonb('reasons').$type<MatchReason[]>().notNull().default([]),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('bank_transaction_matches_line_idx').on(table.organizationId, table.bankTransactionId),
    index('bank_transaction_matches_invoice_idx')
      .on(table.organizationId, table.invoiceId)
      .where(sql`invoice_id is not null`),
    index('bank_transaction_matches_payment_idx')
      .on(table.organizationId, table.paymentTransactionId)
      .where(sql`payment_transaction_id is not null`),
    check('bank_transaction_matches_target_check', sql`invoice_id is not null or payment_transaction_id is not null`),
    check('bank_transaction_matches_amount_check', sql`amount > 0 and write_off >= 0`),
    foreignKey({
      name: 'bank_transaction_matches_line_fk',
      columns: [table.organizationId, table.bankTransactionId],
      foreignColumns: [bankTransactions.organizationId, bankTransactions.id],
    }),
    foreignKey({
      name: 'bank_transaction_matches_invoice_fk',
      columns: [table.organizationId, table.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }),
    foreignKey({
      name: 'bank_transaction_matches_payment_fk',
      columns: [table.organizationId, table.paymentTransactionId],
      foreignColumns: [transactions.organizationId, transactions.id],
    }),
  ],
);
