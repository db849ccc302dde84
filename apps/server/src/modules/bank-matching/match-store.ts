import { sql } from 'drizzle-orm';
import { matchingStatusOf, type MatchReason } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { writeActivity, type Actor } from '../activity-log/writer';
import { PAYABLE_STATUSES } from './candidates-repo';

export interface NewMatch {
  lineId: string;
  /** An invoice, or a payment-run payment (then its invoice, if any, is matched with it). */
  target: { kind: 'invoice'; id: string } | { kind: 'payment'; id: string };
  amount: number;
  writeOff: number;
  origin: 'automatic' | 'manual';
  reasons: readonly MatchReason[];
  actor: Actor;
}

type LockedLine = {
  id: string;
  amount: string;
  matched_amount: string;
  currency: string;
  direction: 'incoming' | 'outgoing';
};

interface LockedTarget {
  invoiceId: string | null;
  /** Whether a bank line may pay it: a supplier invoice not rejected, cancelled or archived (for a payment: always). */
  payable: boolean;
  paymentId: string | null;
  currency: string;
  /** What of it is still open (invoice: total − matched; payment: amount − matched to it). */
  open: number;
}

const decimal = (minor: number, currency: string) =>
  `${(minor / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

/** Locks the line first, then what it pays: every match and unmatch takes them in this order. */
async function lockLine(tx: Tx, orgId: OrgId, lineId: string): Promise<LockedLine> {
  const result = await tx.execute<LockedLine>(sql`
    select id, amount, matched_amount, currency, direction from bank_transactions
    where organization_id = ${orgId} and id = ${lineId} for update`);
  const line = result.rows[0];
  if (!line) throw new AppError('bank_transaction_not_found');
  return line;
}

async function lockInvoice(tx: Tx, orgId: OrgId, invoiceId: string): Promise<LockedTarget> {
  const result = await tx.execute<{
    id: string;
    total_amount: string | null;
    matched_amount: string;
    currency: string | null;
    type: string;
    status: string;
  }>(sql`
    select id, total_amount, matched_amount, currency, type, status from invoices
    where organization_id = ${orgId} and id = ${invoiceId} for update`);
  const invoice = result.rows[0];
  if (!invoice) throw new AppError('invoice_not_found');
  return {
    invoiceId: invoice.id,
    payable: invoice.type === 'invoice' && PAYABLE_STATUSES.includes(invoice.status),
    paymentId: null,
    currency: invoice.currency ?? 'EUR',
    open: Number(invoice.total_amount ?? 0) - Number(invoice.matched_amount),
  };
}

async function lockPayment(tx: Tx, orgId: OrgId, paymentId: string): Promise<LockedTarget> {
  const result = await tx.execute<{
    id: string;
    invoice_id: string | null;
    amount: string;
    currency: string;
    matched: string;
  }>(sql`
    select t.id, t.invoice_id, t.amount, t.currency,
      (select coalesce(sum(m.amount + m.write_off), 0) from bank_transaction_matches m
        where m.organization_id = t.organization_id and m.payment_transaction_id = t.id) as matched
    from transactions t where t.organization_id = ${orgId} and t.id = ${paymentId} for update of t`);
  const payment = result.rows[0];
  if (!payment) throw new AppError('transaction_not_found');
  if (payment.invoice_id) await lockInvoice(tx, orgId, payment.invoice_id);
  return {
    invoiceId: payment.invoice_id,
    // Money that left through a payment run is matched with it whatever became of its invoice since.
    payable: true,
    paymentId: payment.id,
    currency: payment.currency,
    open: Number(payment.amount) - Number(payment.matched),
  };
}

/** Adds `delta` to the invoice's matched amount and sets its status from it. */
async function moveInvoice(tx: Tx, orgId: OrgId, invoiceId: string, delta: number): Promise<void> {
  const result = await tx.execute<{ matched_amount: string; total_amount: string | null }>(sql`
    update invoices set matched_amount = matched_amount + ${delta}::bigint
    where organization_id = ${orgId} and id = ${invoiceId}
    returning matched_amount, total_amount`);
  const row = result.rows[0]!;
  await tx.execute(sql`
    update invoices set matching_status = ${matchingStatusOf(Number(row.matched_amount), Number(row.total_amount ?? 0))}
    where organization_id = ${orgId} and id = ${invoiceId}`);
}

async function moveLine(tx: Tx, orgId: OrgId, line: LockedLine, delta: number): Promise<void> {
  const matched = Number(line.matched_amount) + delta;
  await tx.execute(sql`
    update bank_transactions set matched_amount = ${matched}, matching_status = ${matchingStatusOf(matched, Number(line.amount))}
    where organization_id = ${orgId} and id = ${line.id}`);
}

/**
 * Matches (part of) a bank line with an invoice or a payment (issue 62). Both sides are locked and
 * their open amounts checked: of two people matching the same line at once one wins, and the other
 * is told how much is still open. The matched amounts never exceed either side.
 */
export async function applyMatch(tx: Tx, orgId: OrgId, match: NewMatch): Promise<string> {
  const line = await lockLine(tx, orgId, match.lineId);
  const target =
    match.target.kind === 'invoice'
      ? await lockInvoice(tx, orgId, match.target.id)
      : await lockPayment(tx, orgId, match.target.id);
  if (line.direction !== 'outgoing') throw new AppError('bank_match_direction');
  if (!target.payable) throw new AppError('bank_match_not_payable');
  if (target.currency !== line.currency) {
    throw new AppError('bank_match_currency', { lineCurrency: line.currency, targetCurrency: target.currency });
  }
  const lineOpen = Number(line.amount) - Number(line.matched_amount);
  if (match.amount <= 0 || match.writeOff < 0 || match.amount > lineOpen || match.amount + match.writeOff > target.open) {
    throw new AppError('bank_match_exceeds_open', {
      lineOpen: decimal(lineOpen, line.currency),
      targetOpen: decimal(Math.max(0, target.open), line.currency),
    });
  }
  const inserted = await tx.execute<{ id: string }>(sql`
    insert into bank_transaction_matches (organization_id, bank_transaction_id, invoice_id, payment_transaction_id, amount,
      write_off, origin, reasons, created_by)
    values (${orgId}, ${line.id}, ${target.invoiceId}, ${target.paymentId}, ${match.amount}, ${match.writeOff}, ${match.origin},
      ${JSON.stringify(match.reasons)}::jsonb, ${match.actor.type === 'user' ? match.actor.id : null})
    returning id`);
  const matchId = inserted.rows[0]!.id;
  await moveLine(tx, orgId, line, match.amount);
  if (target.invoiceId) await moveInvoice(tx, orgId, target.invoiceId, match.amount + match.writeOff);
  const changes = {
    matchId,
    invoiceId: target.invoiceId,
    paymentId: target.paymentId,
    amount: match.amount,
    writeOff: match.writeOff,
    origin: match.origin,
  };
  await writeActivity(tx, orgId, {
    entityType: 'bank_transaction',
    entityId: line.id,
    action: 'match',
    actor: match.actor,
    changes,
  });
  if (target.invoiceId) {
    await writeActivity(tx, orgId, {
      entityType: 'invoice',
      entityId: target.invoiceId,
      action: 'match',
      actor: match.actor,
      changes: { ...changes, bankTransactionId: line.id },
    });
  }
  return matchId;
}

/** Undoes a match: both sides get back exactly what it had taken. */
export async function removeMatch(tx: Tx, orgId: OrgId, lineId: string, matchId: string, actor: Actor): Promise<void> {
  // The line's lock serialises this with every other match and unmatch of the line.
  const line = await lockLine(tx, orgId, lineId);
  const found = await tx.execute<{
    invoice_id: string | null;
    payment_transaction_id: string | null;
    amount: string;
    write_off: string;
  }>(sql`
    select invoice_id, payment_transaction_id, amount, write_off from bank_transaction_matches
    where organization_id = ${orgId} and id = ${matchId} and bank_transaction_id = ${lineId}`);
  const match = found.rows[0];
  if (!match) throw new AppError('bank_match_not_found');
  if (match.invoice_id) await lockInvoice(tx, orgId, match.invoice_id);
  await tx.execute(sql`delete from bank_transaction_matches where organization_id = ${orgId} and id = ${matchId}`);
  // Undone by a person: the next automatic run must not make the same match again.
  if (actor.type === 'user') {
    await tx.execute(
      sql`update bank_transactions set auto_match_declined = true where organization_id = ${orgId} and id = ${lineId}`,
    );
  }
  const amount = Number(match.amount);
  await moveLine(tx, orgId, line, -amount);
  if (match.invoice_id) await moveInvoice(tx, orgId, match.invoice_id, -(amount + Number(match.write_off)));
  const changes = {
    matchId,
    invoiceId: match.invoice_id,
    paymentId: match.payment_transaction_id,
    amount,
    writeOff: Number(match.write_off),
  };
  await writeActivity(tx, orgId, { entityType: 'bank_transaction', entityId: lineId, action: 'unmatch', actor, changes });
  if (match.invoice_id) {
    await writeActivity(tx, orgId, {
      entityType: 'invoice',
      entityId: match.invoice_id,
      action: 'unmatch',
      actor,
      changes: { ...changes, bankTransactionId: lineId },
    });
  }
}
