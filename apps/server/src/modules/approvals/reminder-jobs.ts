import type { FastifyInstance } from 'fastify';
import { registerDailyOrganizationJob } from '../../lib/daily-organization-job';
import { listReminderOrganizations, sendApprovalReminders } from './reminders';

export const APPROVAL_REMINDERS_DISPATCH_JOB = 'approvals.reminders-dispatch';

/**
 * Approval reminders on business mornings: 05:00 UTC, Monday to Friday (06:00 or 07:00 in
 * Berlin), for each organisation with reminders on and something waiting.
 */
export async function registerApprovalReminderJobs(app: FastifyInstance): Promise<void> {
  const deps = { mailer: app.mailer, publicUrl: app.config.publicUrl };
  await registerDailyOrganizationJob(app, {
    dispatchName: APPROVAL_REMINDERS_DISPATCH_JOB,
    jobName: 'approvals.reminders',
    cron: '0 5 * * 1-5',
    module: 'approvals',
    listOrganizations: listReminderOrganizations,
    run: async (orgId, date) => ({ mails: await sendApprovalReminders(app.database, deps, orgId, date) }),
  });
}
