import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { companyBankAccounts } from '../../db/schema';

export type CompanyBankAccountRow = typeof companyBankAccounts.$inferSelect;
export type CompanyBankAccountValues = Pick<
  CompanyBankAccountRow,
  'name' | 'iban' | 'bic' | 'isDefaultDebitor' | 'ledgerAccountId'
>;

export async function listCompanyBankAccountRows(tx: Tx, orgId: OrgId): Promise<CompanyBankAccountRow[]> {
  return tx
    .select()
    .from(companyBankAccounts)
    .where(eq(companyBankAccounts.organizationId, orgId))
    .orderBy(desc(companyBankAccounts.isDefaultDebitor), asc(companyBankAccounts.name), asc(companyBankAccounts.iban));
}

export async function findCompanyBankAccountRow(
  tx: Tx,
  orgId: OrgId,
  id: string,
  forUpdate = false,
): Promise<CompanyBankAccountRow | null> {
  const query = tx
    .select()
    .from(companyBankAccounts)
    .where(and(eq(companyBankAccounts.organizationId, orgId), eq(companyBankAccounts.id, id)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertCompanyBankAccountRow(
  tx: Tx,
  orgId: OrgId,
  values: CompanyBankAccountValues,
): Promise<CompanyBankAccountRow> {
  const [row] = await tx
    .insert(companyBankAccounts)
    .values({ organizationId: orgId, ...values })
    .returning();
  return row!;
}

export async function updateCompanyBankAccountRow(
  tx: Tx,
  orgId: OrgId,
  id: string,
  version: number,
  values: CompanyBankAccountValues,
): Promise<CompanyBankAccountRow | null> {
  const [row] = await tx
    .update(companyBankAccounts)
    .set({ ...values, version: sql`${companyBankAccounts.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(companyBankAccounts.organizationId, orgId),
        eq(companyBankAccounts.id, id),
        eq(companyBankAccounts.version, version),
      ),
    )
    .returning();
  return row ?? null;
}

/** Takes the default flag from every other account; their versions move so open forms see the change. */
export async function clearOtherDefaultDebitors(tx: Tx, orgId: OrgId, keepId: string | null): Promise<void> {
  await tx
    .update(companyBankAccounts)
    .set({ isDefaultDebitor: false, version: sql`${companyBankAccounts.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(companyBankAccounts.organizationId, orgId),
        eq(companyBankAccounts.isDefaultDebitor, true),
        keepId ? ne(companyBankAccounts.id, keepId) : undefined,
      ),
    );
}

export async function deleteCompanyBankAccountRow(tx: Tx, orgId: OrgId, id: string): Promise<void> {
  await tx.delete(companyBankAccounts).where(and(eq(companyBankAccounts.organizationId, orgId), eq(companyBankAccounts.id, id)));
}
