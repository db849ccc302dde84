import { sql } from 'drizzle-orm';
import { formatMoney, type Locale } from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { translateNotification } from '../../lib/i18n';
import type { Mailer } from '../../plugins/foundation-types';
import { oneLine, type TranslateNotification } from './mail-step-approvers';

/** A plain date as the recipient writes it: 27.11.2026 or 27/11/2026. */
export const writtenDate = (iso: string, locale: Locale) => {
  const [year, month, day] = iso.split('-');
  return locale === 'de' ? `${day}.${month}.${year}` : `${day}/${month}/${year}`;
};

/** At most this many invoices are listed in one reminder; the rest are counted. */
export const REMINDER_LINES_MAX = 10;

interface OverdueApproval extends Record<string, unknown> {
  approver_id: string;
  approver_name: string;
  approver_email: string;
  approver_locale: string | null;
  invoice_id: string;
  counterparty_name: string | null;
  invoice_number: string | null;
  total_amount: string | null;
  currency: string | null;
  /** When the step that waits for the approver opened (YYYY-MM-DD, Berlin). */
  waiting_since: string;
}

/**
 * The organisations whose approvers may be due a reminder: reminders on and something waiting.
 * Read across organisations (the daily dispatch), without any invoice data.
 */
export async function listReminderOrganizations(database: Database): Promise<OrgId[]> {
  const rows = await database.withSystem((tx) =>
    tx.execute<{ id: string }>(sql`select o.id from organizations o
       where o.approval_reminder_days is not null
         and exists (select 1 from approval_items ai where ai.organization_id = o.id and ai.is_waiting and ai.entity_type = 'invoice')
       order by o.id`),
  );
  return rows.rows.map((row) => row.id as OrgId);
}

/**
 * The invoices that have waited for an approver longer than the organisation's reminder days on
 * `today`: waiting since their step opened (the request for the first step, the last decision of
 * the step before for a later one), oldest first.
 */
async function findOverdueApprovals(
  tx: Tx,
  orgId: OrgId,
  today: string,
): Promise<{ days: number | null; slug: string; rows: OverdueApproval[] }> {
  const settings = await tx.execute<{ days: number | null; slug: string }>(
    sql`select approval_reminder_days as days, slug from organizations where id = ${orgId}`,
  );
  const { days, slug } = settings.rows[0]!;
  if (days === null) return { days, slug, rows: [] };
  const result = await tx.execute<OverdueApproval>(sql`
      select w.approver_id, u.name as approver_name, u.email as approver_email, u.locale as approver_locale,
             i.id as invoice_id, i.counterparty_name, i.invoice_number, i.total_amount::text as total_amount, i.currency,
             w.waiting_since::text as waiting_since
        from (select ai.approver_id, ai.entity_id,
                     (coalesce((select max(d.decided_at) from approval_items d
                                 where d.organization_id = ai.organization_id and d.request_id = ai.request_id and d.step < ai.step),
                               r.requested_at) at time zone 'Europe/Berlin')::date as waiting_since
                from approval_items ai
                join approval_requests r on r.organization_id = ai.organization_id and r.id = ai.request_id
               where ai.organization_id = ${orgId} and ai.is_waiting and ai.entity_type = 'invoice') w
        join invoices i on i.organization_id = ${orgId} and i.id = w.entity_id
        join users u on u.id = w.approver_id
       where w.waiting_since < ${today}::date - ${days}::int
       order by w.approver_id, w.waiting_since, i.id`);
  return { days, slug, rows: result.rows };
}

/**
 * One reminder per approver with invoices overdue on `today` (SPEC §6 "invoices needing
 * approval", repeated on business mornings while they wait): which invoices, since when, and a
 * link to My approvals, in the approver's language, through the outbox. Answers how many mails.
 */
export async function sendApprovalReminders(
  database: Database,
  deps: { mailer: Mailer; publicUrl: string },
  orgId: OrgId,
  today: string,
): Promise<number> {
  // One transaction: the mails leave through the outbox only if all of them were written.
  return database.withOrg({ orgId, userId: null }, async (tx) => {
    const { days, slug, rows } = await findOverdueApprovals(tx, orgId, today);
    if (days === null || rows.length === 0) return 0;
    const byApprover = new Map<string, OverdueApproval[]>();
    for (const row of rows) byApprover.set(row.approver_id, [...(byApprover.get(row.approver_id) ?? []), row]);
    const link = `${deps.publicUrl}/${slug}/invoices/my-approvals`;
    for (const waiting of byApprover.values()) {
      const first = waiting[0]!;
      const locale: Locale = first.approver_locale === 'de' ? 'de' : 'en';
      const t: TranslateNotification = (key, params) => translateNotification(key, locale, params);
      const lines = waiting.slice(0, REMINDER_LINES_MAX).map((row) =>
        t('approvalReminderLine', {
          counterparty: oneLine(row.counterparty_name ?? '') || t('unknownSender'),
          invoiceNumber: oneLine(row.invoice_number ?? '') || t('noInvoiceNumber'),
          amount: row.total_amount === null ? t('noAmount') : formatMoney(Number(row.total_amount), row.currency ?? 'EUR'),
          since: writtenDate(row.waiting_since, locale),
        }),
      );
      const more = waiting.length - lines.length;
      const count = waiting.length;
      await deps.mailer.enqueue(tx, {
        organizationId: orgId,
        to: [first.approver_email],
        subject: t(count === 1 ? 'approvalReminderSubjectOne' : 'approvalReminderSubjectOther', { count }),
        text: t('approvalReminderBody', {
          name: first.approver_name || first.approver_email,
          intro: t(count === 1 ? 'approvalReminderIntroOne' : 'approvalReminderIntroOther', {
            days: t(days === 1 ? 'reminderDaysOne' : 'reminderDaysOther', { count: days }),
          }),
          lines: lines.join('\n'),
          more: more > 0 ? t('approvalReminderMore', { count: more }) : '',
          link,
        }),
        template: 'approval_reminder',
      });
    }
    return byApprover.size;
  });
}
