import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ReminderSkipReason } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { paymentReminders, type reminderTemplates } from '../../db/schema';
import type { Mailer } from '../../plugins/foundation-types';
import { reminderRecipients, type ReminderCandidate } from './reminder-candidates';
import { composeReminder } from './reminder-mail';

export const REMINDER_MAIL_TEMPLATE = 'payment_reminder';

type TemplateRow = typeof reminderTemplates.$inferSelect;
export type ReminderRow = typeof paymentReminders.$inferSelect;

export interface ReminderWrite {
  orgId: OrgId;
  candidate: ReminderCandidate;
  template: TemplateRow;
  origin: 'automatic' | 'manual';
  company: string;
  today: string;
  /** Overrides the customer's addresses (a person sending by hand). */
  recipients?: string[];
  sentBy?: string | null;
}

/**
 * Records a skipped reminder (SPEC §4) — for an automatic one at most once per receivable and
 * template: a second skip of the same one (the next day's retry) updates its reason and day.
 */
export async function recordSkippedReminder(tx: Tx, write: ReminderWrite, reason: ReminderSkipReason): Promise<void> {
  const insert = tx.insert(paymentReminders).values({
    organizationId: write.orgId,
    arInvoiceId: write.candidate.id,
    templateId: write.template.id,
    intervalDays: write.template.intervalDays,
    type: write.template.type,
    origin: write.origin,
    status: 'skipped',
    skipReason: reason,
    runDate: write.origin === 'automatic' ? write.today : null,
    sentBy: write.sentBy ?? null,
  });
  if (write.origin !== 'automatic') return void (await insert);
  await insert.onConflictDoUpdate({
    target: [paymentReminders.organizationId, paymentReminders.arInvoiceId, paymentReminders.templateId],
    targetWhere: sql`origin = 'automatic'`,
    set: { skipReason: reason, runDate: write.today },
    setWhere: sql`${paymentReminders.status} = 'skipped'`,
  });
}

/**
 * Writes the reminder and its e-mail in the caller's transaction: both commit or neither. For the
 * daily run, the insert's conflict with an earlier reminder of the same receivable and template
 * (payment_reminders_once_idx) means another worker or an earlier attempt sent it: null, and
 * no mail — unless that one was skipped (no address then, say) and can go now: it becomes the
 * sent reminder. The invoice's PDF goes along when one was made for its current version.
 */
export async function writeReminder(
  tx: Tx,
  mailer: Mailer,
  publicUrl: string,
  write: ReminderWrite,
): Promise<ReminderRow | null> {
  const { candidate, template, orgId } = write;
  const recipients = write.recipients ?? reminderRecipients(candidate);
  const token = randomBytes(24).toString('base64url');
  const hasDocument = candidate.documentKey !== null && candidate.documentVersion === candidate.version;
  const mail = composeReminder(candidate, template, write.company, write.today, {
    pixelUrl: `${publicUrl}/m/o/${token}`,
    documentUrl: hasDocument ? `${publicUrl}/m/d/${token}` : null,
  });
  const [row] = await tx
    .insert(paymentReminders)
    .values({
      organizationId: orgId,
      arInvoiceId: candidate.id,
      templateId: template.id,
      intervalDays: template.intervalDays,
      type: template.type,
      origin: write.origin,
      status: 'sent',
      recipients,
      subject: mail.subject,
      trackingToken: token,
      events: [{ event: 'sent', at: new Date().toISOString() }],
      runDate: write.origin === 'automatic' ? write.today : null,
      sentBy: write.sentBy ?? null,
    })
    .onConflictDoUpdate({
      target: [paymentReminders.organizationId, paymentReminders.arInvoiceId, paymentReminders.templateId],
      targetWhere: sql`origin = 'automatic'`,
      set: {
        status: 'sent',
        skipReason: null,
        recipients: sql`excluded.recipients`,
        subject: sql`excluded.subject`,
        trackingToken: sql`excluded.tracking_token`,
        events: sql`excluded.events`,
        runDate: sql`excluded.run_date`,
        createdAt: sql`now()`,
      },
      setWhere: sql`${paymentReminders.status} = 'skipped'`,
    })
    .returning();
  if (!row) return null;
  const attachments =
    hasDocument && candidate.documentKey
      ? [
          {
            filename: `${candidate.invoiceNumber ?? 'invoice'}.pdf`,
            contentType: 'application/pdf',
            storageKey: candidate.documentKey,
            size: 0,
          },
        ]
      : [];
  const { id: mailId } = await mailer.enqueue(tx, {
    organizationId: orgId,
    to: recipients,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    template: REMINDER_MAIL_TEMPLATE,
    attachments,
  });
  const [withMail] = await tx
    .update(paymentReminders)
    .set({ mailId })
    .where(and(eq(paymentReminders.organizationId, orgId), eq(paymentReminders.id, row.id)))
    .returning();
  return withMail ?? row;
}

/** Appends an e-mail event (delivered, opened …) once; a later status never goes back to "sent". */
export function appendEvent(event: string, status?: 'delivered' | 'failed') {
  return {
    events: sql`case when ${paymentReminders.events} @> ${JSON.stringify([{ event }])}::jsonb then ${paymentReminders.events}
      else ${paymentReminders.events} || jsonb_build_array(jsonb_build_object('event', ${event}::text, 'at', now()))
      end`,
    ...(status ? { status } : {}),
  };
}
