import { asc, sql } from 'drizzle-orm';
import { invoiceFormat } from '@kontor/formats';
import { addDaysIso, DUE_SOON_DAYS } from '@kontor/domain';
import { transactions } from '../../db/schema';
import { oneLine } from '../approvals/mail-step-approvers';
import { dueSoonWhere } from '../transactions/transaction-dashboard';
import { SECTION_LINES_MAX, sectionTranslator, type DigestContext, type DigestSection } from './digest-section';

/**
 * SPEC §6 "transactions due within 7 days", defined as the transaction dashboard's due-soon alert
 * (SPEC §9): payments not made yet (open, or in a run not exported) whose requested execution date
 * is at most today + 7 days in the organisation's time zone, overdue ones included (they are the
 * most urgent), earliest first, with the total per currency and how many are overdue. Two queries
 * per organisation (transactions_status_date_idx).
 */
export async function transactionsDueSoonSection(context: DigestContext): Promise<DigestSection | null> {
  const { tx, orgId, today } = context;
  const where = dueSoonWhere(orgId, today);
  const dueBy = addDaysIso(today, DUE_SOON_DAYS);
  const totals = await tx
    .select({
      currency: transactions.currency,
      count: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${transactions.requestedExecutionDate} < ${today}::date))::int`,
      total: sql<string>`sum(${transactions.amount})::text`,
    })
    .from(transactions)
    .where(where)
    .groupBy(transactions.currency)
    .orderBy(asc(transactions.currency));
  const total = totals.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return null;
  const overdue = totals.reduce((sum, row) => sum + row.overdue, 0);
  const top = await tx
    .select({
      id: transactions.id,
      creditorName: transactions.creditorName,
      amount: transactions.amount,
      currency: transactions.currency,
      requestedExecutionDate: transactions.requestedExecutionDate,
    })
    .from(transactions)
    .where(where)
    .orderBy(asc(transactions.requestedExecutionDate), asc(transactions.id))
    .limit(SECTION_LINES_MAX);

  return {
    option: 'transactions_due_soon',
    render: (locale) => {
      const t = sectionTranslator(locale);
      const { date } = invoiceFormat(locale, 'EUR');
      const sums = totals.map((row) => invoiceFormat(locale, row.currency).money(Number(row.total))).join(', ');
      return {
        summary: t(total === 1 ? 'digestTransactionsDueSoonSummaryOne' : 'digestTransactionsDueSoonSummaryOther', {
          count: total,
          date: date(dueBy),
        }),
        detail: [
          t('digestTransactionsDueSoonTotal', { total: sums }),
          ...(overdue > 0 ? [t('digestTransactionsDueSoonOverdue', { count: overdue })] : []),
        ].join(' '),
        lines: top.map((row) => {
          const format = invoiceFormat(locale, row.currency);
          const isOverdue = row.requestedExecutionDate < today;
          return {
            text: t(isOverdue ? 'digestTransactionsDueSoonLineOverdue' : 'digestTransactionsDueSoonLine', {
              counterparty: oneLine(row.creditorName) || t('unknownSender'),
              amount: format.money(row.amount),
              date: format.date(row.requestedExecutionDate),
            }),
            href: `${context.orgUrl}/transactions?view=all&id=${row.id}`,
          };
        }),
        more: total - top.length,
        linkLabel: t('digestTransactionsDueSoonLink'),
        link: `${context.orgUrl}/transaction-dashboard`,
      };
    },
  };
}
