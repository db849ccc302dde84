import { and, eq, inArray } from 'drizzle-orm';
import { allowedTransactionEvents, type Transaction } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { counterparties, invoices, paymentRuns, users } from '../../db/schema';
import type { TransactionRow } from './transaction-rows';

/** What a transaction's answer names besides its own columns (loaded for many rows at once). */
interface ViewNames {
  invoiceNumbers: Map<string, string | null>;
  counterpartyNames: Map<string, string>;
  runs: Map<string, { id: string; number: number; status: NonNullable<Transaction['paymentRun']>['status'] }>;
  userNames: Map<string, string>;
}

const ids = (values: (string | null)[]) => [...new Set(values.filter((value): value is string => value !== null))];

async function loadViewNames(tx: Tx, orgId: OrgId, rows: readonly TransactionRow[]): Promise<ViewNames> {
  const invoiceIds = ids(rows.map((row) => row.invoiceId));
  const counterpartyIds = ids(rows.map((row) => row.counterpartyId));
  const runIds = ids(rows.map((row) => row.paymentRunId));
  const userIds = ids(rows.map((row) => row.analysisDecidedBy));
  const [invoiceRows, counterpartyRows, runRows, userRows] = [
    invoiceIds.length === 0
      ? []
      : await tx
          .select({ id: invoices.id, number: invoices.invoiceNumber })
          .from(invoices)
          .where(and(eq(invoices.organizationId, orgId), inArray(invoices.id, invoiceIds))),
    counterpartyIds.length === 0
      ? []
      : await tx
          .select({ id: counterparties.id, name: counterparties.name })
          .from(counterparties)
          .where(and(eq(counterparties.organizationId, orgId), inArray(counterparties.id, counterpartyIds))),
    runIds.length === 0
      ? []
      : await tx
          .select({ id: paymentRuns.id, number: paymentRuns.number, status: paymentRuns.status })
          .from(paymentRuns)
          .where(and(eq(paymentRuns.organizationId, orgId), inArray(paymentRuns.id, runIds))),
    userIds.length === 0 ? [] : await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)),
  ];
  return {
    invoiceNumbers: new Map(invoiceRows.map((row) => [row.id, row.number])),
    counterpartyNames: new Map(counterpartyRows.map((row) => [row.id, row.name])),
    runs: new Map(runRows.map((row) => [row.id, row])),
    userNames: new Map(userRows.map((row) => [row.id, row.name])),
  };
}

function toTransaction(row: TransactionRow, names: ViewNames): Transaction {
  return {
    id: row.id,
    status: row.status,
    origin: row.origin,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceId ? (names.invoiceNumbers.get(row.invoiceId) ?? null) : null,
    counterpartyId: row.counterpartyId,
    counterpartyName: row.counterpartyId ? (names.counterpartyNames.get(row.counterpartyId) ?? null) : null,
    amount: row.amount,
    currency: row.currency,
    requestedExecutionDate: row.requestedExecutionDate,
    bookingDate: row.bookingDate,
    endToEndId: row.endToEndId,
    remittanceInformation: row.remittanceInformation,
    method: row.method,
    skontoApplied: row.skontoApplied,
    skontoDiscount: row.skontoDiscount,
    debitorBankAccountId: row.debitorBankAccountId,
    debitor: { name: row.debitorName, iban: row.debitorIban, bic: row.debitorBic, address: row.debitorAddress },
    creditor: { name: row.creditorName, iban: row.creditorIban, bic: row.creditorBic, address: row.creditorAddress },
    notes: row.notes,
    cancelReason: row.cancelReason,
    archiveReason: row.archiveReason,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    paymentRun: row.paymentRunId ? (names.runs.get(row.paymentRunId) ?? null) : null,
    analysis: {
      status: row.analysisStatus,
      flags: row.analysisFlags,
      note: row.analysisNote,
      analysedAt: row.analysedAt?.toISOString() ?? null,
      decidedBy: row.analysisDecidedBy,
      decidedByName: row.analysisDecidedBy ? (names.userNames.get(row.analysisDecidedBy) ?? null) : null,
      decidedAt: row.analysisDecidedAt?.toISOString() ?? null,
    },
    allowedEvents: allowedTransactionEvents(row.status),
    exportedAt: row.exportedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The API view of rows (GET /:id and every action's answer), names loaded in one statement per kind. */
export async function toTransactionViews(tx: Tx, orgId: OrgId, rows: readonly TransactionRow[]): Promise<Transaction[]> {
  const names = await loadViewNames(tx, orgId, rows);
  return rows.map((row) => toTransaction(row, names));
}

export async function toTransactionView(tx: Tx, orgId: OrgId, row: TransactionRow): Promise<Transaction> {
  const [view] = await toTransactionViews(tx, orgId, [row]);
  return view!;
}
