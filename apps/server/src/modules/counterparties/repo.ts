import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { counterparties, counterpartyBankAccounts } from '../../db/schema';

export interface CounterpartySummaryRow {
  id: string;
  name: string;
  vatNumber: string | null;
  accountsPayableNumber: string | null;
  iban: string | null;
  bic: string | null;
}

/**
 * The first bank account (oldest) stands for the counterparty in the invoice form. Written with
 * qualified names: drizzle leaves the outer table's columns unqualified, which inside this
 * subquery would resolve to the bank account's own columns.
 */
const firstBankAccount = (column: 'iban' | 'bic') =>
  sql<string | null>`(select b.${sql.raw(column)} from counterparty_bank_accounts b
     where b.organization_id = counterparties.organization_id and b.counterparty_id = counterparties.id
     order by b.created_at, b.id limit 1)`;

const summaryColumns = {
  id: counterparties.id,
  name: counterparties.name,
  vatNumber: counterparties.vatNumber,
  accountsPayableNumber: counterparties.accountsPayableNumber,
  iban: firstBankAccount('iban'),
  bic: firstBankAccount('bic'),
};

/** `%`, `_` and `\` in the search are literal characters, not patterns. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Name contains the search (trigram index), names starting with it first. */
export async function searchCounterpartyRows(
  tx: Tx,
  orgId: OrgId,
  search: string | undefined,
  limit: number,
): Promise<CounterpartySummaryRow[]> {
  const term = search ? escapeLike(search) : '';
  return tx
    .select(summaryColumns)
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), term ? sql`${counterparties.name} ilike ${`%${term}%`}` : undefined))
    .orderBy(
      ...(term ? [sql`${counterparties.name} ilike ${`${term}%`} desc`] : []),
      asc(counterparties.name),
      asc(counterparties.id),
    )
    .limit(limit);
}

export async function findCounterpartySummaryRow(tx: Tx, orgId: OrgId, id: string): Promise<CounterpartySummaryRow | null> {
  const [row] = await tx
    .select(summaryColumns)
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertCounterpartyRow(
  tx: Tx,
  orgId: OrgId,
  values: { name: string; vatNumber: string | null; accountsPayableNumber: string | null },
): Promise<{ id: string }> {
  const [row] = await tx
    .insert(counterparties)
    .values({ organizationId: orgId, ...values })
    .returning({ id: counterparties.id });
  return row!;
}

export async function insertCounterpartyBankAccountRow(
  tx: Tx,
  orgId: OrgId,
  values: { counterpartyId: string; iban: string; bic: string | null; name?: string },
): Promise<void> {
  await tx.insert(counterpartyBankAccounts).values({ organizationId: orgId, ...values });
}

/**
 * The highest accounts-payable or -receivable number that is a plain number (others, e.g. "K-12",
 * are ignored).
 */
export async function findHighestAccountNumber(tx: Tx, orgId: OrgId, kind: 'payable' | 'receivable'): Promise<number | null> {
  const column = kind === 'payable' ? counterparties.accountsPayableNumber : counterparties.accountsReceivableNumber;
  const [row] = await tx
    .select({ highest: sql<string | null>`max(${column}::numeric)::text` })
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), sql`${column} ~ '^[0-9]{1,15}$'`));
  return row?.highest ? Number(row.highest) : null;
}
