import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { recordReminderMailEvent } from '../payment-reminders/delivery-events';
import { DELIVERY_REPORT_PARSE_OPTIONS, readDeliveryReport } from './delivery-report';

/**
 * A mail to `bounce+<mail id>@<domain>`: a delivery report about a mail we sent, never an invoice.
 * What it says is recorded on the payment reminder that mail belongs to; reports about other
 * mail, and mail that is no report (auto-replies), are logged and dropped: the sender has done
 * nothing wrong, so it still gets its 250.
 */
export async function receiveDeliveryReport(
  database: Database,
  log: FastifyBaseLogger,
  raw: Buffer,
  mailIds: readonly string[],
): Promise<void> {
  const { simpleParser } = await import('mailparser'); // loaded on demand, as in plugin.ts
  const report = readDeliveryReport(await simpleParser(raw, DELIVERY_REPORT_PARSE_OPTIONS));
  if (!report) {
    log.info({ mailIds }, 'mail to a bounce address is no delivery report; dropped');
    return;
  }
  const recipients = report.recipients.map(({ recipient, action, status }) => ({ recipient, action, status }));
  await database.withSystem(async (tx) => {
    for (const mailId of mailIds) {
      for (const event of report.events) {
        const recorded = await recordReminderMailEvent(tx, {
          mailId,
          messageId: report.originalMessageId ?? undefined,
          event,
        });
        log.info({ mailId, event, recipients, reminderId: recorded?.reminderId ?? null }, 'delivery report received');
      }
    }
  });
}
