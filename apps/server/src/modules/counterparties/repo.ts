import { and, asc, eq, sql } from 'drizzle-orm';
import { queryPrepared, type OrgId, type Tx } from '../../db/database';
import { counterparties, counterpartyBankAccounts } from '../../db/schema';
import { escapeLike, likePattern } from '../../lib/like-pattern';
import { SEARCH_MATCH_LIMIT, searchMatches, TRIGRAM_LENGTH, type SearchTerms } from './search-matches';

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

/** Name contains the search, names starting with it first; the organisation walked in name order. */
function walkSearch(tx: Tx, orgId: OrgId, search: string | undefined, limit: number): Promise<CounterpartySummaryRow[]> {
  const pattern = search ? escapeLike(search) : '';
  return tx
    .select(summaryColumns)
    .from(counterparties)
    .where(
      and(eq(counterparties.organizationId, orgId), pattern ? sql`${counterparties.name} ilike ${`%${pattern}%`}` : undefined),
    )
    .orderBy(
      ...(pattern ? [sql`${counterparties.name} ilike ${`${pattern}%`} desc`] : []),
      asc(counterparties.name),
      asc(counterparties.id),
    )
    .limit(limit);
}

interface LookupRow extends Record<string, unknown> {
  too_many: boolean;
  /** Null on the one row that only carries too_many when nothing matched. */
  id: string | null;
  name: string;
  vat_number: string | null;
  accounts_payable_number: string | null;
  iban: string | null;
  bic: string | null;
}

/**
 * Name contains the search, names starting with it first (the invoice form's picker). The
 * matches come from search_counterparties (trigram index, migration 0018) and are sorted alone;
 * only the rows shown are fetched. A search of a letter or two, or with more matches than
 * SEARCH_MATCH_LIMIT: the organisation's counterparties are walked instead.
 */
export async function searchCounterpartyRows(
  tx: Tx,
  orgId: OrgId,
  search: string | undefined,
  limit: number,
): Promise<CounterpartySummaryRow[]> {
  if (!search || search.length < TRIGRAM_LENGTH) return walkSearch(tx, orgId, search, limit);
  const terms: SearchTerms = { namePattern: likePattern(search), accountNumber: null, vatPrefix: null, ibanPrefix: null };
  const firstAccount = (column: 'iban' | 'bic') =>
    sql.raw(`(select b.${column} from counterparty_bank_accounts b
       where b.organization_id = c.organization_id and b.counterparty_id = c.id order by b.created_at, b.id limit 1)`);
  const statement = sql`
    with search_matches as materialized (${searchMatches(terms, undefined, SEARCH_MATCH_LIMIT)})
    select found.*, counted.too_many
      from (select coalesce(bool_or(m.id is null), false) as too_many from search_matches m) counted
      left join (
        select c.id, c.name, c.vat_number, c.accounts_payable_number, ${firstAccount('iban')} as iban,
               ${firstAccount('bic')} as bic, m.starts
          from (select distinct m.id, m.name, m.name ilike ${`${escapeLike(search)}%`} as starts from search_matches m
                 where m.id is not null and not exists (select 1 from search_matches s where s.id is null)
                 order by starts desc, m.name, m.id
                 limit ${limit}) m
         cross join lateral (select * from counterparties c where c.organization_id = ${orgId} and c.id = m.id limit 1) c
      ) found on true
     order by found.starts desc, found.name, found.id`;
  const rows = await queryPrepared<LookupRow>(tx, statement, 'counterparty_lookup');
  if (rows[0]?.too_many) return walkSearch(tx, orgId, search, limit);
  return rows
    .filter((row): row is LookupRow & { id: string } => row.id !== null)
    .map((row) => ({
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
