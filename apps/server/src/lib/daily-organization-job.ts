import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isIsoDate, todayIso } from '@kontor/domain';
import { asOrgId, type Database, type OrgId } from '../db/database';

const isoDate = z.string().refine(isIsoDate, 'invalid date');

/** Work done once a day per organisation (automatic payment runs, approval reminders, absences). */
export interface DailyOrganizationJob {
  /** The cron job that lists the organisations, and the job of one organisation and day. */
  dispatchName: string;
  jobName: string;
  /** When the dispatch runs, in UTC. */
  cron: string;
  /** Names the module in the log. */
  module: string;
  /** The organisations with something to do on the day (the business day of the dispatch). */
  listOrganizations: (database: Database, date: string) => Promise<OrgId[]>;
  /** One organisation's work for the day; what it answers is logged. */
  run: (orgId: OrgId, date: string) => Promise<Record<string, unknown>>;
}

/**
 * Registers a daily dispatch (on the worker role's schedule) that sends one job per organisation
 * and day; the singleton key per organisation and day keeps a redelivered dispatch from doing the
 * work twice, and a failed organisation is retried on its own without holding up the others.
 */
export async function registerDailyOrganizationJob(app: FastifyInstance, job: DailyOrganizationJob): Promise<void> {
  const log = app.log.child({ module: job.module });
  await app.jobs.register({
    name: job.dispatchName,
    schema: z.object({ orgId: z.null().optional(), date: isoDate.optional() }),
    handler: async (payload) => {
      const date = payload.date ?? todayIso();
      const orgIds = await job.listOrganizations(app.database, date);
      for (const orgId of orgIds) await app.jobs.send(job.jobName, { orgId, date }, { singletonKey: `${orgId}:${date}` });
      log.info({ job: job.jobName, date, organizations: orgIds.length }, 'dispatched');
    },
  });
  await app.jobs.register({
    name: job.jobName,
    schema: z.object({ orgId: z.uuid(), date: isoDate }),
    handler: async (payload) => {
      const result = await job.run(asOrgId(payload.orgId), payload.date);
      log.info({ job: job.jobName, orgId: payload.orgId, date: payload.date, ...result }, 'done');
    },
    options: { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 15 * 60 },
  });
  if (app.config.roles.has('worker')) await app.jobs.schedule(job.dispatchName, job.cron, {});
}
