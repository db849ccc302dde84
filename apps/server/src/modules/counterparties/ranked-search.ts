import { sql, type SQL } from 'drizzle-orm';
import { queryPrepared, type OrgId, type Tx } from '../../db/database';
import {
  matchesSearch,
  SEARCH_MATCH_LIMIT,
  searchMatches,
  startsWithSearch,
  TRIGRAM_LENGTH,
  type SearchTerms,
} from './search-matches';

/**
 * Counterparty pages in (rank, search_name, id) order: rank 0 are the names starting with the
 * search, rank 1 every other match (name contains it, AP/AR number, VAT number or IBAN start),
 * each by name, as the best pickers order them. It is also what makes a search fast: the names
 * starting with it are one range of counterparties_search_name_idx read in order, so a page they
 * fill ("Müller", 1,300 matches) never looks at the other matches.
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
  /** A filter search_counterparties applies itself. */
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
 * One keyset page walking counterparties_search_name_idx in name order: the whole list (rank 0),
 * or the matches of a search that are not in rank 0 (rank 1), the search a filter on every row
 * walked. As a CASE the search counts as matching half the rows: under row-level security
 * PostgreSQL cannot use the statistics for LIKE (not leakproof) and would guess a handful of
 * matches, then read and sort the whole organisation instead of walking until the page is full.
 */
function walkStatement(query: RankedPageQuery, rank: SearchRank, limit: number): SQL {
  const conditions: SQL[] = [sql`c.organization_id = ${query.orgId}`, ...filterConditions(query)];
  if (rank === 1 && query.terms) {
    conditions.push(
      sql`case when ${matchesSearch(query.terms)} and not ${startsWithSearch(sql`c.search_name`, query.terms)} then true else false end`,
    );
  }
  // Without a search every row is rank 0, whatever rank a cursor says.
  const { after } = query;
  if (after && (after.rank === rank || !query.terms)) conditions.push(keysetAfter(sql`c.search_name`, sql`c.id`, after));
  return sql`
    select ${query.columns}
      from (select c.*, c.search_name as sort_name, ${sql.raw(String(rank))} as rank from counterparties c
             where ${sql.join(conditions, sql` and `)}
             order by c.search_name, c.id
             limit ${limit}) p
     order by p.sort_name, p.id`;
}

/**
 * A search page in one statement: the names starting with the search (an index range, in order);
 * only if they do not fill the page, the other matches from search_counterparties (trigram and
 * prefix indexes), deduplicated and sorted alone, each checked against the filters by primary
 * key. The rows shown are fetched by primary key. Too short a search for the trigram index, or a
 * part with more than SEARCH_MATCH_LIMIT matches, comes back as too_many (on a row of its own
 * when nothing else does): rank 1 is then walked in name order instead.
 */
function searchStatement(query: RankedPageQuery, terms: SearchTerms): SQL {
  const { orgId, after, limit } = query;
  const conditions = filterConditions(query);
  // The function applies the trusted filter itself; where others drop rows after it, it must
  // hand over all its matches, not a page.
  const functionPage = query.filters.length > 0 ? SEARCH_MATCH_LIMIT : limit;
  const prefixConditions = [sql`c.organization_id = ${orgId}`, startsWithSearch(sql`c.search_name`, terms), ...conditions];
  if (after?.rank === 0) prefixConditions.push(keysetAfter(sql`c.search_name`, sql`c.id`, after));
  const prefixRows =
    after?.rank === 1
      ? sql`select null::uuid as id, null::text as search_name, 0 as rank where false`
      : sql`select c.id, c.search_name, 0 as rank from counterparties c
             where ${sql.join(prefixConditions, sql` and `)}
             order by c.search_name, c.id limit ${limit}`;
  const pageOpen = sql`(select count(*) from prefix_rows) < ${limit}`;
  const matches =
    terms.prefix.length < TRIGRAM_LENGTH
      ? sql`select null::uuid as id, null::text as search_name where ${pageOpen}`
      : sql`select m.id, m.search_name from (${searchMatches(terms, query.isTrusted, after?.rank === 1 ? after : null, functionPage)}) m
             where ${pageOpen}`;
  const lateralConditions = conditions.length > 0 ? sql`and ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`
    with prefix_rows as materialized (${prefixRows}),
         search_matches as materialized (${matches}),
         other_rows as materialized (
           select m.id, m.search_name, 1 as rank
             from (select distinct m.id, m.search_name from search_matches m
                    where m.id is not null
                      and not exists (select 1 from search_matches s where s.id is null)
                    order by m.search_name, m.id) m
            cross join lateral (select 1 from counterparties c
                                 where c.organization_id = ${orgId} and c.id = m.id ${lateralConditions} limit 1) c
            order by m.search_name, m.id
            limit ${limit})
    select page.*, counted.too_many
      from (select coalesce(bool_or(m.id is null), false) as too_many from search_matches m) counted
      left join (
        select ${query.columns}
          from (select * from prefix_rows union all select * from other_rows order by rank, search_name, id limit ${limit}) k
         cross join lateral (select c.*, k.search_name as sort_name, k.rank from counterparties c
                              where c.organization_id = ${orgId} and c.id = k.id limit 1) p
      ) page on true
     order by page.rank, page.sort_name, page.id`;
}

/** One page of counterparties in (rank, search name, id) order, at most `limit` rows. */
export async function rankedPage<T extends RankedRow>(tx: Tx, query: RankedPageQuery): Promise<T[]> {
  if (!query.terms) return queryPrepared<T>(tx, walkStatement(query, 0, query.limit), query.label);
  const rows = await queryPrepared<T & { too_many: boolean; id: string | null }>(
    tx,
    searchStatement(query, query.terms),
    `${query.label}_search`,
  );
  const found = rows.filter((row): row is typeof row & { id: string } => row.id !== null) as T[];
  if (!rows[0]?.too_many) return found;
  // Rank 0 is complete (it did not fill the page); rank 1 is dense or the search short. With the
  // search as a CASE the plan is the same for every search (walk the name index), so it is kept.
  const rest = await queryPrepared<T>(tx, walkStatement(query, 1, query.limit - found.length), `${query.label}_dense`);
  return [...found, ...rest];
}
