import { and, eq, sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { counterparties, counterpartyBankAccounts } from '../../db/schema';
import { rankedPage, type RankedRow } from './ranked-search';
import { searchTermsOf } from './search-matches';

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
 * qualified names (`owner` is the counterparty's table or alias): drizzle leaves the outer
 * table's columns unqualified, which inside this subquery would resolve to the bank account's own
 * columns.
 */
const firstBankAccount = (column: 'iban' | 'bic', owner = 'counterparties') =>
  sql<string | null>`(select b.${sql.raw(column)} from counterparty_bank_accounts b
     where b.organization_id = ${sql.raw(owner)}.organization_id and b.counterparty_id = ${sql.raw(owner)}.id
     order by b.created_at, b.id limit 1)`;

const summaryColumns = {
  id: counterparties.id,
  name: counterparties.name,
  vatNumber: counterparties.vatNumber,
  accountsPayableNumber: counterparties.accountsPayableNumber,
  iban: firstBankAccount('iban'),
  bic: firstBankAccount('bic'),
};

interface LookupRow extends RankedRow {
  name: string;
  vat_number: string | null;
  accounts_payable_number: string | null;
  iban: string | null;
  bic: string | null;
}

const LOOKUP_COLUMNS = sql`p.id, p.name, p.sort_name, p.rank, p.vat_number, p.accounts_payable_number,
  ${firstBankAccount('iban', 'p')} as iban, ${firstBankAccount('bic', 'p')} as bic`;

/**
 * The invoice form's picker: the same search as the list (name, AP/AR number, VAT number, IBAN
 * start), the names starting with the search first (ranked-search.ts).
 */
export async function searchCounterpartyRows(
  tx: Tx,
  orgId: OrgId,
  search: string | undefined,
  limit: number,
): Promise<CounterpartySummaryRow[]> {
  const rows = await rankedPage<LookupRow>(tx, {
    orgId,
    terms: search ? searchTermsOf(search) : null,
    isTrusted: undefined,
    filters: [],
    after: null,
    limit,
    columns: LOOKUP_COLUMNS,
    label: 'counterparty_lookup',
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    vatNumber: row.vat_number,
    accountsPayableNumber: row.accounts_payable_number,
    iban: row.iban,
    bic: row.bic,
  }));
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
  values: {
    name: string;
    vatNumber: string | null;
    accountsPayableNumber: string | null;
    email?: string | null;
    street?: string | null;
    zip?: string | null;
    city?: string | null;
    country?: string | null;
  },
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
