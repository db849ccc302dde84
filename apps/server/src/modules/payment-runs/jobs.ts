import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isIsoDate, todayIso } from '@kontor/domain';
import { asOrgId } from '../../db/database';
import { createAutomaticRun, listAutomaticRunOrganizations } from './automatic-runs';

export const AUTOMATIC_RUNS_DISPATCH_JOB = 'payment-runs.automatic-dispatch';
export const AUTOMATIC_RUN_JOB = 'payment-runs.automatic';

const isoDate = z.string().refine(isIsoDate, 'invalid date');
const dispatchSchema = z.object({ orgId: z.null().optional(), date: isoDate.optional() });
export const automaticRunJobSchema = z.object({ orgId: z.uuid(), date: isoDate });

/**
 * Automatic payment runs (SPEC §9): a daily cron job lists the organisations whose strategy is not
 * disabled and sends one job per organisation and business day; each creates at most one run.
 * 04:30 UTC is 05:30 in Berlin in winter and 06:30 in summer: before the working day either way.
 * A job delivered twice is harmless: the singleton key and the per-day check both hold.
 */
export async function registerPaymentRunJobs(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ module: 'payment-runs' });
  await app.jobs.register({
    name: AUTOMATIC_RUNS_DISPATCH_JOB,
    schema: dispatchSchema,
    handler: async (payload) => {
      const date = payload.date ?? todayIso();
      const orgIds = await listAutomaticRunOrganizations(app.database);
      for (const orgId of orgIds) {
        await app.jobs.send(AUTOMATIC_RUN_JOB, { orgId, date }, { singletonKey: `${orgId}:${date}` });
      }
      log.info({ date, organizations: orgIds.length }, 'dispatched automatic payment runs');
    },
  });
  await app.jobs.register({
    name: AUTOMATIC_RUN_JOB,
    schema: automaticRunJobSchema,
    handler: async (payload) => {
      const result = await createAutomaticRun(app.database, asOrgId(payload.orgId), payload.date);
      log.info({ orgId: payload.orgId, date: payload.date, ...result }, 'automatic payment run');
    },
    options: { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 15 * 60 },
  });
  if (app.config.roles.has('worker')) await app.jobs.schedule(AUTOMATIC_RUNS_DISPATCH_JOB, '30 4 * * *', {});
}
