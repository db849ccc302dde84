import {
  daysBetweenIso,
  reminderSkipReason,
  type Locale,
  type PaymentReminder,
  type ReminderPreview,
  type ReminderSkipReason,
  type SendReminderBody,
} from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { translateNotification } from '../../lib/i18n';
import type { Mailer } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { findArInvoiceRow } from '../receivables/repo';
import { tenant } from '../master-data/service-helpers';
import { companyName, readReminderCandidate, reminderRecipients, type ReminderCandidate } from './reminder-candidates';
import { composeReminder } from './reminder-mail';
import { findReminderTemplate, listReminderTemplateRows } from './template-repo';
import { writeReminder, type ReminderRow } from './send-reminder';
import { listReminderRows, organizationToday, userNames } from './reminder-repo';

export function toPaymentReminder(row: ReminderRow, senderName: string | null): PaymentReminder {
  return {
    id: row.id,
    arInvoiceId: row.arInvoiceId,
    templateId: row.templateId,
    intervalDays: row.intervalDays,
    type: row.type,
    origin: row.origin,
    status: row.status,
    skipReason: row.skipReason,
    recipients: row.recipients,
    subject: row.subject,
    events: row.events,
    sentBy: row.sentBy && senderName ? { id: row.sentBy, name: senderName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function skippedError(reason: ReminderSkipReason, locale: Locale): AppError {
  return new AppError('reminder_skipped', { reason: translateNotification(`reminderSkip_${reason}`, locale) });
}

/** A person's reminders of one receivable (issue 66 item 3): preview, send, history. */
export class PaymentReminderService {
  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  /** Without a template: the one whose interval the invoice reached last (else the first). */
  private async load(tx: Tx, orgId: OrgId, arInvoiceId: string, templateId: string | undefined) {
    const candidate = await readReminderCandidate(tx, orgId, arInvoiceId);
    if (!candidate) throw new AppError('ar_invoice_not_found');
    if (candidate.status === 'draft' || !candidate.invoiceNumber) throw new AppError('ar_invoice_not_issued');
    const today = await organizationToday(tx, orgId);
    let template;
    if (templateId) template = await findReminderTemplate(tx, orgId, templateId);
    else {
      const overdue = daysBetweenIso(candidate.dueDate, today);
      const templates = await listReminderTemplateRows(tx, orgId);
      template = templates.filter((row) => row.intervalDays <= overdue).at(-1) ?? templates[0];
    }
    if (!template) throw new AppError('reminder_template_not_found');
    return { candidate, template, today, company: await companyName(tx, orgId) };
  }

  private skipReason(candidate: ReminderCandidate, recipients: string[], today: string): ReminderSkipReason | null {
    return reminderSkipReason(
      candidate,
      { exists: true, remindersEnabled: candidate.remindersEnabled, recipients },
      today,
      'manual',
    );
  }

  async preview(org: OrgContext, arInvoiceId: string, templateId: string | undefined): Promise<ReminderPreview> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const { candidate, template, today, company } = await this.load(tx, org.orgId, arInvoiceId, templateId);
      const to = reminderRecipients(candidate);
      const mail = composeReminder(candidate, template, company, today, null);
      return {
        templateId: template.id,
        to,
        subject: mail.subject,
        text: mail.text,
        skipReason: this.skipReason(candidate, to, today),
      };
    });
  }

  async send(org: OrgContext, arInvoiceId: string, body: SendReminderBody, locale: Locale): Promise<PaymentReminder> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const { candidate, template, today, company } = await this.load(tx, org.orgId, arInvoiceId, body.templateId);
      const recipients = body.to.length > 0 ? body.to : reminderRecipients(candidate);
      const reason = this.skipReason(candidate, recipients, today);
      if (reason) throw skippedError(reason, locale);
      const row = await writeReminder(tx, this.mailer, this.publicUrl, {
        orgId: org.orgId,
        candidate,
        template,
        origin: 'manual',
        company,
        today,
        recipients,
        sentBy: org.userId,
      });
      if (!row) throw new AppError('internal'); // manual reminders have no uniqueness to lose
      await writeActivity(tx, org.orgId, {
        entityType: 'ar_invoice',
        entityId: arInvoiceId,
        action: 'send',
        actor: { type: 'user', id: org.userId },
        changes: { reminder: template.intervalDays, to: recipients },
      });
      return toPaymentReminder(row, (await userNames(tx, [org.userId])).get(org.userId) ?? null);
    });
  }

  async list(org: OrgContext, arInvoiceId: string): Promise<PaymentReminder[]> {
    return this.database.withOrg(tenant(org), async (tx) => {
      // A foreign or unknown receivable is not found, never an empty list.
      if (!(await findArInvoiceRow(tx, org.orgId, arInvoiceId))) throw new AppError('ar_invoice_not_found');
      const { rows, names } = await listReminderRows(tx, org.orgId, arInvoiceId);
      return rows.map((row) => toPaymentReminder(row, row.sentBy ? (names.get(row.sentBy) ?? null) : null));
    });
  }
}
