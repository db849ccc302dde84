import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { invoiceFormat } from '@kontor/formats';
import { invoices } from '../../db/schema';
import { oneLine } from '../approvals/mail-step-approvers';
import { SECTION_LINES_MAX, sectionTranslator, type DigestContext, type DigestSection } from './digest-section';

/**
 * SPEC §6 "invoices ready for export": approved invoices that no export is writing — what
 * "export all ready" takes (exports/selection.ts, kind `ready`: status approved, no
 * exporting_job_id; the export makes them exported). Oldest invoice date first, the order of the
 * export screen's list, with the total per currency. Two queries per organisation
 * (invoices_status_date_idx).
 */
export async function invoicesReadyForExportSection(context: DigestContext): Promise<DigestSection | null> {
  const { tx, orgId } = context;
  const where = and(eq(invoices.organizationId, orgId), eq(invoices.status, 'approved'), isNull(invoices.exportingJobId));
  const totals = await tx
    .select({
      currency: invoices.currency,
      count: count(),
      total: sql<string>`coalesce(sum(${invoices.totalAmount}), 0)::text`,
    })
    .from(invoices)
    .where(where)
    .groupBy(invoices.currency)
    .orderBy(asc(invoices.currency));
  const total = totals.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return null;
  const top = await tx
    .select({
      id: invoices.id,
      counterpartyName: invoices.counterpartyName,
      invoiceNumber: invoices.invoiceNumber,
      totalAmount: invoices.totalAmount,
      currency: invoices.currency,
      date: invoices.date,
    })
    .from(invoices)
    .where(where)
    .orderBy(sql`${invoices.date} asc nulls last`, asc(invoices.id))
    .limit(SECTION_LINES_MAX);

  return {
    option: 'invoices_ready_for_export',
    render: (locale) => {
      const t = sectionTranslator(locale);
      const sums = totals.map((row) => invoiceFormat(locale, row.currency ?? 'EUR').money(Number(row.total))).join(', ');
      return {
        summary: t(total === 1 ? 'digestInvoicesReadyForExportSummaryOne' : 'digestInvoicesReadyForExportSummaryOther', {
          count: total,
        }),
        detail: t('digestInvoicesReadyForExportTotal', { total: sums }),
        lines: top.map((row) => {
          const format = invoiceFormat(locale, row.currency ?? 'EUR');
          return {
            text: t('digestInvoicesReadyForExportLine', {
              counterparty: oneLine(row.counterpartyName ?? '') || t('unknownSender'),
              invoiceNumber: oneLine(row.invoiceNumber ?? '') || t('noInvoiceNumber'),
              amount: row.totalAmount === null ? t('noAmount') : format.money(row.totalAmount),
              date: row.date === null ? t('digestNoInvoiceDate') : t('digestInvoiceDated', { date: format.date(row.date) }),
            }),
            href: `${context.orgUrl}/invoices/approved/${row.id}`,
          };
        }),
        more: total - top.length,
        linkLabel: t('digestInvoicesReadyForExportLink'),
        link: `${context.orgUrl}/export/invoices`,
      };
    },
  };
}
