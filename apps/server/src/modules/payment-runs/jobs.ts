import type { FastifyInstance } from 'fastify';
import { registerDailyOrganizationJob } from '../../lib/daily-organization-job';
import { createAutomaticRun, listAutomaticRunOrganizations } from './automatic-runs';

export const AUTOMATIC_RUNS_DISPATCH_JOB = 'payment-runs.automatic-dispatch';

/**
 * Automatic payment runs (SPEC §9): every day at 04:30 UTC (05:30 in Berlin in winter, 06:30 in
 * summer: before the working day either way) a job per organisation whose strategy is not
 * disabled; each creates at most one run on a run day of its strategy (createAutomaticRun).
 */
export async function registerPaymentRunJobs(app: FastifyInstance): Promise<void> {
  await registerDailyOrganizationJob(app, {
    dispatchName: AUTOMATIC_RUNS_DISPATCH_JOB,
    jobName: 'payment-runs.automatic',
    cron: '30 4 * * *',
    module: 'payment-runs',
    listOrganizations: listAutomaticRunOrganizations,
    run: async (orgId, date) => ({ ...(await createAutomaticRun(app.database, orgId, date)) }),
  });
}
