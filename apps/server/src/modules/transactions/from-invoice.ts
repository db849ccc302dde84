import { and, eq, sql } from 'drizzle-orm';
import {
  linkedPaymentResetStatus,
  todayIso,
  transactionFromInvoice,
  type CompanyBankAccountForPayment,
  type InvoiceForTransaction,
  type InvoicePayment,
  type TransactionFromInvoiceOptions,
  type TransactionProblem,
} from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { companyBankAccounts, counterparties, organizations, paymentRuns, transactions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { writeActivity, type Actor } from '../activity-log/writer';
import type { InvoiceRow } from '../invoices/repo';
import { analyseTransactionRows } from './analysis/analyse-transactions';
import { counterpartyAddress } from './manual-transactions';
import { insertTransactionRow, type TransactionRow } from './transaction-rows';

export type TransactionForInvoiceResult =
  { ok: true; transaction: TransactionRow; created: boolean } | { ok: false; problems: TransactionProblem[] };

async function findInvoiceTransaction(tx: Tx, orgId: OrgId, invoiceId: string, lock = false): Promise<TransactionRow | null> {
  const query = tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.organizationId, orgId), eq(transactions.invoiceId, invoiceId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

const invoiceForTransaction = (row: InvoiceRow): InvoiceForTransaction => ({
  id: row.id,
  invoiceNumber: row.invoiceNumber,
  totalAmount: row.totalAmount,
  // Stored currencies passed the invoice form's currency check.
  currency: row.currency as InvoiceForTransaction['currency'],
  dueDate: row.dueDate,
  skontoRate: row.skontoRate,
  skontoAmount: row.skontoAmount,
  skontoDate: row.skontoDate,
  skontoIgnoreDeadline: row.skontoIgnoreDeadline,
  shouldCreateTransaction: row.shouldCreateTransaction,
  alreadyPaid: row.alreadyPaid,
  counterpartyName: row.counterpartyName,
  counterpartyIban: row.counterpartyIban,
  counterpartyBic: row.counterpartyBic,
  remittanceInformation: row.remittanceInformation,
  debitorBankAccountId: row.debitorBankAccountId,
});

/** What transactionFromInvoice needs besides the invoice: the organisation's strategy, name and accounts, today. */
async function loadPaymentContext(tx: Tx, orgId: OrgId): Promise<TransactionFromInvoiceOptions> {
  const [organization] = await tx
    .select({ name: organizations.name, paymentStrategy: organizations.paymentStrategy })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  const accounts: CompanyBankAccountForPayment[] = await tx
    .select({
      id: companyBankAccounts.id,
      name: companyBankAccounts.name,
      iban: companyBankAccounts.iban,
      bic: companyBankAccounts.bic,
      isDefaultDebitor: companyBankAccounts.isDefaultDebitor,
    })
    .from(companyBankAccounts)
    .where(eq(companyBankAccounts.organizationId, orgId));
  return {
    paymentStrategy: organization?.paymentStrategy ?? 'due_date',
    today: todayIso(),
    defaultDebitor: accounts.find((account) => account.isDefaultDebitor) ?? null,
    bankAccounts: accounts,
    ...(organization?.name ? { debitorName: organization.name } : {}),
  };
}

/**
 * The payment of an approved invoice (issue 7 item 2): the domain's transactionFromInvoice with the
 * organisation's payment strategy, today, its company accounts (the default debitor) and name;
 * the creditor's address from the counterparty. One per invoice (a unique index): a second call
 * answers the existing one. When the domain names problems nothing is created and the invoice's
 * activity log says why — the caller decides whether that refuses (the route) or not (approval).
 */
export async function createTransactionForInvoice(
  tx: Tx,
  orgId: OrgId,
  invoice: InvoiceRow,
  actor: Actor,
): Promise<TransactionForInvoiceResult> {
  const existing = await findInvoiceTransaction(tx, orgId, invoice.id);
  if (existing) return { ok: true, transaction: existing, created: false };

  const result = transactionFromInvoice(invoiceForTransaction(invoice), await loadPaymentContext(tx, orgId));
  if (!result.ok) {
    await writeActivity(tx, orgId, {
      entityType: 'invoice',
      entityId: invoice.id,
      action: 'update',
      actor,
      changes: { transactionNotCreated: result.problems },
    });
    return result;
  }

  const draft = result.transaction;
  const [counterparty] = invoice.counterpartyId
    ? await tx
        .select()
        .from(counterparties)
        .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.id, invoice.counterpartyId)))
    : [];
  const row = await insertTransactionRow(tx, orgId, {
    origin: 'invoice',
    invoiceId: invoice.id,
    counterpartyId: counterparty?.id ?? null,
    amount: draft.amount,
    currency: draft.currency,
    requestedExecutionDate: draft.requestedExecutionDate,
    endToEndId: draft.endToEndId,
    remittanceInformation: draft.remittanceInformation,
    skontoApplied: draft.skontoApplied,
    skontoDiscount: draft.skontoDiscount,
    debitorBankAccountId: draft.debitorBankAccountId,
    debitorName: draft.debitor.name,
    debitorIban: draft.debitor.iban,
    debitorBic: draft.debitor.bic,
    creditorName: draft.creditor.name,
    creditorIban: draft.creditor.iban,
    creditorBic: draft.creditor.bic,
    creditorAddress: counterparty ? counterpartyAddress(counterparty) : null,
    createdBy: actor.type === 'user' ? actor.id : null,
  });
  await writeActivity(tx, orgId, {
    entityType: 'transaction',
    entityId: row.id,
    action: 'create',
    actor,
    changes: {
      origin: 'invoice',
      invoiceId: invoice.id,
      amount: row.amount,
      currency: row.currency,
      skontoDiscount: row.skontoDiscount,
      requestedExecutionDate: row.requestedExecutionDate,
    },
  });
  const [analysed] = await analyseTransactionRows(tx, orgId, [row]);
  return { ok: true, transaction: analysed!, created: true };
}

/**
 * The payment the approved invoice asks for. Turned off or already paid: none, and nothing to log
 * (the invoice says so itself); other problems are logged on the invoice and do not undo anything.
 */
export async function createWantedTransactionForInvoice(tx: Tx, orgId: OrgId, invoice: InvoiceRow, actor: Actor): Promise<void> {
  if (invoice.shouldCreateTransaction && !invoice.alreadyPaid) await createTransactionForInvoice(tx, orgId, invoice, actor);
}

/**
 * The status the invoice reset rule (SPEC §4, domain invoiceResetRefusal) reads: an archived
 * payment that was exported counts as exported — its money has left.
 */
export async function findLinkedTransactionStatus(tx: Tx, orgId: OrgId, invoiceId: string): Promise<string | null> {
  const row = await findInvoiceTransaction(tx, orgId, invoiceId);
  return linkedPaymentResetStatus(row ? { status: row.status, isExported: row.exportedAt !== null } : null);
}

/** The invoice detail's payment: its status and run, one statement (the run by a left join). */
export async function findInvoicePayment(tx: Tx, orgId: OrgId, invoiceId: string): Promise<InvoicePayment | null> {
  const [row] = await tx
    .select({
      id: transactions.id,
      status: transactions.status,
      exportedAt: transactions.exportedAt,
      amount: transactions.amount,
      currency: transactions.currency,
      requestedExecutionDate: transactions.requestedExecutionDate,
      runId: paymentRuns.id,
      runNumber: paymentRuns.number,
    })
    .from(transactions)
    .leftJoin(
      paymentRuns,
      and(eq(paymentRuns.organizationId, transactions.organizationId), eq(paymentRuns.id, transactions.paymentRunId)),
    )
    .where(and(eq(transactions.organizationId, orgId), eq(transactions.invoiceId, invoiceId)));
  if (!row) return null;
  const { runId, runNumber, exportedAt, ...payment } = row;
  return {
    ...payment,
    isExported: exportedAt !== null,
    paymentRun: runId !== null && runNumber !== null ? { id: runId, number: runNumber } : null,
  };
}

/** Why an invoice's payment goes, as its activity-log entry says: the approvals ended (and how), or its data changed. */
export type TransactionRemoval = { reason: 'invoice_reset'; cause: string } | { reason: 'invoice_payment_changed' };

/**
 * On an invoice reset the payment goes (SPEC §4; the caller has already checked that it is neither
 * exported nor approved). A payment in a draft or rejected run leaves it (the run is locked first,
 * as the payment-runs module does); one in a run under approval stays: the run must be reset first.
 */
export async function deleteTransactionOfInvoice(
  tx: Tx,
  orgId: OrgId,
  invoiceId: string,
  actor: Actor,
  removal: TransactionRemoval,
): Promise<void> {
  const seen = await findInvoiceTransaction(tx, orgId, invoiceId);
  if (!seen) return;
  if (seen.paymentRunId) {
    const [run] = await tx
      .select()
      .from(paymentRuns)
      .where(and(eq(paymentRuns.organizationId, orgId), eq(paymentRuns.id, seen.paymentRunId)))
      .for('update');
    if (run && run.status !== 'draft' && run.status !== 'rejected') {
      throw new AppError('payment_run_action_refused', { status: run.status });
    }
  }
  const row = await findInvoiceTransaction(tx, orgId, invoiceId, true);
  if (!row) return;
  if (row.paymentRunId !== seen.paymentRunId) throw new AppError('stale_version');
  if (row.exportedAt !== null || row.status === 'exported' || row.status === 'approved') {
    throw new AppError(row.status === 'approved' ? 'approval_reset_transaction_approved' : 'approval_reset_transaction_exported');
  }
  await tx.delete(transactions).where(and(eq(transactions.organizationId, orgId), eq(transactions.id, row.id)));
  if (row.paymentRunId) {
    await tx
      .update(paymentRuns)
      .set({ version: sql`${paymentRuns.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(paymentRuns.organizationId, orgId), eq(paymentRuns.id, row.paymentRunId)));
  }
  await writeActivity(tx, orgId, {
    entityType: 'transaction',
    entityId: row.id,
    action: 'delete',
    actor,
    changes: {
      ...removal,
      invoiceId,
      status: row.status,
      amount: row.amount,
      ...(row.paymentRunId ? { paymentRunId: { from: row.paymentRunId, to: null } } : {}),
    },
  });
}

/**
 * An edit of an invoice that leaves its approvals (who is paid how much did not change, see
 * approval-reset.ts in packages/domain) may still change its payment: due date, skonto, BIC,
 * remittance, debitor account, paid already or not. The payment must not keep the old data, so
 * what the payment would be before and after the edit is compared (same day, same accounts: only
 * the edit counts), and when it differs the payment is made anew exactly as at the final approval
 * — one derivation and one trail (delete, create) instead of a second, field-by-field one. By the
 * payment's status:
 * - open, or planned/rejected in a draft or rejected run: deleted by the reset's rule (it leaves
 *   its run, whose version goes up: the new payment has to be planned again with its new date and
 *   amount), then created again unless the invoice now says it is paid or wants no payment;
 * - approved or exported (archived after export too): the money is committed, the edit is refused
 *   as a reset would be — the run must be reset first, or the money has already left;
 * - archived or cancelled by a person: left as it is — nobody pays it, reactivating is their call.
 */
export async function renewTransactionOfInvoice(
  tx: Tx,
  orgId: OrgId,
  before: InvoiceRow,
  after: InvoiceRow,
  actor: Actor,
): Promise<void> {
  const status = await findLinkedTransactionStatus(tx, orgId, after.id);
  if (status === null || status === 'archived' || status === 'cancelled_archived') return;
  const context = await loadPaymentContext(tx, orgId);
  const paymentOf = (row: InvoiceRow) => JSON.stringify(transactionFromInvoice(invoiceForTransaction(row), context));
  // The counterparty record gives the creditor's address.
  if (paymentOf(before) === paymentOf(after) && before.counterpartyId === after.counterpartyId) return;
  if (status === 'exported' || status === 'approved') throw new AppError('transaction_action_refused', { status });
  await deleteTransactionOfInvoice(tx, orgId, after.id, actor, { reason: 'invoice_payment_changed' });
  await createWantedTransactionForInvoice(tx, orgId, after, actor);
}
