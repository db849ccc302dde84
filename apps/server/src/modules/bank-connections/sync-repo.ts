import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AccountSyncStatus, BankConnectionStatus } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { bankConnections, companyBankAccounts } from '../../db/schema';

/**
 * The sync's writes. None moves a version: a sync is the server's work, not an edit, and a person
 * editing the account meanwhile must not get a 409 for it (as the VAT check does).
 */
export async function writeSyncStatus(
  tx: Tx,
  orgId: OrgId,
  accountIds: string[],
  status: AccountSyncStatus,
  error: string | null = null,
): Promise<void> {
  if (accountIds.length === 0) return;
  await tx
    .update(companyBankAccounts)
    .set({ syncStatus: status, syncError: error })
    .where(and(eq(companyBankAccounts.organizationId, orgId), inArray(companyBankAccounts.id, accountIds)));
}

export async function writeAccountSynced(
  tx: Tx,
  orgId: OrgId,
  accountId: string,
  result: { balance: number | null; balanceDate: string | null; at: Date; added: number },
): Promise<void> {
  await tx
    .update(companyBankAccounts)
    .set({
      syncStatus: 'done',
      syncError: null,
      lastSyncAt: result.at,
      balance: result.balance,
      balanceDate: result.balanceDate,
      lastSyncAdded: result.added,
    })
    .where(and(eq(companyBankAccounts.organizationId, orgId), eq(companyBankAccounts.id, accountId)));
}

export async function writeConnectionStatus(tx: Tx, orgId: OrgId, id: string, status: BankConnectionStatus): Promise<void> {
  await tx
    .update(bankConnections)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(bankConnections.organizationId, orgId), eq(bankConnections.id, id)));
}

/** Every active connection of every organisation (the scheduled sync's dispatch, as the owner). */
export async function listActiveConnections(tx: Tx): Promise<{ organizationId: string; id: string }[]> {
  return tx
    .select({ organizationId: bankConnections.organizationId, id: bankConnections.id })
    .from(bankConnections)
    .where(eq(bankConnections.status, 'active'));
}
