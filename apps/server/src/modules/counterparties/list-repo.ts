import { sql, type SQL } from 'drizzle-orm';
import type { CounterpartyVerificationState } from '@kontor/domain';
import { queryPrepared, type OrgId, type Tx } from '../../db/database';
import { decodeCursorValues, encodeCursorValues, invalidCursor, isUuid } from '../../lib/keyset-cursor';
import { CLOSED_INVOICE_STATUSES } from './record-repo';
import { SEARCH_MATCH_LIMIT, searchMatches, searchTermsOf, TRIGRAM_LENGTH, type SearchTerms } from './search-matches';

export interface CounterpartyListFilter {
  search: string | undefined;
  isTrusted: boolean | undefined;
  hasOpenInvoices: boolean | undefined;
  verification: CounterpartyVerificationState | undefined;
  after: ListCursor | null;
  limit: number;
}

/** The keyset position: the last row's lower-cased name and id (ARCHITECTURE §4: opaque). */
export interface ListCursor {
  name: string;
  id: string;
}

export function encodeListCursor(cursor: ListCursor): string {
  return encodeCursorValues([cursor.name, cursor.id]);
}

export function decodeListCursor(raw: string | undefined): ListCursor | null {
  if (!raw) return null;
  const [name, id] = decodeCursorValues(raw, 2);
  if (typeof name !== 'string' || !isUuid(id)) throw invalidCursor();
  return { name, id };
}

export interface CounterpartyListRow extends Record<string, unknown> {
  id: string;
  name: string;
  sort_name: string;
  vat_number: string | null;
  city: string | null;
  country: string | null;
  accounts_payable_number: string | null;
  accounts_receivable_number: string | null;
  is_trusted: boolean;
  bank_account_count: number;
  open_invoice_count: number;
  verification_state: CounterpartyVerificationState;
}

/** With a search through search_counterparties: whether it found too many to drive the page. */
interface SearchPageRow extends Record<string, unknown> {
  too_many: boolean;
  /** Null on the one row that only carries too_many when the page is empty. */
  id: string | null;
}

const OPEN_STATUS = sql.raw(`i.status not in (${CLOSED_INVOICE_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/**
 * The same search as a condition on counterparties c, for walking the name index: only taken for
 * a dense search. Under row-level security PostgreSQL does not consult the statistics for ILIKE
 * (not leakproof) and guesses a handful of matches, so it would read and sort the whole
 * organisation rather than walk the index until the page is full. As a CASE the condition counts
 * as matching half the rows, which is what a dense search does.
 */
function searchFilter(terms: SearchTerms): SQL {
  const branches: SQL[] = [sql`c.name ilike ${terms.namePattern}`];
  if (terms.accountNumber) {
    branches.push(
      sql`c.accounts_payable_number = ${terms.accountNumber}`,
      sql`c.accounts_receivable_number = ${terms.accountNumber}`,
    );
  }
  if (terms.vatPrefix) branches.push(sql`c.vat_number like ${`${terms.vatPrefix}%`}`);
  if (terms.ibanPrefix) {
    // A scalar subquery, not EXISTS: that one PostgreSQL hashes over all the organisation's
    // accounts before the first row; this one is a probe per row walked, and few are.
    branches.push(sql`coalesce((select true from counterparty_bank_accounts b where b.organization_id = c.organization_id
      and b.counterparty_id = c.id and b.iban like ${`${terms.ibanPrefix}%`} limit 1), false)`);
  }
  return sql`case when ${sql.join(branches, sql` or `)} then true else false end`;
}

/** The page's columns from `p` (a counterparty with its sort_name); the counts are probes of indexes on (organization_id, counterparty_id). */
const PAGE_COLUMNS = sql`p.id, p.name, p.sort_name, p.vat_number, p.city, p.country, p.accounts_payable_number,
       p.accounts_receivable_number, p.is_trusted,
       (select count(*)::int from counterparty_bank_accounts b
         where b.organization_id = p.organization_id and b.counterparty_id = p.id) as bank_account_count,
       (select count(*)::int from invoices i
         where i.organization_id = p.organization_id and i.counterparty_id = p.id and ${OPEN_STATUS}) as open_invoice_count,
       p.verification_state`;

/** The verification filter on counterparties c (the stored state, migration 0022). */
function verificationCondition(state: CounterpartyVerificationState): SQL {
  return sql`c.verification_state = ${state}`;
}

function openInvoicesCondition(hasOpenInvoices: boolean): SQL {
  const open = sql`exists (select 1 from invoices i where i.organization_id = c.organization_id and i.counterparty_id = c.id and ${OPEN_STATUS})`;
  return hasOpenInvoices ? open : sql`not ${open}`;
}

/** One keyset page walking counterparties_lower_name_idx, the search (if any) as a filter. */
function walkStatement(orgId: OrgId, filter: CounterpartyListFilter, search: SQL | null): SQL {
  const conditions: SQL[] = [sql`c.organization_id = ${orgId}`];
  if (search) conditions.push(search);
  if (filter.isTrusted !== undefined) conditions.push(sql`c.is_trusted = ${filter.isTrusted}`);
  if (filter.hasOpenInvoices !== undefined) conditions.push(openInvoicesCondition(filter.hasOpenInvoices));
  if (filter.verification) conditions.push(verificationCondition(filter.verification));
  if (filter.after) conditions.push(sql`(lower(c.name), c.id) > (${filter.after.name}, ${filter.after.id}::uuid)`);
  return sql`
    select ${PAGE_COLUMNS}
      from (select c.*, lower(c.name) as sort_name from counterparties c
             where ${sql.join(conditions, sql` and `)}
             order by lower(c.name), c.id
             limit ${filter.limit + 1}) p
     order by p.sort_name, p.id`;
}

/**
 * One keyset page driven by the search's matches: sorted and deduplicated from the matches alone,
 * then each row of the page fetched by primary key (the lateral subquery with LIMIT cannot be
 * flattened, so no plan walks the organisation to hash-join the matches). Whether there were too
 * many comes along on a row of its own when the page is empty, never mistaken for "none".
 */
function matchesStatement(orgId: OrgId, filter: CounterpartyListFilter, terms: SearchTerms): SQL {
  const keyset = filter.after ? sql`and (lower(m.name), m.id) > (${filter.after.name}, ${filter.after.id}::uuid)` : sql``;
  const pageConditions = [
    ...(filter.hasOpenInvoices !== undefined ? [openInvoicesCondition(filter.hasOpenInvoices)] : []),
    ...(filter.verification ? [verificationCondition(filter.verification)] : []),
  ];
  const pageFilter = pageConditions.length > 0 ? sql`where ${sql.join(pageConditions, sql` and `)}` : sql``;
  return sql`
    with search_matches as materialized (${searchMatches(terms, filter.isTrusted, SEARCH_MATCH_LIMIT)})
    select page.*, counted.too_many
      from (select coalesce(bool_or(m.id is null), false) as too_many from search_matches m) counted
      left join (
        select ${PAGE_COLUMNS}
          from (select c.*, m.sort_name
                  from (select distinct m.id, lower(m.name) as sort_name from search_matches m
                         where m.id is not null ${keyset}
                           and not exists (select 1 from search_matches s where s.id is null)
                         order by sort_name, m.id) m
                 cross join lateral (select * from counterparties c
                                      where c.organization_id = ${orgId} and c.id = m.id limit 1) c
                 ${pageFilter}
                 order by m.sort_name, m.id
                 limit ${filter.limit + 1}) p
      ) page on true
     order by page.sort_name, page.id`;
}

/**
 * One keyset page by (lower(name), id), one row more than asked (to know whether there is a
 * next page). A search is answered from its matches (search_counterparties) unless a part of it
 * matches more than SEARCH_MATCH_LIMIT: then the name index is walked with the search as a
 * filter, as a one-off statement so that its plan is made for the actual search.
 */
export async function listCounterpartyRows(tx: Tx, orgId: OrgId, filter: CounterpartyListFilter): Promise<CounterpartyListRow[]> {
  if (!filter.search) return queryPrepared<CounterpartyListRow>(tx, walkStatement(orgId, filter, null), 'counterparty_list');
  const terms = searchTermsOf(filter.search);
  // Too short for a trigram: the index would hand over every row, and the search is dense anyway.
  if (filter.search.length < TRIGRAM_LENGTH) {
    return (await tx.execute<CounterpartyListRow>(walkStatement(orgId, filter, searchFilter(terms))))
      .rows as CounterpartyListRow[];
  }
  const rows = await queryPrepared<SearchPageRow>(tx, matchesStatement(orgId, filter, terms), 'counterparty_search');
  if (!rows[0]?.too_many) return rows.filter((row): row is SearchPageRow & CounterpartyListRow => row.id !== null);
  return (await tx.execute<CounterpartyListRow>(walkStatement(orgId, filter, searchFilter(terms)))).rows as CounterpartyListRow[];
}
