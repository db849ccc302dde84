import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PaymentHistorySource } from '@kontor/domain';
import type { CamtTransaction, PainTransaction } from '@kontor/formats';
import type { OrgId, Tx } from '../../db/database';
import { paymentHistory } from '../../db/schema';
import {
  detached,
  readerSkips,
  skippedProblem,
  warningProblem,
  type BatchOutcome,
  type ImportEntry,
  type Problem,
} from './import-entries';
import { findCounterpartiesByIban, findCounterpartiesByName } from './party-lookups';

/** A payment that left the company, as the trusted history keeps it (before its counterparty is known). */
export interface HistoryPayment {
  entryKey: string;
  creditorIban: string;
  creditorName: string | null;
  amount: number;
  currency: string;
  paidOn: string | null;
  remittanceInformation: string | null;
  endToEndId: string | null;
}

export type HistoryConversion =
  /** amountText: the amount as the file wrote it, for the problems. */
  | { kind: 'payment'; payment: HistoryPayment; amountText: string }
  | { kind: 'skipped'; code: string; params?: Problem['params'] };

/** Rows per INSERT (about a dozen columns each). */
const INSERT_ROWS = 1000;

/**
 * The identity of an entry from its content, so that the same booking read again (the same file,
 * or an overlapping statement) finds its earlier row. The position inside the entry tells apart
 * the payments of one batch booking that are otherwise alike.
 */
function entryKeyOf(parts: readonly (string | number | null)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

function remittanceOf(remittance: { unstructured: string | null; creditorReference: string | null }): string | null {
  return remittance.unstructured ?? remittance.creditorReference ?? null;
}

/**
 * A camt.053 booking: outgoing (DBIT), booked and to an IBAN, or the reason it is not history.
 * Called as each entry arrives, so that a batch holds these small detached values, not the reader's items.
 */
export function camtHistoryPayment(transaction: CamtTransaction): HistoryConversion {
  const { entry } = transaction;
  // What moved on the account is the booking's amount; only the parts of a batch booking have their own.
  // (A single booking's transaction details may hold the instructed amount in another currency, or fees.)
  const amount = entry.batch ? transaction.amount : entry.amount;
  const creditDebit = entry.batch ? transaction.creditDebit : entry.creditDebit;
  const money = { amount: amount.decimal, currency: amount.currency };
  if (creditDebit === 'CRDT') return { kind: 'skipped', code: 'incoming_payment', params: money };
  // Pending and information-only entries may still change or never happen; a missing status is an old bank's "booked".
  if (entry.status !== null && entry.status !== 'BOOK') {
    return { kind: 'skipped', code: 'not_booked', params: { ...money, status: detached(entry.status) } };
  }
  if (amount.minorUnits === null || amount.minorUnits <= 0) return { kind: 'skipped', code: 'invalid_amount', params: money };
  const iban = transaction.counterparty.iban;
  if (!iban)
    return { kind: 'skipped', code: 'no_iban', params: { ...money, name: detached(transaction.counterparty.name ?? '') } };
  const remittance = remittanceOf(transaction.remittance);
  return {
    kind: 'payment',
    amountText: amount.decimal,
    payment: {
      entryKey: entryKeyOf([
        'camt053',
        transaction.accountIban,
        entry.bookingDate,
        amount.minorUnits,
        amount.currency,
        creditDebit,
        iban,
        transaction.endToEndId,
        transaction.bankReference,
        remittance,
        transaction.transactionIndex,
      ]),
      creditorIban: detached(iban),
      creditorName: detached(transaction.counterparty.name),
      amount: amount.minorUnits,
      currency: detached(amount.currency),
      paidOn: detached(entry.bookingDate ?? entry.valueDate),
      remittanceInformation: detached(remittance),
      endToEndId: detached(transaction.endToEndId),
    },
  };
}

/** A pain.001 payment uploaded as history: it was sent on its execution date. */
export function painHistoryPayment(payment: PainTransaction, messageId: string | null): HistoryConversion {
  const { amount, creditor, paymentInfo } = payment;
  const money = { amount: amount.decimal, currency: amount.currency };
  if (amount.minorUnits === null || amount.minorUnits <= 0) return { kind: 'skipped', code: 'invalid_amount', params: money };
  if (!creditor.iban) return { kind: 'skipped', code: 'no_iban', params: { ...money, name: detached(creditor.name ?? '') } };
  const remittance = remittanceOf(payment.remittance);
  return {
    kind: 'payment',
    amountText: amount.decimal,
    payment: {
      entryKey: entryKeyOf([
        'pain001',
        messageId,
        paymentInfo.id,
        paymentInfo.index,
        paymentInfo.debtor.iban,
        paymentInfo.requestedExecutionDate,
        amount.minorUnits,
        amount.currency,
        creditor.iban,
        payment.endToEndId,
        remittance,
        payment.index,
      ]),
      creditorIban: detached(creditor.iban),
      creditorName: detached(creditor.name),
      amount: amount.minorUnits,
      currency: detached(amount.currency),
      paidOn: detached(paymentInfo.requestedExecutionDate),
      remittanceInformation: detached(remittance),
      endToEndId: detached(payment.endToEndId),
    },
  };
}

/**
 * Inserts the payments with `unnest` over one array per column: a dozen parameters for a thousand
 * rows instead of twelve thousand, which keeps a 100,000-entry import's garbage (and so the
 * server's memory) low. Keys already stored are skipped; answers the keys inserted.
 */
async function insertHistoryRows(
  tx: Tx,
  orgId: OrgId,
  payments: readonly HistoryPayment[],
  meta: { importId: string; source: PaymentHistorySource },
  counterpartyOf: (payment: HistoryPayment) => string | null,
): Promise<string[]> {
  if (payments.length === 0) return [];
  // One parameter per column: node-postgres writes a JS array as a PostgreSQL array literal (quoting included).
  const column = <T>(pick: (payment: HistoryPayment) => T) => sql.param(payments.map(pick));
  const result = await tx.execute<{ entry_key: string }>(sql`
    insert into ${paymentHistory} (organization_id, entry_key, source, import_id, counterparty_id, creditor_iban, creditor_name,
      amount, currency, paid_on, remittance_information, end_to_end_id)
    select ${orgId}, e.entry_key, ${meta.source}, ${meta.importId}, e.counterparty_id, e.creditor_iban, e.creditor_name,
      e.amount, e.currency, e.paid_on, e.remittance_information, e.end_to_end_id
    from unnest(
      ${column((payment) => payment.entryKey)}::text[],
      ${column(counterpartyOf)}::uuid[],
      ${column((payment) => payment.creditorIban)}::text[],
      ${column((payment) => payment.creditorName)}::text[],
      ${column((payment) => payment.amount)}::bigint[],
      ${column((payment) => payment.currency)}::text[],
      ${column((payment) => payment.paidOn)}::date[],
      ${column((payment) => payment.remittanceInformation)}::text[],
      ${column((payment) => payment.endToEndId)}::text[]
    ) as e(entry_key, counterparty_id, creditor_iban, creditor_name, amount, currency, paid_on, remittance_information, end_to_end_id)
    on conflict (organization_id, entry_key) do nothing
    returning entry_key`);
  return result.rows.map((row) => row.entry_key);
}

/**
 * One batch of a trusted-history import: the payments go to payment_history with their
 * counterparty (by IBAN, else by unique name), in multi-row inserts that skip keys already
 * stored, so that importing a file twice adds nothing (`already_known`).
 */
export async function storeHistoryBatch(
  tx: Tx,
  orgId: OrgId,
  entries: readonly ImportEntry<HistoryConversion>[],
  meta: { importId: string; source: PaymentHistorySource },
): Promise<BatchOutcome> {
  const problems: Problem[] = readerSkips(entries);
  const payments: { entry: number; line: number; payment: HistoryPayment; amountText: string }[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'record') continue;
    const conversion = entry.record;
    if (conversion.kind === 'skipped') problems.push(skippedProblem(entry.entry, entry.line, conversion.code, conversion.params));
    else payments.push({ entry: entry.entry, line: entry.line, payment: conversion.payment, amountText: conversion.amountText });
  }
  const byIban = await findCounterpartiesByIban(
    tx,
    orgId,
    payments.map(({ payment }) => payment.creditorIban),
  );
  const byName = await findCounterpartiesByName(
    tx,
    orgId,
    payments.flatMap(({ payment }) => (!byIban.has(payment.creditorIban) && payment.creditorName ? [payment.creditorName] : [])),
  );
  const counterpartyOf = (payment: HistoryPayment): string | null =>
    byIban.get(payment.creditorIban)?.id ??
    (payment.creditorName ? (byName.get(payment.creditorName.toLowerCase()) ?? null) : null);

  const stored = new Set<string>();
  for (let start = 0; start < payments.length; start += INSERT_ROWS) {
    const chunk = payments.slice(start, start + INSERT_ROWS).map(({ payment }) => payment);
    for (const entryKey of await insertHistoryRows(tx, orgId, chunk, meta, counterpartyOf)) stored.add(entryKey);
  }
  let created = 0;
  for (const { entry, line, payment, amountText } of payments) {
    // A key stored by this batch counts once; its repeats (the same booking twice in one file) are known.
    if (stored.delete(payment.entryKey)) {
      created += 1;
      if (!counterpartyOf(payment)) problems.push(warningProblem(entry, line, 'no_counterparty', { iban: payment.creditorIban }));
    } else {
      problems.push(skippedProblem(entry, line, 'already_known', { amount: amountText, currency: payment.currency }));
    }
  }
  return { created, skipped: entries.length - created, problems };
}
