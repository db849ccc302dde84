import { and, eq, gte, ilike, inArray, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  INVOICE_LIST_ROW_FILTERS,
  type BankMatchingStatus,
  isOcrRunning,
  type InvoiceCurrency,
  type InvoiceListItem,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceType,
  type OcrStatus,
} from '@kontor/domain';
import { queryTemplate, type Database, type Tx } from '../../db/database';
import { slot, statementTemplate, type SlotValues } from '../../db/statement-templates';
import { invoiceSplits, invoices } from '../../db/schema';
import { likePattern } from '../../lib/like-pattern';
import type { OrgContext } from '../../plugins/session';
import { countByTab, statusesOfTab } from './list-counts';
import { approvalProgressOf, isPageDrivenByWaiting, waitingByDueDate, waitingForCaller, waitsForCaller } from './list-approvals';
import { decodeCursor, encodeCursor, parseSearchAmounts, type ListCursor } from './list-query';
import { canSeeAllInvoices, ownInvoicesCondition } from './policy';
import { tenant } from './service';
import { findProgress } from '../invoice-reading/repo';

type Tab = InvoiceListQuery['tab'];
/** What a page is read by: the tab, its filters and order (the overview adds limit and cursor). */
export type ListFilters = Omit<InvoiceListQuery, 'limit' | 'cursor'>;

const APPROVAL_TABS: readonly Tab[] = ['my-approvals', 'all-approvals'];

/** Sort field → column and the type its cursor value is cast back to. */
const SORT_COLUMNS = {
  dueDate: { column: invoices.dueDate, cast: 'date', nullable: true },
  date: { column: invoices.date, cast: 'date', nullable: true },
  totalAmount: { column: invoices.totalAmount, cast: 'bigint', nullable: true },
  // The name folded as a reader sorts it (ä as a, any case; migration 0032).
  counterpartyName: { column: invoices.counterpartySearchName, cast: 'text', nullable: true },
  invoiceNumber: { column: invoices.invoiceNumber, cast: 'text', nullable: true },
  createdAt: { column: invoices.createdAt, cast: 'timestamptz', nullable: false },
} as const;

/**
 * The search as a condition: name (folded like search_invoice_ids'), number, document file name
 * (migration 0053) or an exact amount
 * (slots pattern and amount0 …, as many as the search can be amounts).
 */
function searchCondition(amountCount: number): SQL | undefined {
  const amounts = Array.from({ length: amountCount }, (_, index) => sql.placeholder(`amount${index}`));
  return or(
    sql`${invoices.counterpartySearchName} like counterparty_search_text(${slot('pattern')}::text)`,
    ilike(invoices.invoiceNumber, slot('pattern')),
    ilike(invoices.documentFileName, slot('pattern')),
    amounts.length > 0 ? inArray(invoices.totalAmount, amounts) : undefined,
  );
}

/**
 * Matches of a search are found first through the trigram indexes (no ORDER BY, so PostgreSQL
 * takes the bitmap path). Up to this many, the page is then sorted from those ids alone; a search
 * matching more is dense enough for the ordered index scan with the condition as a filter.
 */
const SEARCH_ID_LIMIT = 5_000;

/** How a search narrows the page: through the ids search_invoice_ids found, or as a filter. */
type SearchMode = 'none' | 'matches' | 'filter';

/** The overview's filters on the invoice row, each a slot of its name. */
const ROW_FILTERS = INVOICE_LIST_ROW_FILTERS;
type RowFilter = (typeof ROW_FILTERS)[number];

/** The row filters a query sets. */
const rowFiltersOf = (query: ListFilters): RowFilter[] =>
  ROW_FILTERS.filter((filter) => query[filter] !== undefined && query[filter] !== '');

/** The overview's filters (dates, counterparty, amounts, cost centre): conditions on the invoice row. */
function rowFilters(filters: readonly RowFilter[]): SQL[] {
  const has = (filter: RowFilter) => filters.includes(filter);
  const conditions: (SQL | undefined)[] = [
    has('dateFrom') ? gte(invoices.date, slot('dateFrom')) : undefined,
    has('dateTo') ? lte(invoices.date, slot('dateTo')) : undefined,
    has('dueFrom') ? gte(invoices.dueDate, slot('dueFrom')) : undefined,
    has('dueTo') ? lte(invoices.dueDate, slot('dueTo')) : undefined,
    has('counterpartyId') ? eq(invoices.counterpartyId, slot('counterpartyId')) : undefined,
    has('amountMin') ? gte(invoices.totalAmount, slot('amountMin')) : undefined,
    has('amountMax') ? lte(invoices.totalAmount, slot('amountMax')) : undefined,
  ];
  if (has('costCenterId')) {
    // The invoice's own cost centre or one of its split lines', KOST1 or KOST2 (the filter offers
    // both; an id is one or the other).
    conditions.push(
      or(
        eq(invoices.costCenterId, slot('costCenterId')),
        eq(invoices.costCenter2Id, slot('costCenterId')),
        sql`exists (select 1 from ${invoiceSplits} where ${invoiceSplits.organizationId} = ${invoices.organizationId}
              and ${invoiceSplits.invoiceId} = ${invoices.id}
              and ${slot('costCenterId')} in (${invoiceSplits.costCenterId}, ${invoiceSplits.costCenter2Id}))`,
      ),
    );
  }
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

function filterConditions(shape: PageShape, status: InvoiceStatus, search: SearchMode): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(invoices.organizationId, slot('orgId')),
    eq(invoices.status, status),
    shape.seesAll ? undefined : ownInvoicesCondition(slot('userId')),
    ...rowFilters(shape.filters),
  ];
  if (search === 'filter' && shape.searchAmounts !== null) conditions.push(searchCondition(shape.searchAmounts));
  return and(...conditions)!;
}

/**
 * What decides a page statement's text (db/statement-templates.ts); the values are the slots of
 * pageSlotValues. The tab's statuses, the sort and its direction are the text's own.
 */
interface PageShape {
  tab: Tab;
  sort: ListFilters['sort'];
  direction: ListFilters['direction'];
  /** The cursor: none, in the rows without a sort value, or after a value. */
  cursor: 'none' | 'empty' | 'value';
  filters: RowFilter[];
  /** With a search: how many amounts it can be; null without one. */
  searchAmounts: number | null;
  seesAll: boolean;
}

function pageShapeOf(org: OrgContext, query: ListFilters, cursor: ListCursor | null): PageShape {
  return {
    tab: query.tab,
    sort: query.sort,
    direction: query.direction,
    cursor: cursor === null ? 'none' : cursor.value === null ? 'empty' : 'value',
    filters: rowFiltersOf(query),
    searchAmounts: query.search ? parseSearchAmounts(query.search).length : null,
    seesAll: canSeeAllInvoices(org),
  };
}

/** The slots of a page's statements. */
function pageSlotValues(org: OrgContext, query: ListFilters, cursor: ListCursor | null, limit: number): SlotValues {
  const values: Record<string, unknown> = {
    orgId: org.orgId,
    userId: org.userId,
    limit,
    cursorValue: cursor?.value ?? null,
    cursorId: cursor?.id ?? null,
  };
  for (const filter of ROW_FILTERS) values[filter] = query[filter] ?? null;
  if (query.search) {
    const amounts = parseSearchAmounts(query.search);
    values.pattern = likePattern(query.search);
    values.amountList = `{${amounts.join(',')}}`;
    amounts.forEach((amount, index) => (values[`amount${index}`] = amount));
  }
  return values;
}

export interface PageRow extends Record<string, unknown> {
  id: string;
  status: InvoiceStatus;
  ocr_status: OcrStatus;
  counterparty_name: string | null;
  invoice_number: string | null;
  date: string | null;
  due_date: string | null;
  total_amount: bigint | string | null;
  currency: string | null;
  type: InvoiceType;
  cost_center_id: string | null;
  version: number;
  /** ISO 8601 in UTC, formatted by PostgreSQL (raw statements return timestamps as text). */
  created_at: string;
  file_name: string | null;
  cancel_reason: string | null;
  matching_status: BankMatchingStatus;
  sort_value: string | null;
  /** With a search through search_invoice_ids: how many ids it found (at most SEARCH_ID_LIMIT + 1). */
  match_count?: number;
  /** On the approval tabs: invoices.approval_progress (approvalProgressOf), null without a pending request. */
  approval_progress?: number[] | null;
}

/** Where a page's rows come from besides the invoices table, and what it adds to each row. */
interface PageSource {
  /** The ids a search found (searchMatches or waitingForCaller): the page is sorted from them. */
  matches?: SQL;
  /**
   * The matches carry the page's sort value as `sort_key` and every match passes the page's
   * conditions (cutFromMatches): the page is cut from them before its invoices are fetched.
   */
  matchesCarrySortKey?: boolean;
  /** Rows to page through instead of the invoices table, aliased as it (waitingByDueDate). */
  rows?: SQL;
  /** The approval tabs' step progress (invoices.approval_progress) as a column of each row. */
  withApprovalProgress?: boolean;
}

/**
 * The page's output, formatted from the raw columns of its rows only: the branches read their
 * candidates raw (a search sorts every match), and the dates, the creation time and the cursor
 * value become text after the limit (measured on the large seed: a search page 5.4 → 4.4 ms,
 * the first page 0.73 → 0.63 ms). The sort key itself is not returned: the server would only
 * parse it (a Date per row).
 */
const PAGE_OUTPUT = sql.raw(
  [
    'page.id',
    'page.status',
    'page.ocr_status',
    'page.counterparty_name',
    'page.invoice_number',
    'page.date::text as date',
    'page.due_date::text as due_date',
    'page.total_amount',
    'page.currency',
    'page.type',
    'page.cancel_reason',
    'page.cost_center_id',
    'page.version',
    `to_char(page.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`,
    'page.sort_key::text as sort_value',
    'page.file_name',
    'page.matching_status',
  ].join(', '),
);

/**
 * Keyset pagination on (sort value, id) with NULLs last, as one statement. Per status two
 * branches: the rows with a value (in index order, so (org, status, due_date, id) serves the
 * default view without sorting) and then the rows without one, by id; the outer ORDER BY merges
 * at most `limit` rows per branch. Deep pages cost the same as the first.
 */
function pageStatement(
  whereOf: (status: InvoiceStatus) => SQL,
  statuses: readonly InvoiceStatus[],
  shape: PageShape,
  source: PageSource = {},
): SQL {
  const { matches, rows, withApprovalProgress } = source;
  const { column, cast, nullable } = SORT_COLUMNS[shape.sort];
  const direction = sql.raw(shape.direction === 'asc' ? 'asc' : 'desc');
  const after = sql.raw(shape.direction === 'asc' ? '>' : '<');
  const cursorValue = sql`${slot('cursorValue')}::${sql.raw(cast)}`;
  const cursorId = sql`${slot('cursorId')}::uuid`;
  const limit = slot('limit');
  const hasCursor = shape.cursor !== 'none';
  const inNullPart = shape.cursor === 'empty';
  // The keyset on a match (one pass, the empty sort values last), on the invoice or on the sort
  // value the match carries.
  const matchKeyset = (key: SQLWrapper, id: SQLWrapper) =>
    !hasCursor
      ? sql``
      : inNullPart
        ? sql`and ${key} is null and ${id} ${after} ${cursorId}`
        : sql`and ((${key}, ${id}) ${after} (${cursorValue}, ${cursorId}) or ${key} is null)`;
  const columns = sql`${invoices.id} as id, ${invoices.status} as status, ${invoices.ocrStatus} as ocr_status,
    ${invoices.counterpartyName} as counterparty_name, ${invoices.invoiceNumber} as invoice_number,
    ${invoices.date} as date, ${invoices.dueDate} as due_date, ${invoices.totalAmount} as total_amount,
    ${invoices.currency} as currency, ${invoices.type} as type, ${invoices.cancelReason} as cancel_reason, ${invoices.costCenterId} as cost_center_id,
    ${invoices.version} as version, ${invoices.createdAt} as created_at, ${column} as sort_key,
    ${invoices.documentFileName} as file_name, ${invoices.matchingStatus} as matching_status${withApprovalProgress ? sql`, ${invoices.approvalProgress} as approval_progress` : sql``}`;

  // Where the matches carry the sort value, the page is cut from them first: only its `limit`
  // rows are fetched, not every match.
  const matched = source.matchesCarrySortKey
    ? sql`(select m.id from search_matches m where true ${matchKeyset(sql`m.sort_key`, sql`m.id`)}
          order by (m.sort_key is null), m.sort_key ${direction}, m.id ${direction} limit ${limit}) as matched`
    : sql`search_matches as matched`;
  // Search matches drive the page: each is fetched by primary key. The lateral subquery with
  // LIMIT cannot be flattened, so no plan can walk the whole tab to hash-join the matches (which
  // a cached generic plan, blind to the organisation's size, otherwise chooses).
  const from = matches
    ? sql`${matched} cross join lateral (select * from ${invoices} where ${invoices.organizationId} = ${slot('orgId')}
        and ${invoices.id} = matched.id limit 1) as ${invoices}`
    : (rows ?? invoices);
  const branches: SQL[] = [];
  for (const status of statuses) {
    const where = whereOf(status);
    if (matches) {
      // The matches are fetched by primary key anyway: one pass sorts them with the empty sort
      // values last, instead of one pass for the filled and one for the empty values.
      const keyset = matchKeyset(column, invoices.id);
      branches.push(sql`(select (${column} is null)::int as branch, ${columns} from ${from} where ${where} ${keyset}
        order by 1, ${column} ${direction}, ${invoices.id} ${direction} limit ${limit})`);
      continue;
    }
    if (!inNullPart) {
      const keyset = hasCursor ? sql`and (${column}, ${invoices.id}) ${after} (${cursorValue}, ${cursorId})` : sql``;
      branches.push(sql`(select 0 as branch, ${columns} from ${from} where ${where} and ${column} is not null ${keyset}
        order by ${column} ${direction}, ${invoices.id} ${direction} limit ${limit})`);
    }
    if (nullable) {
      const keyset = inNullPart ? sql`and ${invoices.id} ${after} ${cursorId}` : sql``;
      branches.push(sql`(select 1 as branch, ${columns} from ${from} where ${where} and ${column} is null ${keyset}
        order by ${invoices.id} ${direction} limit ${limit})`);
    }
  }
  const ordered = sql`select * from (${sql.join(branches, sql` union all `)}) page
    order by branch, sort_key ${direction}, id ${direction} limit ${limit}`;
  const output = withApprovalProgress ? sql`${PAGE_OUTPUT}, page.approval_progress` : PAGE_OUTPUT;
  if (!matches) return sql`select ${output} from (${ordered}) page order by branch, sort_key ${direction}, id ${direction}`;
  return sql`with search_matches as materialized (${matches})
    select ${output}, (select count(*)::int from search_matches) as match_count
      from (${ordered}) page order by branch, sort_key ${direction}, id ${direction}`;
}

/**
 * The ids a search matches, found by search_invoice_ids (migrations 0010, 0032), which scopes
 * by app.org_id itself so that the trigram indexes can serve its LIKE (not leakproof, so no index
 * condition under row-level security); the visibility rule of policy.ts is passed along. Used
 * as the page statement's first CTE: search and page are one statement. Each match carries its
 * due date as `sort_key` (migration 0043).
 */
function searchMatches(shape: PageShape, statuses: readonly InvoiceStatus[]): SQL {
  const statusList = `{${statuses.join(',')}}`;
  const uploadedBy = shape.seesAll ? null : slot('userId');
  // Its parts may each find an invoice (migration 0028): deduplicated here.
  return sql`select distinct m.id, m.due_date as sort_key from search_invoice_ids(${slot('pattern')}, ${slot('amountList')}::bigint[], ${statusList}::text[], ${uploadedBy}::uuid, ${SEARCH_ID_LIMIT + 1}) as m`;
}

/**
 * Whether a search page can be cut from its matches before their invoices are fetched: in due-date
 * order (the sort value the matches carry) and without a filter that needs the invoice row. The
 * tab's statuses and the visibility rule are search_invoice_ids' own conditions.
 */
function cutFromMatches(shape: PageShape): boolean {
  return shape.sort === 'dueDate' && shape.filters.length === 0;
}

function toListItem(row: PageRow, readingProgress: Map<string, number>): InvoiceListItem {
  return {
    id: row.id,
    status: row.status,
    ocrStatus: row.ocr_status,
    counterpartyName: row.counterparty_name,
    invoiceNumber: row.invoice_number,
    date: row.date,
    dueDate: row.due_date,
    totalAmount: row.total_amount === null ? null : Number(row.total_amount),
    currency: row.currency as InvoiceCurrency | null,
    type: row.type,
    costCenter: row.cost_center_id,
    version: row.version,
    fileName: row.file_name,
    cancelReason: row.cancel_reason,
    matchingStatus: row.matching_status,
    ...(row.approval_progress !== undefined ? { approvalProgress: approvalProgressOf(row.approval_progress) } : {}),
    ...(isOcrRunning(row.ocr_status) ? { readingProgress: readingProgress.get(row.id) ?? 0 } : {}),
    createdAt: row.created_at,
  };
}

/**
 * Up to `limit` rows of the tab in the query's order after the cursor, for the overview (limit + 1,
 * to know whether a next page exists) and the export (batch after batch). The tab counts pick the
 * plan for "my approvals" sorted other than by due date.
 */
export async function readListPage(
  tx: Tx,
  org: OrgContext,
  query: ListFilters,
  cursor: ListCursor | null,
  limit: number,
  counts: ReturnType<typeof countByTab>,
): Promise<PageRow[]> {
  const statuses = statusesOfTab(query.tab);
  if (statuses.length === 0) return [];
  const shape = pageShapeOf(org, query, cursor);
  const shapeKey = JSON.stringify(shape);
  const values = pageSlotValues(org, query, cursor, limit);
  const withApprovalProgress = APPROVAL_TABS.includes(query.tab);
  const statement = (search: SearchMode, source: Omit<PageSource, 'withApprovalProgress'> = {}) =>
    pageStatement((status) => filterConditions(shape, status, search), statuses, shape, {
      matches: source.matches ?? (search === 'matches' ? searchMatches(shape, statuses) : undefined),
      matchesCarrySortKey: !source.matches && search === 'matches' && cutFromMatches(shape),
      rows: source.rows,
      withApprovalProgress,
    });
  const run = (label: string, build: () => SQL, options?: { plan?: 'generic'; unnamed?: boolean }) =>
    queryTemplate<PageRow>(tx, statementTemplate(label, shapeKey, build), values, options);
  if (query.tab === 'my-approvals') {
    const mode: SearchMode = query.search ? 'filter' : 'none';
    if (query.sort === 'dueDate') {
      // The default order: the caller's waiting items in due-date order, at most all of them.
      return run('invoice_waiting_due', () => statement(mode, { rows: waitingByDueDate(query.direction) }), { plan: 'generic' });
    }
    // The counts pick the plan (isPageDrivenByWaiting); here they cost a round trip first.
    const { 'my-approvals': waiting, 'all-approvals': inApproval } = await counts;
    if (waiting === 0) return [];
    if (isPageDrivenByWaiting(waiting, inApproval, limit)) {
      return run('invoice_waiting', () => statement(mode, { matches: waitingForCaller() }));
    }
    const where = (status: InvoiceStatus) => and(filterConditions(shape, status, mode), waitsForCaller())!;
    return run('invoice_waiting_walk', () => pageStatement(where, statuses, shape, { withApprovalProgress }));
  }
  if (!query.search) return run('invoice_page', () => statement('none'));
  const rows = await run('invoice_search', () => statement('matches'));
  // More matches than worth sorting by id: dense enough for the ordered index scan with the
  // search as a filter (the ids of the first statement were only a sample), planned for its
  // values on every call.
  if ((rows[0]?.match_count ?? 0) <= SEARCH_ID_LIMIT) return rows;
  return run('invoice_search_filter', () => statement('filter'), { unnamed: true });
}

/** GET /api/invoices: one statement for the page, one grouped count for the tab bar, side by side. */
export async function listInvoices(
  database: Database,
  org: OrgContext,
  query: InvoiceListQuery,
): Promise<{ items: InvoiceListItem[]; nextCursor: string | null; counts: Record<string, number> }> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query) : null;
  // Read-only work on one pipelining connection: the counts are sent at once with the page, each
  // behind its tenant opening in the same write (db/tenant-read.ts): a plain page costs a single
  // round trip.
  const { rows, counts, progress } = await database.withOrg(
    tenant(org),
    async (tx) => {
      const countsPromise = countByTab(tx, org);
      const [pageRows, tabCounts] = await Promise.all([
        readListPage(tx, org, query, cursor, query.limit + 1, countsPromise),
        countsPromise,
      ]);
      // Only pages with documents being read pay for the extra query.
      const reading = pageRows.filter((row) => isOcrRunning(row.ocr_status)).map((row) => row.id);
      return { rows: pageRows, counts: tabCounts, progress: await findProgress(tx, org.orgId, reading) };
    },
    { readOnly: true },
  );
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ sort: query.sort, direction: query.direction, value: last.sort_value, id: last.id })
      : null;
  return { items: items.map((row) => toListItem(row, progress)), nextCursor, counts };
}
