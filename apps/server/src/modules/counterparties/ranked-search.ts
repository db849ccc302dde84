import { sql, type SQL } from 'drizzle-orm';
import { queryPrepared, type OrgId, type Tx } from '../../db/database';
import {
  matchesSearch,
  nameMatches,
  prefixRangeEnd,
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
 * A page of the list without a search: one range of the name index, in order (every row is rank
 * 0, whatever rank a cursor says).
 */
function listStatement(query: RankedPageQuery): SQL {
  const conditions = [sql`c.organization_id = ${query.orgId}`, ...filterConditions(query)];
  if (query.after) conditions.push(keysetAfter(sql`c.search_name`, sql`c.id`, query.after));
  return sql`
    select ${query.columns}
      from (select c.*, c.search_name as sort_name, 0 as rank from counterparties c
             where ${sql.join(conditions, sql` and `)}
             order by c.search_name, c.id
             limit ${query.limit}) p
     order by p.sort_name, p.id`;
}

/** What one meaning of a search adds to the search statement. */
interface MatchPart {
  /** Named subqueries (materialized CTEs) of the part. */
  ctes: SQL[];
  /** Whether the part matched more than SEARCH_MATCH_LIMIT (rank 1 is then walked instead). */
  tooMany: SQL | null;
  /** Its matches as (id, search_name), before the rank-0 and keyset conditions. */
  rows: SQL | null;
}

/**
 * The meanings of a search beyond the names starting with it, each from its own index, each read
 * only while the names starting with the search leave the page open (`pageOpen`): the names
 * containing it (trigram index, through search_counterparty_names), an AP/AR number (unique
 * indexes), a VAT number start or an IBAN start (prefix indexes, read from the index alone).
 */
function matchParts(query: RankedPageQuery, terms: SearchTerms, pageOpen: SQL): MatchPart[] {
  const { orgId, after } = query;
  const conditions = filterConditions(query);
  const and = conditions.length > 0 ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
  // Whether there are more matches than SEARCH_MATCH_LIMIT, read from the index alone: the matches
  // themselves are read only when there are fewer, straight into their part's top-N sort.
  const overLimit = (matches: SQL) => sql`exists (${matches} offset ${SEARCH_MATCH_LIMIT})`;
  const parts: MatchPart[] = [];
  if (terms.prefix.length < TRIGRAM_LENGTH) {
    // Too short for the trigram index: every name could contain it.
    parts.push({ ctes: [], tooMany: pageOpen, rows: null });
  } else {
    // The function applies the trusted filter itself; where others drop rows after it, it must
    // hand over all its matches, not a page, and each is checked by primary key.
    const page = query.filters.length > 0 ? SEARCH_MATCH_LIMIT : query.limit;
    const filtered =
      query.filters.length > 0
        ? sql`cross join lateral (select 1 from counterparties c
                                   where c.organization_id = ${orgId} and c.id = n.id and ${sql.join(query.filters, sql` and `)} limit 1) c`
        : sql``;
    parts.push({
      ctes: [
        sql`name_matches as materialized (
          select m.id, m.search_name from (${nameMatches(terms, query.isTrusted, after?.rank === 1 ? after : null, page)}) m
           where ${pageOpen})`,
      ],
      tooMany: sql`exists (select 1 from name_matches where id is null)`,
      rows: sql`select n.id, n.search_name from name_matches n ${filtered} where n.id is not null`,
    });
  }
  if (terms.accountNumber) {
    parts.push({
      ctes: [],
      tooMany: null,
      rows: sql`select c.id, c.search_name from counterparties c
                 where c.organization_id = ${orgId} and ${pageOpen}
                   and (c.accounts_payable_number = ${terms.accountNumber} or c.accounts_receivable_number = ${terms.accountNumber})${and}`,
    });
  }
  if (terms.vatPrefix) {
    const vatMatches = sql`from counterparties c
      where c.organization_id = ${orgId} and ${pageOpen}
        and c.vat_number ~>=~ ${terms.vatPrefix} and c.vat_number ~<~ ${prefixRangeEnd(terms.vatPrefix)}${and}`;
    parts.push({
      ctes: [],
      tooMany: overLimit(sql`select 1 ${vatMatches}`),
      rows: sql`select c.id, c.search_name ${vatMatches}`,
    });
  }
  if (terms.ibanPrefix) {
    // A bank's code starts many IBANs: the accounts are counted before a counterparty is read. A
    // counterparty with two such accounts is one match.
    const ibanAccounts = sql`b.organization_id = ${orgId} and ${pageOpen}
      and b.iban ~>=~ ${terms.ibanPrefix} and b.iban ~<~ ${prefixRangeEnd(terms.ibanPrefix)}`;
    parts.push({
      ctes: [],
      tooMany: overLimit(sql`select 1 from counterparty_bank_accounts b where ${ibanAccounts}`),
      rows: sql`select distinct c.id, c.search_name from counterparty_bank_accounts b
                 cross join lateral (select c.id, c.search_name from counterparties c
                                      where c.organization_id = ${orgId} and c.id = b.counterparty_id${and} limit 1) c
                 where ${ibanAccounts}`,
    });
  }
  return parts;
}

/**
 * A search page in one statement: the names starting with the search (an index range, in order);
 * only if they do not fill the page, the other matches from their indexes (matchParts), each part
 * cut to a page, then merged; where a part matches more than SEARCH_MATCH_LIMIT, or the search is
 * too short for the trigram index, rank 1 is walked in name order instead (dense enough for
 * that). The rows shown are fetched by primary key.
 */
function searchStatement(query: RankedPageQuery, terms: SearchTerms): SQL {
  const { orgId, after, limit } = query;
  const conditions = [sql`c.organization_id = ${orgId}`, ...filterConditions(query)];
  const rank1After = after?.rank === 1 ? after : null;
  const prefixConditions = [...conditions, startsWithSearch(sql`c.search_name`)];
  if (after?.rank === 0) prefixConditions.push(keysetAfter(sql`c.search_name`, sql`c.id`, after));
  const prefixRows =
    after?.rank === 1
      ? sql`select null::uuid as id, null::text as search_name, 0 as rank where false`
      : sql`select c.id, c.search_name, 0 as rank from counterparties c
             where ${sql.join(prefixConditions, sql` and `)}
             order by c.search_name, c.id limit ${limit}`;
  const parts = matchParts(query, terms, sql`(select open from page_open)`);
  const tooMany = parts.flatMap((part) => (part.tooMany ? [part.tooMany] : []));
  // Each part's first page of rank 1 (a top-N sort of at most SEARCH_MATCH_LIMIT rows), read only
  // when no part has too many.
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
      ? sql`select m.id, m.search_name, 1 as rank from (${sql.join(partPages, sql` union `)}) m
             order by m.search_name, m.id limit ${limit}`
      : sql`select null::uuid as id, null::text as search_name, 1 as rank where false`;
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
    sql`prefix_rows as materialized (${prefixRows})`,
    sql`page_open as materialized (select count(*) < ${limit} as open from prefix_rows)`,
    ...parts.flatMap((part) => part.ctes),
    sql`too_many as materialized (select ${tooMany.length > 0 ? sql.join(tooMany, sql` or `) : sql`false`} as value)`,
    sql`other_rows as materialized (${otherRows})`,
    sql`dense_rows as materialized (
      select c.id, c.search_name, 1 as rank from counterparties c
       where ${sql.join(walkConditions, sql` and `)}
       order by c.search_name, c.id limit ${limit})`,
  ];
  return sql`
    with ${sql.join(ctes, sql`,\n         `)}
    select ${query.columns}
      from (select * from prefix_rows union all select * from other_rows union all select * from dense_rows
             order by rank, search_name, id limit ${limit}) k
     cross join lateral (select c.*, k.search_name as sort_name, k.rank from counterparties c
                          where c.organization_id = ${orgId} and c.id = k.id limit 1) p
     order by p.rank, p.sort_name, p.id`;
}

/** One page of counterparties in (rank, search name, id) order, at most `limit` rows. */
export function rankedPage<T extends RankedRow>(tx: Tx, query: RankedPageQuery): Promise<T[]> {
  if (!query.terms) return queryPrepared<T>(tx, listStatement(query), query.label);
  return queryPrepared<T>(tx, searchStatement(query, query.terms), `${query.label}_search`);
}
