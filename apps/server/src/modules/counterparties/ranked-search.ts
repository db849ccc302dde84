import { sql, type SQL } from 'drizzle-orm';
import { queryPrepared, type OrgId, type Tx } from '../../db/database';
import {
  matchesSearch,
  nameMatches,
  SEARCH_MATCH_LIMIT,
  searchTextCte,
  startsWithSearch,
  TRIGRAM_LENGTH,
  type SearchTerms,
} from './search-matches';

/**
 * Counterparty pages in (rank, search_name, id) order: rank 0 are the names starting with the
 * search, rank 1 every other match (name contains it, AP/AR number, VAT number or IBAN start),
 * each by name, as the best pickers order them. It is also what makes a search fast: the names
 * starting with it are one range of counterparties_search_name_idx read in order, so a page they
 * fill ("Müller", 1,300 matches) is one plain statement that never looks at the other matches.
 */
export type SearchRank = 0 | 1;

/** The keyset position of a row: its rank, search name and id. */
export interface RankedPosition {
  rank: SearchRank;
  name: string;
  id: string;
}

/**
 * One page: `columns` select from `p`, a counterparties row with its `sort_name` (the search
 * name) and `rank`; `filters` are conditions on the counterparty `c`.
 */
export interface RankedPageQuery {
  orgId: OrgId;
  /** Null: no search, every row is rank 0. */
  terms: SearchTerms | null;
  /** A filter applied to every part of a search (search_counterparty_names takes it as an argument). */
  isTrusted: boolean | undefined;
  /** Other filters, on counterparties c. */
  filters: SQL[];
  after: RankedPosition | null;
  /** Rows wanted. */
  limit: number;
  /** The columns of a row, from p. */
  columns: SQL;
  /** Names the prepared statements. */
  label: string;
}

export interface RankedRow extends Record<string, unknown> {
  id: string;
  sort_name: string;
  rank: SearchRank;
}

const keysetAfter = (name: SQL, id: SQL, after: RankedPosition) => sql`(${name}, ${id}) > (${after.name}, ${after.id}::uuid)`;

/** Every filter as conditions on counterparties c. */
function filterConditions(query: RankedPageQuery): SQL[] {
  return [...(query.isTrusted === undefined ? [] : [sql`c.is_trusted = ${query.isTrusted}`]), ...query.filters];
}

/**
 * Rank 0 in name order, the rows straight from counterparties_search_name_idx: the list without a
 * search (every row is rank 0, whatever rank a cursor says) or the names starting with the search.
 */
function rankZeroStatement(query: RankedPageQuery, terms: SearchTerms | null): SQL {
  const conditions = rankZeroConditions(query, terms);
  return sql`
    ${terms ? sql`with ${searchTextCte(terms)}` : sql``}
    select ${query.columns}
      from (select c.*, c.search_name as sort_name, 0 as rank from counterparties c
             where ${sql.join(conditions, sql` and `)}
             order by c.search_name, c.id
             limit ${query.limit}) p
     order by p.sort_name, p.id`;
}

/**
 * The rows of rank 0 after `after`: every row without a search, the names starting with it with
 * one (needs searchTextCte).
 */
function rankZeroConditions(query: RankedPageQuery, terms: SearchTerms | null): SQL[] {
  const conditions = [sql`c.organization_id = ${query.orgId}`, ...filterConditions(query)];
  if (terms) conditions.push(startsWithSearch(sql`c.search_name`));
  if (query.after) conditions.push(keysetAfter(sql`c.search_name`, sql`c.id`, query.after));
  return conditions;
}

/** How many rows of rank 1 a statement reads: `limit` (SQL), computed in its `ctes`. */
interface RowsWanted {
  ctes: SQL[];
  limit: SQL;
  /** Whether the page starts with the rows of the named subquery `starts_with` (rank 0). */
  withStartsWith?: boolean;
}

/** What one meaning of a search adds to the search statement. */
interface MatchPart {
  /** Named subqueries (materialized CTEs) of the part. */
  ctes: SQL[];
  /** Whether the part matched more than SEARCH_MATCH_LIMIT (rank 1 is then walked instead); null: never. */
  tooMany: SQL | null;
  /** Its matches as (id, search_name), before the rank-0 and keyset conditions. */
  rows: SQL | null;
}

/**
 * The keys of counterparty_search_keys a search can be: an AP/AR number, a VAT number start or
 * an IBAN start (one key where the last two are normalised alike).
 */
function searchKeys(terms: SearchTerms): string[] {
  return [...new Set([terms.accountNumber, terms.vatPrefix, terms.ibanPrefix].filter((key) => key !== null))];
}

/**
 * The meanings of a search beyond the names starting with it, each from its own index: the names
 * containing it (name suffix or trigram index, through search_counterparty_names), and an AP/AR
 * number, a VAT number start or an IBAN start (counterparty_search_keys, in name order).
 */
function matchParts(query: RankedPageQuery, terms: SearchTerms, limit: SQL): MatchPart[] {
  const { orgId, after } = query;
  const conditions = filterConditions(query);
  const and = conditions.length > 0 ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
  const parts: MatchPart[] = [];
  if (terms.prefix.length < TRIGRAM_LENGTH) {
    // Too short for the trigram index: every name could contain it.
    parts.push({ ctes: [], tooMany: sql`true`, rows: null });
  } else {
    // The function applies the trusted filter itself; where others drop rows after it, it must
    // hand over all its matches, not a page, and each is checked by primary key.
    const page = query.filters.length > 0 ? sql`${SEARCH_MATCH_LIMIT}` : limit;
    const filtered =
      query.filters.length > 0
        ? sql`cross join lateral (select 1 from counterparties c
                                   where c.organization_id = ${orgId} and c.id = n.id and ${sql.join(query.filters, sql` and `)} limit 1) c`
        : sql``;
    parts.push({
      ctes: [sql`name_matches as materialized (${nameMatches(terms, query.isTrusted, after?.rank === 1 ? after : null, page)})`],
      tooMany: sql`exists (select 1 from name_matches where id is null)`,
      rows: sql`select n.id, n.search_name from name_matches n ${filtered} where n.id is not null`,
    });
  }
  const keys = searchKeys(terms);
  if (keys.length > 0) {
    // Read in name order from the primary key of counterparty_search_keys (migration 0045): a page
    // of them costs a page of index entries, however many counterparties share the key.
    const filtered =
      conditions.length > 0
        ? sql` and exists (select from counterparties c where c.organization_id = ${orgId} and c.id = k.counterparty_id${and})`
        : sql``;
    parts.push({
      ctes: [],
      tooMany: null,
      rows: sql.join(
        keys.map(
          (key) => sql`select k.counterparty_id as id, k.search_name from counterparty_search_keys k
                        where k.organization_id = ${orgId} and k.key = ${key}${filtered}`,
        ),
        sql` union all `,
      ),
    });
  }
  return parts;
}

/**
 * The names starting with the search (rank 0, every column, as the plain statement reads them) as
 * the named subquery `starts_with`, and how many rows of rank 1 the page needs after them.
 */
function startsWithRows(query: RankedPageQuery, terms: SearchTerms): RowsWanted {
  return {
    ctes: [
      sql`starts_with as materialized (
        select c.*, c.search_name as sort_name, 0 as rank from counterparties c
         where ${sql.join(rankZeroConditions(query, terms), sql` and `)}
         order by c.search_name, c.id limit ${query.limit})`,
      sql`rows_left as materialized (select (${query.limit} - count(*))::int as n from starts_with)`,
    ],
    limit: sql`(select n from rows_left)`,
    withStartsWith: true,
  };
}

/**
 * The first `limit` rows of rank 1 in one statement, after the names starting with the search
 * where `withStartsWith` says so: the other matches from their indexes (matchParts), each part cut
 * to a page, then merged; where more than SEARCH_MATCH_LIMIT names contain the search, or it is too
 * short for the trigram index, rank 1 is walked in name order instead (dense enough for that). The
 * rows shown are fetched by primary key.
 */
function otherMatchesStatement(
  query: RankedPageQuery,
  terms: SearchTerms,
  { ctes: limitCtes, limit, withStartsWith }: RowsWanted,
): SQL {
  const { orgId, after } = query;
  const conditions = [sql`c.organization_id = ${orgId}`, ...filterConditions(query)];
  const rank1After = after?.rank === 1 ? after : null;
  const parts = matchParts(query, terms, limit);
  const tooMany = parts.flatMap((part) => (part.tooMany ? [part.tooMany] : []));
  // Each part's first page of rank 1 (the names containing the search: a top-N sort of at most
  // SEARCH_MATCH_LIMIT rows; the keys: read in order), read only when no part has too many.
  const rank1Conditions = [sql`not (select value from too_many)`, sql`not ${startsWithSearch(sql`m.search_name`)}`];
  if (rank1After) rank1Conditions.push(keysetAfter(sql`m.search_name`, sql`m.id`, rank1After));
  const partPages = parts.flatMap((part) =>
    part.rows
      ? [
          sql`(select m.id, m.search_name from (${part.rows}) m where ${sql.join(rank1Conditions, sql` and `)}
                order by m.search_name, m.id limit ${limit})`,
        ]
      : [],
  );
  const otherRows =
    partPages.length > 0
      ? sql`select m.id, m.search_name from (${sql.join(partPages, sql` union `)}) m
             order by m.search_name, m.id limit ${limit}`
      : sql`select null::uuid as id, null::text as search_name where false`;
  // Rank 1 walked in name order, the search a filter on every row. As a CASE it counts as
  // matching half the rows: under row-level security PostgreSQL cannot use the statistics for LIKE
  // (not leakproof) and would guess a handful of matches, then read and sort the whole
  // organisation instead of walking until the page is full.
  const walkConditions = [
    sql`(select value from too_many)`,
    ...conditions,
    sql`case when ${matchesSearch(terms)} and not ${startsWithSearch(sql`c.search_name`)} then true else false end`,
  ];
  if (rank1After) walkConditions.push(keysetAfter(sql`c.search_name`, sql`c.id`, rank1After));
  const ctes = [
    searchTextCte(terms),
    ...limitCtes,
    ...parts.flatMap((part) => part.ctes),
    sql`too_many as materialized (select ${tooMany.length > 0 ? sql.join(tooMany, sql` or `) : sql`false`} as value)`,
    sql`other_rows as materialized (${otherRows})`,
    sql`dense_rows as materialized (
      select c.id, c.search_name from counterparties c
       where ${sql.join(walkConditions, sql` and `)}
       order by c.search_name, c.id limit ${limit})`,
  ];
  const rankOne = sql`
    select ${query.columns}
      from (select * from other_rows union all select * from dense_rows
             order by search_name, id limit ${limit}) k
     join (select c.*, c.search_name as sort_name, 1 as rank from counterparties c
            where c.organization_id = ${orgId}) p on p.id = k.id`;
  return sql`
    with ${sql.join(ctes, sql`,\n         `)}
    ${withStartsWith ? sql`select ${query.columns} from starts_with p union all (${rankOne}) order by rank, sort_name, id` : sql`${rankOne} order by p.sort_name, p.id`}`;
}

/**
 * One page of counterparties in (rank, search name, id) order, at most `limit` rows. A search
 * reads the names starting with it first. A word ("Müller") mostly fills the page with them: the
 * other matches are read only, in a second round trip, when it does not. A search that can also be
 * an AP/AR number, a VAT number or an IBAN mostly does not: both ranks are read by one statement,
 * the other matches as many as the names starting with it leave open. Each statement reads with
 * its own snapshot (db/tenant-read.ts); the two ranks never share a row, so no row shows twice.
 */
export async function rankedPage<T extends RankedRow>(tx: Tx, query: RankedPageQuery): Promise<T[]> {
  const { terms, label } = query;
  if (!terms) return queryPrepared<T>(tx, rankZeroStatement(query, null), label);
  const others = (wanted: RowsWanted) => queryPrepared<T>(tx, otherMatchesStatement(query, terms, wanted), `${label}_search`);
  if (query.after?.rank === 1) return others({ ctes: [], limit: sql`${query.limit}` });
  if (terms.accountNumber || terms.vatPrefix || terms.ibanPrefix) return others(startsWithRows(query, terms));
  const first = await queryPrepared<T>(tx, rankZeroStatement(query, terms), `${label}_starts_with`);
  if (first.length >= query.limit) return first;
  return [...first, ...(await others({ ctes: [], limit: sql`${query.limit - first.length}` }))];
}
