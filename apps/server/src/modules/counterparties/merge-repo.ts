import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CounterpartyMergeMoves } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { counterparties, counterpartyBankAccounts, invoices } from '../../db/schema';
import { BANK_ACCOUNT_REFERENCES, CLOSED_INVOICE_STATUSES } from './record-repo';

/**
 * Tables whose rows name a counterparty (by `counterparty_id`, with `organization_id`) and move
 * to the survivor as they are. Bank accounts are not here: they are de-duplicated by IBAN.
 * The merge test asks information_schema for every `counterparty_id` column, so a table that is
 * missing here fails it instead of being left behind (or cascade-deleted) silently. The
 * application's role needs UPDATE on each table's counterparty_id (payment_history: migration 0037).
 */
const MOVED_REFERENCES: readonly { key: keyof CounterpartyMergeMoves; table: string; hasVersion: boolean }[] = [
  { key: 'invoices', table: 'invoices', hasVersion: true },
  { key: 'transactions', table: 'transactions', hasVersion: true },
  { key: 'emailVerifications', table: 'counterparty_email_verifications', hasVersion: true },
  { key: 'executiveVerifications', table: 'counterparty_executive_verifications', hasVersion: true },
  // Payments already made: "IBAN never paid before" and the amount history count them per counterparty.
  { key: 'paymentHistory', table: 'payment_history', hasVersion: false },
  { key: 'receivables', table: 'ar_invoices', hasVersion: true },
];

/** How many rows of each moved table name the counterparty (the preview's counts). */
export async function countMovedReferences(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
): Promise<Omit<CounterpartyMergeMoves, 'bankAccounts' | 'duplicateBankAccounts'>> {
  const counts = {
    invoices: 0,
    transactions: 0,
    emailVerifications: 0,
    executiveVerifications: 0,
    paymentHistory: 0,
    receivables: 0,
  };
  // Sequential: a transaction is one connection.
  for (const reference of MOVED_REFERENCES) {
    const result = await tx.execute<{ count: number }>(
      sql`select count(*)::int as count from ${sql.identifier(reference.table)}
          where organization_id = ${orgId} and counterparty_id = ${counterpartyId}`,
    );
    counts[reference.key as keyof typeof counts] = result.rows[0]?.count ?? 0;
  }
  return counts;
}

/**
 * Re-points every moved table from the merged counterparty to the survivor. Versioned rows get a
 * new version, so that someone editing one of them with the old counterparty gets a 409 instead
 * of writing the deleted id back.
 */
export async function moveReferences(tx: Tx, orgId: OrgId, mergedId: string, survivorId: string): Promise<void> {
  for (const reference of MOVED_REFERENCES) {
    const bump = reference.hasVersion ? sql`, version = version + 1, updated_at = now()` : sql``;
    await tx.execute(
      sql`update ${sql.identifier(reference.table)} set counterparty_id = ${survivorId}${bump}
          where organization_id = ${orgId} and counterparty_id = ${mergedId}`,
    );
  }
}

/** The invoices that name the merged counterparty (each gets its own log entry when it moves). */
export async function listInvoicesOfCounterparty(tx: Tx, orgId: OrgId, counterpartyId: string): Promise<{ id: string }[]> {
  return tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.counterpartyId, counterpartyId)));
}

/**
 * Open invoices that show one of the old names as their counterparty name (copied from the record
 * when the invoice was entered) show the survivor's name instead. Invoices that are done with
 * (cancelled, archived, exported) keep what was booked; a name read from the document that
 * differs from the record is the document's and is kept too.
 */
export async function renameOpenInvoices(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
  oldNames: string[],
  newName: string,
): Promise<{ id: string; oldName: string }[]> {
  const names = [...new Set(oldNames)].filter((name) => name !== newName);
  if (names.length === 0) return [];
  // The self-join hands back the name before the update, for each invoice's own log entry.
  const result = await tx.execute<{ id: string; old_name: string }>(sql`
    update invoices as renamed
    set counterparty_name = ${newName}, version = renamed.version + 1, updated_at = now()
    from invoices as before
    where before.organization_id = renamed.organization_id and before.id = renamed.id
      and renamed.organization_id = ${orgId} and renamed.counterparty_id = ${counterpartyId}
      and renamed.counterparty_name in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})
      and renamed.status not in (${sql.join(
        CLOSED_INVOICE_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
    returning renamed.id, before.counterparty_name as old_name`);
  return result.rows.map((row) => ({ id: row.id, oldName: row.old_name }));
}

/** Moves the merged one's bank accounts (those not dropped as duplicates) to the survivor. */
export async function moveBankAccounts(tx: Tx, orgId: OrgId, mergedId: string, survivorId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(counterpartyBankAccounts)
    .set({ counterpartyId: survivorId })
    .where(
      and(
        eq(counterpartyBankAccounts.organizationId, orgId),
        eq(counterpartyBankAccounts.counterpartyId, mergedId),
        inArray(counterpartyBankAccounts.id, ids),
      ),
    );
}

/** The verification history of a dropped duplicate account continues on the survivor's account with that IBAN. */
export async function repointBankAccountHistory(tx: Tx, orgId: OrgId, fromAccountId: string, toAccountId: string): Promise<void> {
  for (const table of BANK_ACCOUNT_REFERENCES) {
    await tx.execute(
      sql`update ${sql.identifier(table)} set bank_account_id = ${toAccountId}
          where organization_id = ${orgId} and bank_account_id = ${fromAccountId}`,
    );
  }
}

/** Locks both counterparties in one fixed order (by id), so two merges of the same pair cannot deadlock. */
export async function lockCounterpartyPair(tx: Tx, orgId: OrgId, ids: [string, string]) {
  return tx
    .select()
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), inArray(counterparties.id, ids)))
    .orderBy(counterparties.id)
    .for('update');
}
