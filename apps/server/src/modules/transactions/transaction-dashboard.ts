import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  addDaysIso,
  DASHBOARD_RANGE_DAYS,
  DUE_SOON_DAYS,
  VOLUME_CHART_MONTHS,
  todayIso,
  type DashboardRange,
  type TransactionDashboard,
  type TransactionStatus,
} from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { transactions } from '../../db/schema';
import { selectListRows, toListItem } from './transaction-list';

/** Not paid yet and not archived: what the due-soon alert and the open figures count. */
const UNPAID_STATUSES: TransactionStatus[] = ['open', 'planned', 'approved', 'rejected'];

/**
 * Due soon (SPEC §9, and the member digest's section, SPEC §6): unpaid transactions whose
 * requested execution date is at most `today` (a business day) + 7, overdue ones included.
 */
export function dueSoonWhere(orgId: string, today: string) {
  return and(
    eq(transactions.organizationId, orgId),
    inArray(transactions.status, UNPAID_STATUSES),
    lte(transactions.requestedExecutionDate, addDaysIso(today, DUE_SOON_DAYS)),
  );
}
/** Analysis states that need someone's attention. */
const FLAGGED_ANALYSIS = ['warning', 'suspicious', 'blocked', 'not_ok'] as const;
/** The alert lists the earliest ones; count and amount cover all. */
const DUE_SOON_ITEMS = 10;

/**
 * GET /api/transactions/dashboard (issue 7 item 7, SPEC §9). Dates are business days (todayIso).
 * - dueSoon: unpaid transactions with a requested execution date up to today + 7 (overdue: before today).
 * - volume: exported (paid) payments per month of their requested execution date, the last 10
 *   months with the current one, months without payments as zero.
 * - range: over the last N days: exported payments by requested execution date; unpaid and
 *   flagged ones by creation date (what came in during the period).
 */
export async function transactionDashboard(
  tx: Tx,
  orgId: OrgId,
  range: DashboardRange,
  today: string = todayIso(),
): Promise<TransactionDashboard> {
  const dueWhere = dueSoonWhere(orgId, today);
  const [due] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${transactions.amount}), 0)::float8`,
      overdueCount: sql<number>`(count(*) filter (where ${transactions.requestedExecutionDate} < ${today}::date))::int`,
    })
    .from(transactions)
    .where(dueWhere);
  const dueItems = await selectListRows(
    tx,
    orgId,
    sql`${transactions.requestedExecutionDate}`,
    dueWhere,
    [asc(transactions.requestedExecutionDate), asc(transactions.id)],
    DUE_SOON_ITEMS,
  );

  const volume = await tx.execute<{ month: string; amount: number; count: number }>(sql`
    with months as (
      select to_char(date_trunc('month', ${today}::date) - make_interval(months => m), 'YYYY-MM') as month
        from generate_series(0, ${VOLUME_CHART_MONTHS - 1}::int) as m
    ), paid as (
      select to_char(${transactions.requestedExecutionDate}, 'YYYY-MM') as month, ${transactions.amount} as amount
        from ${transactions}
       where ${transactions.organizationId} = ${orgId} and ${transactions.exportedAt} is not null
         and ${transactions.requestedExecutionDate} >= (date_trunc('month', ${today}::date) - make_interval(months => ${VOLUME_CHART_MONTHS - 1}::int))::date
    )
    select months.month, coalesce(sum(paid.amount), 0)::float8 as amount, count(paid.amount)::int as count
      from months left join paid on paid.month = months.month
     group by months.month order by months.month`);

  const from = sql`${today}::date - ${DASHBOARD_RANGE_DAYS[range]}::int`;
  const [figures] = await tx
    .select({
      from: sql<string>`(${from})::text`,
      exportedAmount: sql<number>`coalesce(sum(${transactions.amount}) filter (where ${transactions.exportedAt} is not null
        and ${transactions.requestedExecutionDate} between ${from} and ${today}::date), 0)::float8`,
      exportedCount: sql<number>`(count(*) filter (where ${transactions.exportedAt} is not null
        and ${transactions.requestedExecutionDate} between ${from} and ${today}::date))::int`,
      openAmount: sql<number>`coalesce(sum(${transactions.amount}) filter (where ${inArray(transactions.status, UNPAID_STATUSES)}
        and ${transactions.createdAt} >= ${from}), 0)::float8`,
      openCount: sql<number>`(count(*) filter (where ${inArray(transactions.status, UNPAID_STATUSES)}
        and ${transactions.createdAt} >= ${from}))::int`,
      flaggedCount: sql<number>`(count(*) filter (where ${inArray(transactions.analysisStatus, [...FLAGGED_ANALYSIS])}
        and ${inArray(transactions.status, UNPAID_STATUSES)} and ${transactions.createdAt} >= ${from}))::int`,
    })
    .from(transactions)
    .where(eq(transactions.organizationId, orgId));

  return {
    today,
    dueSoon: {
      count: due?.count ?? 0,
      amount: due?.amount ?? 0,
      overdueCount: due?.overdueCount ?? 0,
      items: dueItems.map(toListItem),
    },
    volume: volume.rows.map((row) => ({ month: row.month, amount: row.amount, count: row.count })),
    range: {
      from: figures!.from,
      to: today,
      exportedAmount: figures?.exportedAmount ?? 0,
      exportedCount: figures?.exportedCount ?? 0,
      openAmount: figures?.openAmount ?? 0,
      openCount: figures?.openCount ?? 0,
      flaggedCount: figures?.flaggedCount ?? 0,
    },
  };
}
