import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { runDailyReminders } from './daily-run';
import { recordReminderDelivery } from './reminder-repo';
import { REMINDER_MAIL_TEMPLATE } from './send-reminder';

export const DAILY_REMINDERS_JOB = 'reminders.daily-run';

/**
 * The daily run of automatic reminders (every quarter of an hour; each organisation's turn comes
 * on its business mornings), and the outbox's delivery reports moving each reminder to delivered
 * or failed.
 */
export async function registerPaymentReminderJobs(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ job: DAILY_REMINDERS_JOB });
  await app.jobs.register({
    name: DAILY_REMINDERS_JOB,
    schema: z.object({ orgId: z.null() }),
    options: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 30 * 60 },
    handler: async () => {
      const result = await runDailyReminders(
        { database: app.database, mailer: app.mailer, publicUrl: app.config.publicUrl },
        new Date(),
        (orgId, error) => log.error({ err: error, orgId }, 'payment reminders of an organisation failed'),
      );
      if (result.sent + result.skipped > 0) log.info(result, 'payment reminders sent');
    },
  });
  if (app.config.roles.has('worker')) await app.jobs.schedule(DAILY_REMINDERS_JOB, '*/15 * * * *', { orgId: null });
  app.mailer.onDelivery(REMINDER_MAIL_TEMPLATE, (tx, mail, outcome) => recordReminderDelivery(tx, mail.id, outcome));
}
