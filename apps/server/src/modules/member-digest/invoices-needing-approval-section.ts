import { sql } from 'drizzle-orm';
import { invoiceFormat } from '@kontor/formats';
import { oneLine } from '../approvals/mail-step-approvers';
import { sectionTranslator, type DigestContext, type DigestSection } from './digest-section';
import { readWaitingByApprover } from './waiting-approvals';

interface WaitingInvoice extends Record<string, unknown> {
  id: string;
  counterparty_name: string | null;
  invoice_number: string | null;
  total_amount: number | null;
  currency: string | null;
  due_date: string | null;
}

/**
 * SPEC §6 "invoices needing approval": the invoices waiting for the reader's own decision, as
 * "My approvals" lists them (approval_items.is_waiting, the approval reminders' query shape), in
 * its default order (due date, then the invoice). One query per organisation for every approver
 * at once (readWaitingByApprover); each member reads their part, and a member for whom nothing
 * waits gets no section.
 */
export async function invoicesNeedingApprovalSection(context: DigestContext): Promise<DigestSection | null> {
  const byApprover = await readWaitingByApprover<WaitingInvoice>(context.tx, context.orgId, {
    entityType: 'invoice',
    option: 'invoices_needing_approval',
    join: sql`join invoices e on e.organization_id = ai.organization_id and e.id = ai.entity_id`,
    columns: sql`e.id, e.counterparty_name, e.invoice_number, e.total_amount::float8 as total_amount, e.currency,
                 e.due_date::text as due_date`,
    order: sql`ai.due_date asc nulls last, ai.entity_id`,
  });
  if (byApprover.size === 0) return null;

  return {
    option: 'invoices_needing_approval',
    render: (locale, reader) => {
      const waiting = byApprover.get(reader.userId);
      if (!waiting) return null;
      const t = sectionTranslator(locale);
      const { count, rows } = waiting;
      return {
        summary: t(count === 1 ? 'digestInvoicesNeedingApprovalSummaryOne' : 'digestInvoicesNeedingApprovalSummaryOther', {
          count,
        }),
        detail: '',
        lines: rows.map((row) => {
          const format = invoiceFormat(locale, row.currency ?? 'EUR');
          return {
            text: t('digestInvoicesNeedingApprovalLine', {
              counterparty: oneLine(row.counterparty_name ?? '') || t('unknownSender'),
              invoiceNumber: oneLine(row.invoice_number ?? '') || t('noInvoiceNumber'),
              amount: row.total_amount === null ? t('noAmount') : format.money(row.total_amount),
              due: row.due_date === null ? t('digestNoDueDate') : t('digestDueOn', { date: format.date(row.due_date) }),
            }),
            href: `${context.orgUrl}/invoices/my-approvals/${row.id}`,
          };
        }),
        more: count - rows.length,
        linkLabel: t('digestInvoicesNeedingApprovalLink'),
        link: `${context.orgUrl}/invoices/my-approvals`,
      };
    },
  };
}
