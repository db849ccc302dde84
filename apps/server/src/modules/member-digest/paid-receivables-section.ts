import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { invoiceFormat } from '@kontor/formats';
import type { Locale } from '@kontor/domain';
import { localDateTime } from '@kontor/domain';
import { arInvoices, counterparties } from '../../db/schema';
import { translateNotification } from '../../lib/i18n';
import { oneLine } from '../approvals/mail-step-approvers';
import { SECTION_LINES_MAX, type DigestContext, type DigestSection } from './digest-section';

/** A period as the reader writes dates: "on 07.12.2026" or "from 04.12.2026 to 06.12.2026". */
export function writtenPeriod(period: { from: string; to: string }, locale: Locale): string {
  const { date } = invoiceFormat(locale, 'EUR');
  return period.from === period.to
    ? translateNotification('digestPeriodDay', locale, { date: date(period.from) })
    : translateNotification('digestPeriodRange', locale, { from: date(period.from), to: date(period.to) });
}

/**
 * SPEC §6 "previous-day paid receivables" (issue 66 item 5): the invoices that became paid in full
 * during the digest's period (ar_invoices.paid_at, set by a trigger whichever way they were paid),
 * largest first, with the total per currency. Credit notes are left out: paying one is a refund.
 * Two indexed queries per organisation (ar_invoices_paid_at_idx), whatever the number of readers.
 */
export async function paidReceivablesSection(context: DigestContext): Promise<DigestSection | null> {
  const { tx, orgId, since, until } = context;
  const where = and(
    eq(arInvoices.organizationId, orgId),
    gte(arInvoices.paidAt, since),
    lt(arInvoices.paidAt, until),
    eq(arInvoices.status, 'paid'),
    eq(arInvoices.type, 'invoice'),
  );
  const totals = await tx
    .select({ currency: arInvoices.currency, count: count(), total: sql<string>`sum(${arInvoices.totalAmount})::text` })
    .from(arInvoices)
    .where(where)
    .groupBy(arInvoices.currency)
    .orderBy(asc(arInvoices.currency));
  const total = totals.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return null;
  const top = await tx
    .select({
      id: arInvoices.id,
      invoiceNumber: arInvoices.invoiceNumber,
      totalAmount: arInvoices.totalAmount,
      currency: arInvoices.currency,
      paidOn: arInvoices.paidOn,
      paidAt: arInvoices.paidAt,
      customer: counterparties.name,
    })
    .from(arInvoices)
    .innerJoin(
      counterparties,
      and(eq(counterparties.organizationId, arInvoices.organizationId), eq(counterparties.id, arInvoices.counterpartyId)),
    )
    .where(where)
    .orderBy(desc(arInvoices.totalAmount), asc(arInvoices.paidAt), asc(arInvoices.id))
    .limit(SECTION_LINES_MAX);

  return {
    option: 'paid_receivables',
    render: (locale) => {
      const t = (key: Parameters<typeof translateNotification>[0], params?: Record<string, string | number>) =>
        translateNotification(key, locale, params);
      const period = writtenPeriod(context.period, locale);
      const sums = totals.map((row) => invoiceFormat(locale, row.currency).money(Number(row.total))).join(', ');
      return {
        summary: t(total === 1 ? 'digestPaidReceivablesSummaryOne' : 'digestPaidReceivablesSummaryOther', {
          count: total,
          period,
        }),
        detail: t('digestPaidReceivablesTotal', { total: sums }),
        lines: top.map((row) => {
          const format = invoiceFormat(locale, row.currency);
          const paidOn = row.paidOn ?? localDateTime(row.paidAt!, context.timeZone).date;
          return {
            text: t('digestPaidReceivablesLine', {
              counterparty: oneLine(row.customer) || t('unknownSender'),
              invoiceNumber: oneLine(row.invoiceNumber ?? '') || t('noInvoiceNumber'),
              amount: format.money(row.totalAmount),
              paidOn: format.date(paidOn),
            }),
            href: `${context.orgUrl}/accounts-receivable/${row.id}`,
          };
        }),
        more: total - top.length,
        linkLabel: t('digestPaidReceivablesLink'),
        link: `${context.orgUrl}/accounts-receivable?tab=paid`,
      };
    },
  };
}
