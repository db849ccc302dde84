import { sql, type SQL } from 'drizzle-orm';
import { queryTemplate, type OrgId, type Tx } from '../../db/database';
import { slot, statementTemplate, type SlotValues } from '../../db/statement-templates';
import {
  matchesSearch,
  nameMatches,
  SEARCH_MATCH_LIMIT,
  searchKeySlot,
  searchShapeOf,
  searchSlotValues,
  searchTextCte,
  startsWithSearch,
  type SearchShape,
  type SearchTerms,
} from './search-matches';

/**
 * Counterparty pages in (rank, search_name, id) order: rank 0 are the names starting with the
 * search, rank 1 every other match (name contains it, AP/AR number, VAT number or IBAN start),
 * each by name, as the best pickers order them. It is also what makes a search fast: the names
 * starting with it are one range of counterparties_search_name_idx read in order, so a page they
 * fill ("Müller", 1,300 matches) is one plain statement that never looks at the other matches.
 *
 * The statements are templates (db/statement-templates.ts): their text is built from a page's
 * shape (PageShape) alone, once per shape, and every value goes into a slot (pageSlotValues).
 */
export type SearchRank = 0 | 1;

/** The keyset position of a row: its rank, search name and id. */
export interface RankedPosition {
  rank: SearchRank;
  name: string;
  id: string;
}

/** A condition on counterparties c: `key` names its text among a label's conditions, `values` fill its slots. */
export interface PageCondition {
  key: string;
  sql: SQL;
  values?: SlotValues;
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
  filters: PageCondition[];
  after: RankedPosition | null;
  /** Rows wanted. */
  limit: number;
  /** The columns of a row, from p: the same for every page of a label. */
  columns: SQL;
  /** Names the prepared statements. */
  label: string;
}

export interface RankedRow extends Record<string, unknown> {
  id: string;
  sort_name: string;
  rank: SearchRank;
}

/** What decides a page statement's text; its values are in the slots of pageSlotValues. */
interface PageShape {
  search: SearchShape | null;
  isTrustedFiltered: boolean;
  filters: readonly PageCondition[];
  /** The cursor's rank; null on the first page. */
  afterRank: SearchRank | null;
  columns: SQL;
}

function pageShapeOf(query: RankedPageQuery): PageShape {
  return {
    search: query.terms ? searchShapeOf(query.terms) : null,
    isTrustedFiltered: query.isTrusted !== undefined,
    filters: query.filters,
    afterRank: query.after?.rank ?? null,
    columns: query.columns,
  };
}

/** The template key of a shape (within its label, which fixes the columns). */
function shapeKeyOf(shape: PageShape): string {
  const search = shape.search;
  const searchKey = search
    ? `${+search.isShort}${+search.hasAccountNumber}${+search.hasVatPrefix}${+search.hasIbanPrefix}${search.keyCount}`
    : '-';
  return `${searchKey}|${+shape.isTrustedFiltered}|${shape.filters.map((filter) => filter.key).join(',')}|${shape.afterRank ?? '-'}`;
}

/** The slots of a page's statements: orgId, limit, isTrusted, afterName, afterId, the filters' and the search's. */
function pageSlotValues(query: RankedPageQuery): Record<string, unknown> {
  const values: Record<string, unknown> = {
    orgId: query.orgId,
    limit: query.limit,
    isTrusted: query.isTrusted ?? null,
    afterName: query.after?.name ?? null,
    afterId: query.after?.id ?? null,
  };
  for (const filter of query.filters) Object.assign(values, filter.values);
  if (query.terms) Object.assign(values, searchSlotValues(query.terms));
  return values;
}

const keysetAfter = (name: SQL, id: SQL) => sql`(${name}, ${id}) > (${slot('afterName')}, ${slot('afterId')}::uuid)`;

/** Every filter as conditions on counterparties c. */
function filterConditions(shape: PageShape): SQL[] {
  return [
    ...(shape.isTrustedFiltered ? [sql`c.is_trusted = ${slot('isTrusted')}`] : []),
    ...shape.filters.map((filter) => filter.sql),
  ];
}

/**
 * Rank 0 in name order, the rows straight from counterparties_search_name_idx: the list without a
 * search (every row is rank 0, whatever rank a cursor says) or the names starting with the search.
 */
function rankZeroStatement(shape: PageShape): SQL {
  return sql`
    ${shape.search ? sql`with ${searchTextCte()}` : sql``}
    select ${shape.columns}
      from (select c.*, c.search_name as sort_name, 0 as rank from counterparties c
             where ${sql.join(rankZeroConditions(shape), sql` and `)}
             order by c.search_name, c.id
             limit ${slot('limit')}) p
     order by p.sort_name, p.id`;
}

/**
 * The rows of rank 0 after the cursor: every row without a search, the names starting with it with
 * one (needs searchTextCte).
 */
function rankZeroConditions(shape: PageShape): SQL[] {
  const conditions = [sql`c.organization_id = ${slot('orgId')}`, ...filterConditions(shape)];
  if (shape.search) conditions.push(startsWithSearch(sql`c.search_name`));
  if (shape.afterRank !== null) conditions.push(keysetAfter(sql`c.search_name`, sql`c.id`));
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
 * The meanings of a search beyond the names starting with it, each from its own index: the names
 * containing it (name suffix or trigram index, through search_counterparty_names), and an AP/AR
 * number, a VAT number start or an IBAN start (counterparty_search_keys, in name order).
 */
function matchParts(shape: PageShape, search: SearchShape, limit: SQL): MatchPart[] {
  const conditions = filterConditions(shape);
  const and = conditions.length > 0 ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
  const parts: MatchPart[] = [];
  if (search.isShort) {
    // Too short for the trigram index: every name could contain it.
    parts.push({ ctes: [], tooMany: sql`true`, rows: null });
  } else {
    // The function applies the trusted filter itself; where others drop rows after it, it must
    // hand over all its matches, not a page, and each is checked by primary key.
    const others = shape.filters.map((filter) => filter.sql);
    const page = others.length > 0 ? sql`${SEARCH_MATCH_LIMIT}` : limit;
    const filtered =
      others.length > 0
        ? sql`cross join lateral (select 1 from counterparties c
                                   where c.organization_id = ${slot('orgId')} and c.id = n.id and ${sql.join(others, sql` and `)} limit 1) c`
        : sql``;
    parts.push({
      ctes: [sql`name_matches as materialized (${nameMatches(shape.isTrustedFiltered, shape.afterRank === 1, page)})`],
      tooMany: sql`exists (select 1 from name_matches where id is null)`,
      rows: sql`select n.id, n.search_name from name_matches n ${filtered} where n.id is not null`,
    });
  }
  if (search.keyCount > 0) {
    // Read in name order from the primary key of counterparty_search_keys (migration 0045): a page
    // of them costs a page of index entries, however many counterparties share the key.
    const filtered =
      conditions.length > 0
        ? sql` and exists (select from counterparties c where c.organization_id = ${slot('orgId')} and c.id = k.counterparty_id${and})`
        : sql``;
    parts.push({
      ctes: [],
      tooMany: null,
      rows: sql.join(
        Array.from(
          { length: search.keyCount },
          (_, index) => sql`select k.counterparty_id as id, k.search_name from counterparty_search_keys k
                             where k.organization_id = ${slot('orgId')} and k.key = ${searchKeySlot(index)}${filtered}`,
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
function startsWithRows(shape: PageShape): RowsWanted {
  return {
    ctes: [
      sql`starts_with as materialized (
        select c.*, c.search_name as sort_name, 0 as rank from counterparties c
         where ${sql.join(rankZeroConditions(shape), sql` and `)}
         order by c.search_name, c.id limit ${slot('limit')})`,
      sql`rows_left as materialized (select (${slot('limit')} - count(*))::int as n from starts_with)`,
    ],
    limit: sql`(select n from rows_left)`,
    withStartsWith: true,
  };
}

/**
 * The rows of rank 1 named by `ids` (id, search_name), the first `limit` of them, with their
 * columns fetched by primary key.
 */
function rankOneRows(shape: PageShape, ids: SQL, limit: SQL): SQL {
  return sql`
    select ${shape.columns}
      from (${ids} order by search_name, id limit ${limit}) k
     join (select c.*, c.search_name as sort_name, 1 as rank from counterparties c
            where c.organization_id = ${slot('orgId')}) p on p.id = k.id`;
}

/** A statement of rank 1: its named subqueries, then its `rows` after the names starting with the search where asked. */
function rankOneStatement(ctes: SQL[], rows: SQL, withStartsWith: boolean | undefined, shape: PageShape): SQL {
  return sql`
    with ${sql.join(ctes, sql`,\n         `)}
    ${withStartsWith ? sql`select ${shape.columns} from starts_with p union all ${rows}` : rows}
    order by rank, sort_name, id`;
}

/**
 * The first `limit` rows of rank 1 from their indexes, after the names starting with the search
 * where `withStartsWith` says so: the other matches of each part (matchParts) cut to a page, then
 * merged. Where more than SEARCH_MATCH_LIMIT names contain the search, the statement answers,
 * after the names starting with it, one row of nulls instead (isWalkNeeded): rank 1 is then dense
 * enough to be walked in name order (walkStatement). That walk is a statement of its own because
 * it is rarely needed, and PostgreSQL sets up every part of a statement on every execution, read
 * or not.
 */
function indexedMatchesStatement(
  shape: PageShape,
  search: SearchShape,
  { ctes: limitCtes, limit, withStartsWith }: RowsWanted,
): SQL {
  const parts = matchParts(shape, search, limit);
  const tooMany = parts.flatMap((part) => (part.tooMany ? [part.tooMany] : []));
  // Each part's first page of rank 1 (the names containing the search: a top-N sort of at most
  // SEARCH_MATCH_LIMIT rows; the keys: read in order), read only when no part has too many.
  const rank1Conditions = [sql`not (select value from too_many)`, sql`not ${startsWithSearch(sql`m.search_name`)}`];
  if (shape.afterRank === 1) rank1Conditions.push(keysetAfter(sql`m.search_name`, sql`m.id`));
  const partPages = parts.flatMap((part) =>
    part.rows
      ? [
          sql`(select m.id, m.search_name from (${part.rows}) m where ${sql.join(rank1Conditions, sql` and `)}
                order by m.search_name, m.id limit ${limit})`,
        ]
      : [],
  );
  const ctes = [
    searchTextCte(),
    ...limitCtes,
    ...parts.flatMap((part) => part.ctes),
    sql`too_many as materialized (select ${tooMany.length > 0 ? sql.join(tooMany, sql` or `) : sql`false`} as value)`,
  ];
  const walkNeeded = sql`select ${shape.columns}
      from (select (null::counterparties).*, null::text as sort_name, 1 as rank) p where (select value from too_many)`;
  const rows = sql`(${rankOneRows(shape, sql`select m.id, m.search_name from (${sql.join(partPages, sql` union `)}) m`, limit)})
    union all (${walkNeeded})`;
  return rankOneStatement(ctes, rows, withStartsWith, shape);
}

/** Whether indexedMatchesStatement answered that rank 1 must be walked: its last row is of nulls. */
const isWalkNeeded = (rows: RankedRow[]): boolean => rows.length > 0 && rows[rows.length - 1]!.id === null;

/**
 * The first `limit` rows of rank 1 walked in name order, the search a filter on every row, after
 * the names starting with the search where `withStartsWith` says so: for a search too short for
 * the trigram index, or contained in more than SEARCH_MATCH_LIMIT names. As a CASE the filter
 * counts as matching half the rows: under row-level security PostgreSQL cannot use the statistics
 * for LIKE (not leakproof) and would guess a handful of matches, then read and sort the whole
 * organisation instead of walking until the page is full.
 */
function walkStatement(shape: PageShape, search: SearchShape, { ctes: limitCtes, limit, withStartsWith }: RowsWanted): SQL {
  const walkConditions = [
    sql`c.organization_id = ${slot('orgId')}`,
    ...filterConditions(shape),
    sql`case when ${matchesSearch(search)} and not ${startsWithSearch(sql`c.search_name`)} then true else false end`,
  ];
  if (shape.afterRank === 1) walkConditions.push(keysetAfter(sql`c.search_name`, sql`c.id`));
  const ctes = [
    searchTextCte(),
    ...limitCtes,
    sql`dense_rows as materialized (
      select c.id, c.search_name from counterparties c
       where ${sql.join(walkConditions, sql` and `)}
       order by c.search_name, c.id limit ${limit})`,
  ];
  return rankOneStatement(ctes, sql`(${rankOneRows(shape, sql`select * from dense_rows`, limit)})`, withStartsWith, shape);
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
  const { label } = query;
  const shape = pageShapeOf(query);
  const shapeKey = shapeKeyOf(shape);
  const values = pageSlotValues(query);
  const run = (statementLabel: string, kind: string, build: () => SQL, slotValues: SlotValues = values) =>
    queryTemplate<T>(tx, statementTemplate(statementLabel, `${kind}|${shapeKey}`, build), slotValues);
  const search = shape.search;
  if (!search) return run(label, 'plain', () => rankZeroStatement(shape));
  // Rank 1, `wanted` of it (after rank 0 where asked), `count` rows in all: from the indexes, or
  // walked where the search is short, or where the indexes answer that it must be.
  const others = async (kind: string, wanted: () => RowsWanted, count: number, slotValues: SlotValues = values) => {
    const otherLabel = `${label}_search`;
    if (search.isShort) return run(otherLabel, `walk-${kind}`, () => walkStatement(shape, search, wanted()), slotValues);
    const rows = await run(otherLabel, kind, () => indexedMatchesStatement(shape, search, wanted()), slotValues);
    if (!isWalkNeeded(rows)) return rows;
    const found = rows.slice(0, -1);
    const walked = await run(otherLabel, 'walk', () => walkStatement(shape, search, { ctes: [], limit: slot('limitLeft') }), {
      ...slotValues,
      limitLeft: count - found.length,
    });
    return [...found, ...walked];
  };
  if (shape.afterRank === 1) return others('after', () => ({ ctes: [], limit: slot('limit') }), query.limit);
  if (search.hasAccountNumber || search.hasVatPrefix || search.hasIbanPrefix) {
    return others('both', () => startsWithRows(shape), query.limit);
  }
  const first = await run(`${label}_starts_with`, 'starts', () => rankZeroStatement(shape));
  if (first.length >= query.limit) return first;
  const left = query.limit - first.length;
  return [
    ...first,
    ...(await others('rest', () => ({ ctes: [], limit: slot('limitLeft') }), left, { ...values, limitLeft: left })),
  ];
}
