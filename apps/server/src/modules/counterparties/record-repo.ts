import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { OPEN_RECEIVABLE_STATUSES } from '@kontor/domain';
import {
  activityLog,
  arInvoices,
  counterparties,
  counterpartyBankAccounts,
  invoices,
  ledgerAccounts,
  paymentHistory,
  transactions,
  users,
} from '../../db/schema';
import { readActivityEntries, type ActivityLogEntry } from '../activity-log/reader';
import { findAbsorbedCounterpartyIds } from './merge-history';

/**
 * Invoices in these states are done with: they no longer count as open (list and detail). The
 * stored counts' trigger function invoice_status_is_open (migration 0030) holds the same list;
 * counterparty-stored-counts.test.ts compares the two.
 */
export const CLOSED_INVOICE_STATUSES = ['cancelled', 'archived', 'exported'] as const;

export type CounterpartyRow = typeof counterparties.$inferSelect;
export type CounterpartyValues = Omit<
  typeof counterparties.$inferInsert,
  'organizationId' | 'id' | 'version' | 'createdAt' | 'updatedAt' | 'isTrusted' | 'markedTrustedAt' | 'markedTrustedBy'
>;
export interface BankAccountRow {
  id: string;
  name: string;
  iban: string;
  bic: string | null;
  createdAt: Date;
}

/** The counterparty, locked for the change that follows when `lock` says how. */
export async function findCounterpartyRow(
  tx: Tx,
  orgId: OrgId,
  id: string,
  lock?: 'update' | 'no key update',
): Promise<CounterpartyRow | null> {
  const query = tx
    .select()
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.id, id)))
    .limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

export async function listBankAccountRows(tx: Tx, orgId: OrgId, counterpartyId: string): Promise<BankAccountRow[]> {
  return tx
    .select({
      id: counterpartyBankAccounts.id,
      name: counterpartyBankAccounts.name,
      iban: counterpartyBankAccounts.iban,
      bic: counterpartyBankAccounts.bic,
      createdAt: counterpartyBankAccounts.createdAt,
    })
    .from(counterpartyBankAccounts)
    .where(and(eq(counterpartyBankAccounts.organizationId, orgId), eq(counterpartyBankAccounts.counterpartyId, counterpartyId)))
    .orderBy(asc(counterpartyBankAccounts.createdAt), asc(counterpartyBankAccounts.id));
}

/** All invoices that name the counterparty, and those of them still open. */
export async function countCounterpartyInvoices(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
): Promise<{ total: number; open: number }> {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${notInArray(invoices.status, [...CLOSED_INVOICE_STATUSES])}))::int`,
    })
    .from(invoices)
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.counterpartyId, counterpartyId)));
  // Outgoing invoices to the counterparty keep it too (ar_invoices refers to it).
  const [receivables] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${inArray(arInvoices.status, [...OPEN_RECEIVABLE_STATUSES])}))::int`,
    })
    .from(arInvoices)
    .where(and(eq(arInvoices.organizationId, orgId), eq(arInvoices.counterpartyId, counterpartyId)));
  return { total: (row?.total ?? 0) + (receivables?.total ?? 0), open: (row?.open ?? 0) + (receivables?.open ?? 0) };
}

/** Payments (transactions, issue 7) that name the counterparty, in every status: DELETE refuses on them like on invoices. */
export async function countCounterpartyTransactions(tx: Tx, orgId: OrgId, counterpartyId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(transactions)
    .where(and(eq(transactions.organizationId, orgId), eq(transactions.counterpartyId, counterpartyId)));
  return row?.count ?? 0;
}

/**
 * The bank accounts among `ids` that something else still refers to (payment runs, transactions
 * once they exist). Nothing does yet; when they do, answer them here so that replacing a
 * counterparty's accounts refuses to drop one silently. Verification history does not hold an
 * account back: retireBankAccountVerifications detaches it.
 */
export async function findReferencedBankAccountIds(_tx: Tx, _orgId: OrgId, _ids: string[]): Promise<string[]> {
  return [];
}

export async function hasLedgerAccount(tx: Tx, orgId: OrgId, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.organizationId, orgId), eq(ledgerAccounts.id, id)))
    .limit(1);
  return row !== undefined;
}

export async function findUserName(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? row.name || row.email : null;
}

export async function insertCounterpartyRecordRow(tx: Tx, orgId: OrgId, values: CounterpartyValues): Promise<CounterpartyRow> {
  const [row] = await tx
    .insert(counterparties)
    .values({ ...values, organizationId: orgId })
    .returning();
  if (!row) throw new Error('counterparty insert returned nothing');
  return row;
}

/** Writes the values and the next version, if the version is still the one the caller saw. */
export async function updateCounterpartyRecordRow(
  tx: Tx,
  orgId: OrgId,
  id: string,
  version: number,
  values: Partial<CounterpartyValues> & Partial<Pick<CounterpartyRow, 'isTrusted' | 'markedTrustedAt' | 'markedTrustedBy'>>,
): Promise<CounterpartyRow | null> {
  const [row] = await tx
    .update(counterparties)
    .set({ ...values, version: sql`${counterparties.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.id, id), eq(counterparties.version, version)))
    .returning();
  return row ?? null;
}

/**
 * Payments made to the counterparty stay in the payment history without it (counterparty unknown):
 * they still count as payments to their IBAN, and no row names a counterparty that is gone.
 * Answers how many were unlinked.
 */
export async function unlinkPaymentHistory(tx: Tx, orgId: OrgId, counterpartyId: string): Promise<number> {
  const unlinked = await tx
    .update(paymentHistory)
    .set({ counterpartyId: null })
    .where(and(eq(paymentHistory.organizationId, orgId), eq(paymentHistory.counterpartyId, counterpartyId)))
    .returning({ id: paymentHistory.id });
  return unlinked.length;
}

export async function deleteCounterpartyRow(tx: Tx, orgId: OrgId, id: string): Promise<void> {
  await tx.delete(counterparties).where(and(eq(counterparties.organizationId, orgId), eq(counterparties.id, id)));
}

/** Tables whose rows name one bank account of a counterparty (`bank_account_id`): its verification history. */
export const BANK_ACCOUNT_REFERENCES: readonly string[] = [
  'counterparty_email_verifications',
  'counterparty_executive_verifications',
];

/**
 * Removes the bank accounts; answers the ids removed. Their verification history stays and is
 * detached by the caller (retireBankAccountVerifications), after the delete: that waits for a
 * verification being started on an account (it holds a key-share lock on it), so the statements
 * that follow see that run or request too.
 */
export async function deleteBankAccountRows(tx: Tx, orgId: OrgId, counterpartyId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const deleted = await tx
    .delete(counterpartyBankAccounts)
    .where(
      and(
        eq(counterpartyBankAccounts.organizationId, orgId),
        eq(counterpartyBankAccounts.counterpartyId, counterpartyId),
        inArray(counterpartyBankAccounts.id, ids),
      ),
    )
    .returning({ id: counterpartyBankAccounts.id });
  return deleted.map((row) => row.id);
}

/** The verification history of these bank accounts no longer names them (bank_account_id null, schema/counterparty-trust.ts). */
export async function detachBankAccountHistory(tx: Tx, orgId: OrgId, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  for (const table of BANK_ACCOUNT_REFERENCES) {
    await tx.execute(
      sql`update ${sql.identifier(table)} set bank_account_id = null
          where organization_id = ${orgId} and bank_account_id in (${idList})`,
    );
  }
}

/** Writes the account's name, IBAN and BIC; a new IBAN records when (iban_changed_at, which the fraud checks read). */
export async function updateBankAccountRow(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
  id: string,
  values: { name: string; iban: string; bic: string | null },
  isIbanChanged: boolean,
): Promise<void> {
  await tx
    .update(counterpartyBankAccounts)
    .set({ ...values, ...(isIbanChanged ? { ibanChangedAt: sql`now()` } : {}) })
    .where(
      and(
        eq(counterpartyBankAccounts.organizationId, orgId),
        eq(counterpartyBankAccounts.counterpartyId, counterpartyId),
        eq(counterpartyBankAccounts.id, id),
      ),
    );
}

export async function insertBankAccountRows(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
  accounts: { name: string; iban: string; bic: string | null }[],
): Promise<void> {
  if (accounts.length === 0) return;
  await tx
    .insert(counterpartyBankAccounts)
    .values(accounts.map((account) => ({ ...account, organizationId: orgId, counterpartyId })));
}

/** Another counterparty of the organisation with this VAT number, if any. */
export async function findCounterpartyIdByVatNumber(
  tx: Tx,
  orgId: OrgId,
  vatNumber: string,
  exceptId: string | null,
): Promise<string | null> {
  const [row] = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(
      and(
        eq(counterparties.organizationId, orgId),
        eq(counterparties.vatNumber, vatNumber),
        exceptId ? ne(counterparties.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * The counterparty's log, newest first, with the actor's name where the actor is a user; with the
 * history of the counterparties merged into it (the log is append-only, so theirs is read along).
 */
export async function listCounterpartyActivity(tx: Tx, orgId: OrgId, counterpartyId: string): Promise<ActivityLogEntry[]> {
  const absorbedIds = await findAbsorbedCounterpartyIds(tx, orgId, counterpartyId);
  return readActivityEntries(
    tx,
    orgId,
    and(eq(activityLog.entityType, 'counterparty'), inArray(activityLog.entityId, [counterpartyId, ...absorbedIds]))!,
  );
}
