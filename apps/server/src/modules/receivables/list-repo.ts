import { OPEN_RECEIVABLE_STATUSES, quickFilterDueRange, type ArInvoiceListItem, type ArInvoiceListQuery } from '@kontor/domain';
import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { arInvoices, counterparties } from '../../db/schema';
import { toListItem } from './repo';

const SORT_COLUMNS = {
  dueDate: arInvoices.dueDate,
  invoiceDate: arInvoices.invoiceDate,
  invoiceNumber: arInvoices.invoiceNumber,
  totalAmount: arInvoices.totalAmount,
  counterpartyName: counterparties.name,
} as const;

/** The tab's and the quick filter's conditions; `today` is the organisation's calendar day. */
function conditions(query: ArInvoiceListQuery, today: string): SQL[] {
  const where: SQL[] = [];
  switch (query.tab) {
    case 'outstanding':
      where.push(inArray(arInvoices.status, [...OPEN_RECEIVABLE_STATUSES]));
      break;
    case 'overdue':
      where.push(inArray(arInvoices.status, [...OPEN_RECEIVABLE_STATUSES]), lt(arInvoices.dueDate, today));
      break;
    case 'paid':
      where.push(eq(arInvoices.status, 'paid'));
      break;
    case 'drafts':
      where.push(eq(arInvoices.status, 'draft'));
      break;
    case 'canceled':
      where.push(eq(arInvoices.status, 'canceled'));
      break;
    case 'all':
      break;
  }
  if (query.filter) {
    // The same bounds as the domain's matchesQuickFilter: every quick filter is about what is still to be paid.
    const range = quickFilterDueRange(query.filter, today);
    where.push(inArray(arInvoices.status, [...range.statuses]));
    if (range.dueFrom) where.push(gte(arInvoices.dueDate, range.dueFrom));
    if (range.dueTo) where.push(lte(arInvoices.dueDate, range.dueTo));
  }
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(arInvoices.invoiceNumber, pattern),
        ilike(counterparties.name, pattern),
        ilike(counterparties.accountsReceivableNumber, pattern),
      )!,
    );
  }
  return where;
}

/** The cursor is the offset of the next page, opaque to the client. */
const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  try {
    const { o } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown };
    return typeof o === 'number' && Number.isInteger(o) && o >= 0 ? o : 0;
  } catch {
    return 0;
  }
}

export async function listArInvoices(
  tx: Tx,
  orgId: OrgId,
  query: ArInvoiceListQuery,
  today: string,
): Promise<{ items: ArInvoiceListItem[]; nextCursor: string | null }> {
  const offset = decodeCursor(query.cursor);
  const order = query.direction === 'desc' ? desc : asc;
  const rows = await tx
    .select({ row: arInvoices, name: counterparties.name, arNumber: counterparties.accountsReceivableNumber })
    .from(arInvoices)
    .innerJoin(
      counterparties,
      and(eq(counterparties.organizationId, arInvoices.organizationId), eq(counterparties.id, arInvoices.counterpartyId)),
    )
    .where(and(eq(arInvoices.organizationId, orgId), ...conditions(query, today)))
    // Numbers of one sequence sort by length first, so that RE-100000 follows RE-99999.
    .orderBy(
      ...(query.sort === 'invoiceNumber' ? [order(sql`length(${arInvoices.invoiceNumber})`)] : []),
      order(SORT_COLUMNS[query.sort]),
      order(arInvoices.id),
    )
    .limit(query.limit + 1)
    .offset(offset);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(({ row, name, arNumber }) => toListItem(row, name, arNumber)),
    nextCursor: rows.length > query.limit ? encodeCursor(offset + query.limit) : null,
  };
}
