import { and, eq, sql } from 'drizzle-orm';
import type { ReminderEmailEvent } from '@kontor/domain';
import type { Database, Tx } from '../../db/database';
import { paymentReminders } from '../../db/schema';
import { findReportedMail } from '../../plugins/mail-references';
import { appendEvent } from './send-reminder';

/**
 * The status an event moves a reminder to. A bounce fails it even after "delivered" (a relay's
 * acceptance, or another recipient's mailbox); a later "delivered" never hides that a recipient
 * did not get it.
 */
function statusAfter(event: ReminderEmailEvent) {
  if (event === 'bounced') return 'failed' as const;
  if (event === 'delivered')
    return sql<'delivered' | 'failed'>`case when ${paymentReminders.status} = 'failed' then 'failed' else 'delivered' end`;
  return undefined;
}

/**
 * Records what a delivery report (bounce, provider webhook) says about a reminder's e-mail, named
 * by the outbox mail's id or its Message-ID. Each event is kept once. Null when the mail is no
 * reminder's (other mail is not tracked) or unknown.
 */
export async function recordReminderMailEvent(
  target: Database | Tx,
  report: { mailId?: string; messageId?: string; event: ReminderEmailEvent },
): Promise<{ reminderId: string } | null> {
  const record = async (tx: Tx) => {
    const mail = await findReportedMail(tx, report);
    if (!mail?.organizationId) return null;
    const status = statusAfter(report.event);
    const [row] = await tx
      .update(paymentReminders)
      .set({ ...appendEvent(report.event), ...(status ? { status } : {}) })
      .where(and(eq(paymentReminders.organizationId, mail.organizationId), eq(paymentReminders.mailId, mail.id)))
      .returning({ reminderId: paymentReminders.id });
    return row ?? null;
  };
  // Reports come before any organisation is known: a system transaction finds the mail's.
  return 'withSystem' in target ? target.withSystem(record) : record(target);
}
