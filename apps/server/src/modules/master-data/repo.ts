import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { costCenters, ledgerAccounts, taxKeys } from '../../db/schema';

export type CostCenterRow = typeof costCenters.$inferSelect;
export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type TaxKeyRow = typeof taxKeys.$inferSelect;

/** Rows per INSERT statement in imports: well below PostgreSQL's 65,535 bind parameters. */
export const IMPORT_BATCH_SIZE = 1000;

export function chunk<T>(items: readonly T[], size = IMPORT_BATCH_SIZE): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

const bumpVersion = <T extends { version: unknown }>(table: T) => ({
  version: sql`${table.version} + 1`,
  updatedAt: sql`now()`,
});

// Cost centres ------------------------------------------------------------------------------

export async function listCostCenterRows(tx: Tx, orgId: OrgId, type?: 1 | 2): Promise<CostCenterRow[]> {
  return tx
    .select()
    .from(costCenters)
    .where(and(eq(costCenters.organizationId, orgId), type ? eq(costCenters.type, type) : undefined))
    .orderBy(asc(costCenters.type), asc(costCenters.code));
}

export async function findCostCenterRow(tx: Tx, orgId: OrgId, id: string, forUpdate = false): Promise<CostCenterRow | null> {
  const query = tx
    .select()
    .from(costCenters)
    .where(and(eq(costCenters.organizationId, orgId), eq(costCenters.id, id)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertCostCenterRow(
  tx: Tx,
  orgId: OrgId,
  values: { code: string; name: string; type: 1 | 2 },
): Promise<CostCenterRow> {
  const [row] = await tx
    .insert(costCenters)
    .values({ organizationId: orgId, ...values })
    .returning();
  return row!;
}

/** Inserts what is new; rows another transaction inserted meanwhile come back as not inserted. */
export async function insertCostCenterRowsIgnoringExisting(
  tx: Tx,
  orgId: OrgId,
  rows: readonly { code: string; name: string; type: 1 | 2 }[],
): Promise<{ code: string; type: 1 | 2 }[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(costCenters)
    .values(rows.map((row) => ({ organizationId: orgId, ...row })))
    .onConflictDoNothing()
    .returning({ code: costCenters.code, type: costCenters.type });
}

/** Optimistic update: null when the version moved on or the row is gone. */
export async function updateCostCenterRow(
  tx: Tx,
  orgId: OrgId,
  id: string,
  version: number,
  values: { code: string; name: string; type: 1 | 2 },
): Promise<CostCenterRow | null> {
  const [row] = await tx
    .update(costCenters)
    .set({ ...values, ...bumpVersion(costCenters) })
    .where(and(eq(costCenters.organizationId, orgId), eq(costCenters.id, id), eq(costCenters.version, version)))
    .returning();
  return row ?? null;
}

export async function deleteCostCenterRow(tx: Tx, orgId: OrgId, id: string): Promise<void> {
  await tx.delete(costCenters).where(and(eq(costCenters.organizationId, orgId), eq(costCenters.id, id)));
}

// Ledger accounts ---------------------------------------------------------------------------

export async function listLedgerAccountRows(tx: Tx, orgId: OrgId): Promise<LedgerAccountRow[]> {
  // Codes are digits of varying length (SKR03 4-digit, some charts 5+): sort them as numbers.
  return tx
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.organizationId, orgId))
    .orderBy(sql`length(${ledgerAccounts.code})`, asc(ledgerAccounts.code));
}

export async function findLedgerAccountRow(
  tx: Tx,
  orgId: OrgId,
  id: string,
  forUpdate = false,
): Promise<LedgerAccountRow | null> {
  const query = tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.organizationId, orgId), eq(ledgerAccounts.id, id)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertLedgerAccountRow(
  tx: Tx,
  orgId: OrgId,
  values: { code: string; name: string },
): Promise<LedgerAccountRow> {
  const [row] = await tx
    .insert(ledgerAccounts)
    .values({ organizationId: orgId, ...values })
    .returning();
  return row!;
}

export async function insertLedgerAccountRowsIgnoringExisting(
  tx: Tx,
  orgId: OrgId,
  rows: readonly { code: string; name: string }[],
): Promise<{ code: string }[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(ledgerAccounts)
    .values(rows.map((row) => ({ organizationId: orgId, ...row })))
    .onConflictDoNothing()
    .returning({ code: ledgerAccounts.code });
}

export async function updateLedgerAccountRow(
  tx: Tx,
  orgId: OrgId,
  id: string,
  version: number,
  values: { code: string; name: string },
): Promise<LedgerAccountRow | null> {
  const [row] = await tx
    .update(ledgerAccounts)
    .set({ ...values, ...bumpVersion(ledgerAccounts) })
    .where(and(eq(ledgerAccounts.organizationId, orgId), eq(ledgerAccounts.id, id), eq(ledgerAccounts.version, version)))
    .returning();
  return row ?? null;
}

export async function deleteLedgerAccountRow(tx: Tx, orgId: OrgId, id: string): Promise<void> {
  await tx.delete(ledgerAccounts).where(and(eq(ledgerAccounts.organizationId, orgId), eq(ledgerAccounts.id, id)));
}

// Tax keys ----------------------------------------------------------------------------------

export type TaxKeyValues = Pick<TaxKeyRow, 'name' | 'externalCode' | 'type' | 'description' | 'rate'>;

export async function listTaxKeyRows(tx: Tx, orgId: OrgId): Promise<TaxKeyRow[]> {
  return tx.select().from(taxKeys).where(eq(taxKeys.organizationId, orgId));
}

export async function findTaxKeyRow(tx: Tx, orgId: OrgId, id: string, forUpdate = false): Promise<TaxKeyRow | null> {
  const query = tx
    .select()
    .from(taxKeys)
    .where(and(eq(taxKeys.organizationId, orgId), eq(taxKeys.id, id)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertTaxKeyRow(tx: Tx, orgId: OrgId, values: TaxKeyValues): Promise<TaxKeyRow> {
  const [row] = await tx
    .insert(taxKeys)
    .values({ organizationId: orgId, ...values, isSystem: false })
    .returning();
  return row!;
}

export async function insertTaxKeyRowsIgnoringExisting(
  tx: Tx,
  orgId: OrgId,
  rows: readonly TaxKeyValues[],
): Promise<{ name: string }[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(taxKeys)
    .values(rows.map((row) => ({ organizationId: orgId, ...row, isSystem: false })))
    .onConflictDoNothing()
    .returning({ name: taxKeys.name });
}

export async function updateTaxKeyRow(
  tx: Tx,
  orgId: OrgId,
  id: string,
  version: number,
  values: Partial<TaxKeyValues>,
): Promise<TaxKeyRow | null> {
  const [row] = await tx
    .update(taxKeys)
    .set({ ...values, ...bumpVersion(taxKeys) })
    .where(and(eq(taxKeys.organizationId, orgId), eq(taxKeys.id, id), eq(taxKeys.version, version)))
    .returning();
  return row ?? null;
}

export async function deleteTaxKeyRow(tx: Tx, orgId: OrgId, id: string): Promise<void> {
  await tx.delete(taxKeys).where(and(eq(taxKeys.organizationId, orgId), eq(taxKeys.id, id)));
}
