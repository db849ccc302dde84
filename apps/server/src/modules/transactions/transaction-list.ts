import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  TransactionListItem,
  TransactionListQuery,
  TransactionListResponse,
  TransactionStatus,
  TransactionView,
} from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { invoices, paymentRuns, transactions } from '../../db/schema';
import { decodeCursorValues, encodeCursorValues, invalidCursor, isUuid } from '../../lib/keyset-cursor';
import { likePattern } from '../../lib/like-pattern';
import { parseSearchAmounts } from '../invoices/list-query';
import { readerMatch } from '../../db/reader-text';

/** Which statuses each view shows (SPEC §2: transactions, the archive and the export tabs). */
export const VIEW_STATUSES: Readonly<Record<TransactionView, readonly TransactionStatus[] | null>> = {
  open: ['open'],
  in_run: ['planned', 'approved', 'rejected'],
  exported: ['exported'],
  archived: ['archived', 'cancelled_archived'],
  all: null,
};

/** Every sort column is NOT NULL, so the keyset is a plain (value, id) comparison. */
const SORT_COLUMNS = {
  requestedExecutionDate: { column: transactions.requestedExecutionDate, cast: 'date' },
  amount: { column: transactions.amount, cast: 'bigint' },
  creditorName: { column: transactions.creditorName, cast: 'text' },
  createdAt: { column: transactions.createdAt, cast: 'timestamptz' },
} as const;

function statusesOf(query: TransactionListQuery): readonly TransactionStatus[] | null {
  const view = VIEW_STATUSES[query.view];
  if (!query.status?.length) return view;
  return view ? query.status.filter((status) => view.includes(status)) : query.status;
}

function searchCondition(term: string): SQL {
  const pattern = likePattern(term);
  const compact = term.replace(/\s+/g, '').toUpperCase();
  const amounts = parseSearchAmounts(term).filter((amount) => amount > 0);
  // Names and remittance texts folded ("müller" finds "MÜLLER", "Muller" and "MULLER GMBH").
  return or(
    readerMatch(transactions.creditorName, pattern),
    compact ? ilike(transactions.creditorIban, likePattern(compact)) : undefined,
    readerMatch(transactions.remittanceInformation, pattern),
    ilike(transactions.endToEndId, pattern),
    amounts.length > 0 ? inArray(transactions.amount, amounts) : undefined,
  )!;
}

/** The filters of the list, without the page position (the totals count every match). */
export function transactionFilters(orgId: OrgId, query: TransactionListQuery): SQL {
  const statuses = statusesOf(query);
  return and(
    eq(transactions.organizationId, orgId),
    // A status filter outside the view (e.g. status=exported in the open view) matches nothing.
    statuses ? (statuses.length > 0 ? inArray(transactions.status, [...statuses]) : sql`false`) : undefined,
    query.analysis?.length ? inArray(transactions.analysisStatus, query.analysis) : undefined,
    query.executionFrom ? gte(transactions.requestedExecutionDate, query.executionFrom) : undefined,
    query.executionTo ? lte(transactions.requestedExecutionDate, query.executionTo) : undefined,
    query.amountMin !== undefined ? gte(transactions.amount, query.amountMin) : undefined,
    query.amountMax !== undefined ? lte(transactions.amount, query.amountMax) : undefined,
    query.counterpartyId ? eq(transactions.counterpartyId, query.counterpartyId) : undefined,
    query.debitorBankAccountId ? eq(transactions.debitorBankAccountId, query.debitorBankAccountId) : undefined,
    query.paymentRunId ? eq(transactions.paymentRunId, query.paymentRunId) : undefined,
    query.search ? searchCondition(query.search) : undefined,
  )!;
}

function keysetCondition(query: TransactionListQuery): SQL | undefined {
  if (!query.cursor) return undefined;
  const [value, id] = decodeCursorValues(query.cursor, 2);
  if (typeof value !== 'string' || !isUuid(id)) throw invalidCursor();
  const { column, cast } = SORT_COLUMNS[query.sort];
  const after = sql.raw(query.order === 'asc' ? '>' : '<');
  return sql`(${column}, ${transactions.id}) ${after} (${value}::${sql.raw(cast)}, ${id}::uuid)`;
}

const listColumns = {
  id: transactions.id,
  status: transactions.status,
  origin: transactions.origin,
  invoiceId: transactions.invoiceId,
  invoiceNumber: invoices.invoiceNumber,
  counterpartyId: transactions.counterpartyId,
  amount: transactions.amount,
  currency: transactions.currency,
  requestedExecutionDate: transactions.requestedExecutionDate,
  remittanceInformation: transactions.remittanceInformation,
  endToEndId: transactions.endToEndId,
  runId: paymentRuns.id,
  runNumber: paymentRuns.number,
  runStatus: paymentRuns.status,
  archivedAt: transactions.archivedAt,
  version: transactions.version,
  creditorName: transactions.creditorName,
  creditorIban: transactions.creditorIban,
  debitorName: transactions.debitorName,
  analysisStatus: transactions.analysisStatus,
  // Notes are not counted: the list's badge says what a person should look at (transaction-analysis.ts).
  flagCount: sql<number>`(select count(*) from jsonb_array_elements(${transactions.analysisFlags}) as flag
    where flag->>'severity' <> 'note')`.mapWith(Number),
};

type ListRow = Awaited<ReturnType<typeof selectListRows>>[number];

export function toListItem(row: ListRow): TransactionListItem {
  return {
    id: row.id,
    status: row.status,
    origin: row.origin,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber ?? null,
    counterpartyId: row.counterpartyId,
    amount: row.amount,
    currency: row.currency,
    requestedExecutionDate: row.requestedExecutionDate,
    remittanceInformation: row.remittanceInformation,
    endToEndId: row.endToEndId,
    paymentRun:
      row.runId && row.runNumber !== null && row.runStatus
        ? { id: row.runId, number: row.runNumber, status: row.runStatus }
        : null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    version: row.version,
    creditorName: row.creditorName,
    creditorIban: row.creditorIban,
    debitorName: row.debitorName,
    analysisStatus: row.analysisStatus,
    flagCount: row.flagCount,
  };
}

/**
 * List rows with their invoice number and run, and the sort value as text (the cursor keeps it
 * exactly: a timestamp in JS would lose its microseconds).
 */
export function selectListRows(tx: Tx, orgId: OrgId, sortValue: SQL, where: SQL | undefined, orderBy: SQL[], limit: number) {
  return tx
    .select({ ...listColumns, sortValue: sql<string>`${sortValue}::text` })
    .from(transactions)
    .leftJoin(invoices, and(eq(invoices.organizationId, orgId), eq(invoices.id, transactions.invoiceId)))
    .leftJoin(paymentRuns, and(eq(paymentRuns.organizationId, orgId), eq(paymentRuns.id, transactions.paymentRunId)))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
}

/** GET /api/transactions: keyset pages by (sort value, id), totals over every match. */
export async function listTransactions(tx: Tx, orgId: OrgId, query: TransactionListQuery): Promise<TransactionListResponse> {
  const filters = transactionFilters(orgId, query);
  const { column } = SORT_COLUMNS[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await selectListRows(
    tx,
    orgId,
    sql`${column}`,
    and(filters, keysetCondition(query)),
    [direction(column), direction(transactions.id)],
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const [totals] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${transactions.amount}), 0)::float8`,
    })
    .from(transactions)
    .where(filters);
  return {
    items: page.map(toListItem),
    nextCursor: rows.length > query.limit && last ? encodeCursorValues([last.sortValue, last.id]) : null,
    totals: { count: totals?.count ?? 0, amount: totals?.amount ?? 0 },
  };
}
