import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { bankConnections, companyBankAccounts } from '../../db/schema';

export type BankConnectionRow = typeof bankConnections.$inferSelect;
export type ConnectedAccountRow = typeof companyBankAccounts.$inferSelect;
type ConnectionChanges = Partial<Omit<BankConnectionRow, 'organizationId' | 'id' | 'version' | 'createdAt' | 'updatedAt'>>;

export async function insertConnectionRow(
  tx: Tx,
  orgId: OrgId,
  values: Pick<
    BankConnectionRow,
    'id' | 'provider' | 'institutionId' | 'institutionName' | 'country' | 'consentId' | 'stateNonce' | 'createdBy'
  >,
): Promise<BankConnectionRow> {
  const [row] = await tx
    .insert(bankConnections)
    .values({ organizationId: orgId, ...values })
    .returning();
  return row!;
}

export async function findConnectionRow(tx: Tx, orgId: OrgId, id: string, forUpdate = false): Promise<BankConnectionRow | null> {
  const query = tx
    .select()
    .from(bankConnections)
    .where(and(eq(bankConnections.organizationId, orgId), eq(bankConnections.id, id)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The organisation's connections that hold or held access, or wait for their accounts, newest
 * first. Attempts that never got a consent (pending, denied) and disconnected ones are not listed:
 * the connect page reads those by id.
 */
export async function listConnectionRows(tx: Tx, orgId: OrgId): Promise<BankConnectionRow[]> {
  return tx
    .select()
    .from(bankConnections)
    .where(
      and(eq(bankConnections.organizationId, orgId), inArray(bankConnections.status, ['awaiting_accounts', 'active', 'expired'])),
    )
    .orderBy(desc(bankConnections.createdAt), asc(bankConnections.id));
}

/** A change the person made (their form's version moves); the server's own bookkeeping uses touchConnection. */
export async function updateConnectionRow(
  tx: Tx,
  orgId: OrgId,
  id: string,
  changes: ConnectionChanges,
): Promise<BankConnectionRow> {
  const [row] = await tx
    .update(bankConnections)
    .set({ ...changes, version: sql`${bankConnections.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(bankConnections.organizationId, orgId), eq(bankConnections.id, id)))
    .returning();
  return row!;
}

/** The accounts connected through these connections (company bank accounts), by name. */
export async function listConnectedAccountRows(tx: Tx, orgId: OrgId, connectionIds: string[]): Promise<ConnectedAccountRow[]> {
  if (connectionIds.length === 0) return [];
  return tx
    .select()
    .from(companyBankAccounts)
    .where(and(eq(companyBankAccounts.organizationId, orgId), inArray(companyBankAccounts.bankConnectionId, connectionIds)))
    .orderBy(asc(companyBankAccounts.name), asc(companyBankAccounts.iban));
}

/** The IBANs among `ibans` that another connection of the organisation has connected already. */
export async function findIbansConnectedElsewhere(
  tx: Tx,
  orgId: OrgId,
  connectionId: string,
  ibans: string[],
): Promise<Set<string>> {
  if (ibans.length === 0) return new Set();
  const rows = await tx
    .select({ iban: companyBankAccounts.iban })
    .from(companyBankAccounts)
    .where(
      and(
        eq(companyBankAccounts.organizationId, orgId),
        inArray(companyBankAccounts.iban, ibans),
        isNotNull(companyBankAccounts.bankConnectionId),
        ne(companyBankAccounts.bankConnectionId, connectionId),
      ),
    );
  return new Set(rows.map((row) => row.iban));
}

/** An unconnected company bank account with this IBAN to link instead of adding a second one: the default debitor first. */
export async function findLinkableAccountRow(tx: Tx, orgId: OrgId, iban: string): Promise<ConnectedAccountRow | null> {
  const [row] = await tx
    .select()
    .from(companyBankAccounts)
    .where(
      and(
        eq(companyBankAccounts.organizationId, orgId),
        eq(companyBankAccounts.iban, iban),
        sql`${companyBankAccounts.bankConnectionId} is null`,
      ),
    )
    .orderBy(desc(companyBankAccounts.isDefaultDebitor), asc(companyBankAccounts.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

export interface AccountLink {
  bankConnectionId: string;
  providerAccountId: string;
  accessValidUntil: Date | null;
  balance: number | null;
  balanceDate: string | null;
}

/** Links a company bank account to the connection; its version moves so an open form sees the change. */
export async function linkAccountRow(tx: Tx, orgId: OrgId, id: string, link: AccountLink): Promise<void> {
  await tx
    .update(companyBankAccounts)
    .set({
      ...link,
      syncStatus: 'pending',
      syncError: null,
      version: sql`${companyBankAccounts.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(companyBankAccounts.organizationId, orgId), eq(companyBankAccounts.id, id)));
}

export async function insertConnectedAccountRow(
  tx: Tx,
  orgId: OrgId,
  values: { name: string; iban: string; bic: string | null } & AccountLink,
): Promise<void> {
  await tx.insert(companyBankAccounts).values({ organizationId: orgId, ...values, syncStatus: 'pending' });
}

/** A renewal: the same account under the new consent's id, with the new validity. */
export async function relinkAccountRow(
  tx: Tx,
  orgId: OrgId,
  id: string,
  providerAccountId: string,
  accessValidUntil: Date | null,
): Promise<void> {
  await tx
    .update(companyBankAccounts)
    .set({ providerAccountId, accessValidUntil, syncStatus: 'pending', syncError: null })
    .where(and(eq(companyBankAccounts.organizationId, orgId), eq(companyBankAccounts.id, id)));
}

/**
 * Ends the link (disconnect, or an account a renewed consent no longer covers): the account stays
 * as master data with its last balance and sync date, without access.
 */
export async function unlinkAccountRows(tx: Tx, orgId: OrgId, connectionId: string, onlyIds?: string[]): Promise<void> {
  if (onlyIds?.length === 0) return;
  await tx
    .update(companyBankAccounts)
    .set({
      bankConnectionId: null,
      providerAccountId: null,
      accessValidUntil: null,
      syncStatus: null,
      syncError: null,
      version: sql`${companyBankAccounts.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(companyBankAccounts.organizationId, orgId),
        eq(companyBankAccounts.bankConnectionId, connectionId),
        onlyIds ? inArray(companyBankAccounts.id, onlyIds) : undefined,
      ),
    );
}
