import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { invoiceFormat } from '@kontor/formats';
import { ARCHIVED_INVOICE_STATUSES, INVOICE_STATUSES } from '@kontor/domain';
import { invoices } from '../../db/schema';
import { oneLine } from '../approvals/mail-step-approvers';
import { SECTION_LINES_MAX, sectionTranslator, type DigestContext, type DigestSection } from './digest-section';
import { writtenPeriod } from './paid-receivables-section';

/** Every status but cancelled and archived: an invoice put aside before the morning is no news any more. */
const REPORTED_STATUSES = INVOICE_STATUSES.filter((status) => !ARCHIVED_INVOICE_STATUSES.includes(status));

/**
 * SPEC §6 "new invoices": the supplier invoices that arrived during the digest's period
 * (invoices.created_at in [since, until)), whatever brought them (upload, e-mail import, API),
 * newest first, with counterparty, number and amount as far as they are known (reading may still
 * be under way). One query per organisation (invoices_status_created_idx, one range per status);
 * the count comes with the rows.
 */
export async function newInvoicesSection(context: DigestContext): Promise<DigestSection | null> {
  const { tx, orgId, since, until } = context;
  const rows = await tx
    .select({
      id: invoices.id,
      counterpartyName: invoices.counterpartyName,
      invoiceNumber: invoices.invoiceNumber,
      totalAmount: invoices.totalAmount,
      currency: invoices.currency,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, orgId),
        inArray(invoices.status, REPORTED_STATUSES),
        gte(invoices.createdAt, since),
        lt(invoices.createdAt, until),
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(SECTION_LINES_MAX);
  const total = rows[0]?.total ?? 0;
  if (total === 0) return null;

  return {
    option: 'new_invoices',
    render: (locale) => {
      const t = sectionTranslator(locale);
      return {
        summary: t(total === 1 ? 'digestNewInvoicesSummaryOne' : 'digestNewInvoicesSummaryOther', {
          count: total,
          period: writtenPeriod(context.period, locale),
        }),
        detail: '',
        lines: rows.map((row) => ({
          text: t('digestNewInvoicesLine', {
            counterparty: oneLine(row.counterpartyName ?? '') || t('unknownSender'),
            invoiceNumber: oneLine(row.invoiceNumber ?? '') || t('noInvoiceNumber'),
            amount:
              row.totalAmount === null ? t('noAmount') : invoiceFormat(locale, row.currency ?? 'EUR').money(row.totalAmount),
          }),
          href: `${context.orgUrl}/invoices/new/${row.id}`,
        })),
        more: total - rows.length,
        linkLabel: t('digestNewInvoicesLink'),
        link: `${context.orgUrl}/invoices/new`,
      };
    },
  };
}
