import { and, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ARCHIVED_INVOICE_STATUSES,
  INVOICE_TAB_STATUSES,
  type InvoiceCurrency,
  type InvoiceListItem,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceType,
  type OcrStatus,
} from '@kontor/domain';
import type { Database } from '../../db/database';
import { invoiceFiles, invoiceSplits, invoices } from '../../db/schema';
import type { OrgContext } from '../../plugins/session';
import { decodeCursor, encodeCursor, likePattern, parseSearchAmounts, type ListCursor } from './list-query';
import { invoiceVisibility } from './policy';
import { tenant } from './service';

type Tab = InvoiceListQuery['tab'];

/**
 * "my-approvals" lists invoices waiting for the caller's approval; approval steps arrive with
 * the Approval flows issue, so until then it is empty (and counts 0).
 */
export function statusesOfTab(tab: Tab): readonly InvoiceStatus[] {
  if (tab === 'archive') return ARCHIVED_INVOICE_STATUSES;
  if (tab === 'my-approvals') return [];
  return INVOICE_TAB_STATUSES[tab];
}

/** Sort field → column and the type its cursor value is cast back to. */
const SORT_COLUMNS = {
  dueDate: { column: invoices.dueDate, cast: 'date', nullable: true },
  date: { column: invoices.date, cast: 'date', nullable: true },
  totalAmount: { column: invoices.totalAmount, cast: 'bigint', nullable: true },
  counterpartyName: { column: invoices.counterpartyName, cast: 'text', nullable: true },
  invoiceNumber: { column: invoices.invoiceNumber, cast: 'text', nullable: true },
  createdAt: { column: invoices.createdAt, cast: 'timestamptz', nullable: false },
} as const;

function filterConditions(org: OrgContext, query: InvoiceListQuery, status: InvoiceStatus): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(invoices.organizationId, org.orgId),
    eq(invoices.status, status),
    invoiceVisibility(org),
    query.dateFrom ? gte(invoices.date, query.dateFrom) : undefined,
    query.dateTo ? lte(invoices.date, query.dateTo) : undefined,
    query.dueFrom ? gte(invoices.dueDate, query.dueFrom) : undefined,
    query.dueTo ? lte(invoices.dueDate, query.dueTo) : undefined,
    query.counterpartyId ? eq(invoices.counterpartyId, query.counterpartyId) : undefined,
    query.amountMin !== undefined ? gte(invoices.totalAmount, query.amountMin) : undefined,
    query.amountMax !== undefined ? lte(invoices.totalAmount, query.amountMax) : undefined,
  ];
  if (query.costCenterId) {
    // The invoice's own cost centre or one of its split lines'.
    conditions.push(
      or(
        eq(invoices.costCenterId, query.costCenterId),
        sql`exists (select 1 from ${invoiceSplits} where ${invoiceSplits.organizationId} = ${invoices.organizationId}
              and ${invoiceSplits.invoiceId} = ${invoices.id} and ${invoiceSplits.costCenterId} = ${query.costCenterId})`,
      ),
    );
  }
  if (query.search) {
    // ILIKE '%…%' is served by the trigram indexes of migration 0004; an amount matches exactly.
    const pattern = likePattern(query.search);
    const amounts = parseSearchAmounts(query.search);
    conditions.push(
      or(
        ilike(invoices.counterpartyName, pattern),
        ilike(invoices.invoiceNumber, pattern),
        amounts.length > 0 ? inArray(invoices.totalAmount, amounts) : undefined,
      ),
    );
  }
  return and(...conditions)!;
}

interface PageRow extends Record<string, unknown> {
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
  /** ISO 8601 in UTC, formatted by PostgreSQL (raw statements return timestamps as text). */
  created_at: string;
  file_name: string | null;
  cancel_reason: string | null;
  sort_value: string | null;
}

/**
 * Keyset pagination on (sort value, id) with NULLs last, as one statement. Per status two
 * branches: the rows with a value (in index order, so (org, status, due_date, id) serves the
 * default view without sorting) and then the rows without one, by id; the outer ORDER BY merges
 * at most `limit` rows per branch. Deep pages cost the same as the first.
 */
function pageStatement(
  whereOf: (status: InvoiceStatus) => SQL,
  statuses: readonly InvoiceStatus[],
  query: InvoiceListQuery,
  cursor: ListCursor | null,
  limit: number,
): SQL {
  const { column, cast, nullable } = SORT_COLUMNS[query.sort];
  const direction = sql.raw(query.direction === 'asc' ? 'asc' : 'desc');
  const after = sql.raw(query.direction === 'asc' ? '>' : '<');
  const typed = (value: string) => sql`${value}::${sql.raw(cast)}`;
  const columns = sql`${invoices.id} as id, ${invoices.status} as status, ${invoices.ocrStatus} as ocr_status,
    ${invoices.counterpartyName} as counterparty_name, ${invoices.invoiceNumber} as invoice_number,
    ${invoices.date}::text as date, ${invoices.dueDate}::text as due_date, ${invoices.totalAmount} as total_amount,
    ${invoices.currency} as currency, ${invoices.type} as type, ${invoices.cancelReason} as cancel_reason, ${invoices.costCenterId} as cost_center_id,
    to_char(${invoices.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, ${column} as sort_key, ${column}::text as sort_value,
    (select ${invoiceFiles.fileName} from ${invoiceFiles} where ${invoiceFiles.organizationId} = ${invoices.organizationId}
      and ${invoiceFiles.invoiceId} = ${invoices.id} and ${invoiceFiles.kind} = 'document' limit 1) as file_name`;

  const branches: SQL[] = [];
  const inNullPart = cursor !== null && cursor.value === null;
  for (const status of statuses) {
    const where = whereOf(status);
    if (!inNullPart) {
      const keyset = cursor ? sql`and (${column}, ${invoices.id}) ${after} (${typed(cursor.value!)}, ${cursor.id}::uuid)` : sql``;
      branches.push(sql`(select 0 as branch, ${columns} from ${invoices} where ${where} and ${column} is not null ${keyset}
        order by ${column} ${direction}, ${invoices.id} ${direction} limit ${limit})`);
    }
    if (nullable) {
      const keyset = inNullPart ? sql`and ${invoices.id} ${after} ${cursor.id}::uuid` : sql``;
      branches.push(sql`(select 1 as branch, ${columns} from ${invoices} where ${where} and ${column} is null ${keyset}
        order by ${invoices.id} ${direction} limit ${limit})`);
    }
  }
  return sql`select * from (${sql.join(branches, sql` union all `)}) page
    order by branch, sort_key ${direction}, id ${direction} limit ${limit}`;
}

/** The tabs of the overview's tab bar (SPEC §2); the archive is a screen of its own, uncounted. */
const COUNTED_TABS = ['new', 'my-approvals', 'all-approvals', 'rejected', 'approved'] as const;
const COUNTED_STATUSES = [...new Set(COUNTED_TABS.flatMap((tab) => statusesOfTab(tab)))];

/**
 * One grouped count over the work queues only. Counting the archive (in a mature organisation
 * nearly all of its 250,000 invoices) on every call would cost more than the page itself; the
 * queues are short and an index-only scan on (org, status, …) counts them.
 */
export async function countByTab(database: Database, org: OrgContext): Promise<Record<(typeof COUNTED_TABS)[number], number>> {
  const rows = await database.withOrg(tenant(org), (tx) =>
    tx
      .select({ status: invoices.status, count: sql<number>`count(*)::int` })
      .from(invoices)
      .where(and(eq(invoices.organizationId, org.orgId), inArray(invoices.status, COUNTED_STATUSES), invoiceVisibility(org)))
      .groupBy(invoices.status),
  );
  const byStatus = new Map(rows.map((row) => [row.status, row.count]));
  const count = (tab: (typeof COUNTED_TABS)[number]) =>
    statusesOfTab(tab).reduce((total, status) => total + (byStatus.get(status) ?? 0), 0);
  return Object.fromEntries(COUNTED_TABS.map((tab) => [tab, count(tab)])) as Record<(typeof COUNTED_TABS)[number], number>;
}

function toListItem(row: PageRow): InvoiceListItem {
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
    costCenterId: row.cost_center_id,
    fileName: row.file_name,
    cancelReason: row.cancel_reason,
    createdAt: row.created_at,
  };
}

/** GET /api/invoices: one statement for the page, one grouped count for the tab bar, side by side. */
export async function listInvoices(
  database: Database,
  org: OrgContext,
  query: InvoiceListQuery,
): Promise<{ items: InvoiceListItem[]; nextCursor: string | null; counts: Record<string, number> }> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query) : null;
  const statuses = statusesOfTab(query.tab);
  const page = async (): Promise<PageRow[]> => {
    if (statuses.length === 0) return [];
    const whereOf = (status: InvoiceStatus) => filterConditions(org, query, status);
    const statement = pageStatement(whereOf, statuses, query, cursor, query.limit + 1);
    return database.withOrg(tenant(org), async (tx) => (await tx.execute<PageRow>(statement)).rows);
  };
  const [rows, counts] = await Promise.all([page(), countByTab(database, org)]);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ sort: query.sort, direction: query.direction, value: last.sort_value, id: last.id })
      : null;
  return { items: items.map(toListItem), nextCursor, counts };
}
