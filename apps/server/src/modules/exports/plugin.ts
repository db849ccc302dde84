import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { asOrgId } from '../../db/database';
import { registerImportJob } from '../../lib/import-job';
import { JOBS_SCHEMA } from '../../plugins/jobs';
import { DownloadJobService } from './download-jobs';
import { ExportRunner } from './export-runner';
import { ExportService } from './export-service';
import { ExportSettingsService } from './export-settings';
import { failDownloadJob } from './job-repo';

export const EXPORT_JOB = 'exports.accounting-export';
export const EXPORT_SWEEP_JOB = 'exports.sweep';

export interface ExportsModule {
  service: ExportService;
  downloads: DownloadJobService;
  settings: ExportSettingsService;
  /** The job's work, for tests that run it in place of a worker. */
  runner: ExportRunner;
}

declare module 'fastify' {
  interface FastifyInstance {
    exports: ExportsModule;
  }
}

/**
 * A processing job whose pg-boss job is gone or finished (its worker died on the last attempt, or
 * the process was killed and the retry expired too) is marked failed and its invoices released:
 * a download job never stays "processing" with nobody working on it.
 */
async function sweepAbandonedJobs(app: FastifyInstance): Promise<void> {
  const abandoned = await app.database.withSystem((tx) =>
    tx.execute<{ [key: string]: unknown; organization_id: string; id: string }>(sql`
      select d.organization_id, d.id from download_jobs d
       where d.status = 'processing' and d.created_at < now() - interval '2 minutes'
         and not exists (select 1 from ${sql.raw(JOBS_SCHEMA)}.job j
                          where j.name = ${EXPORT_JOB} and j.singleton_key = d.id::text
                            and j.state in ('created', 'retry', 'active'))`),
  );
  for (const row of abandoned.rows) {
    const orgId = asOrgId(row.organization_id);
    const { orphanKey } = await app.database.withOrg({ orgId, userId: null }, (tx) =>
      failDownloadJob(tx, orgId, row.id, 'export_interrupted'),
    );
    // The worker died after storing the file and before completing: the file is nobody's.
    if (orphanKey) await app.storage.delete(orphanKey).catch(() => {});
  }
}

/** The accounting-export job, its sweep, and the services the routes use (issue 41). */
export async function registerExports(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ module: 'exports' });
  const zipMaxBytes = app.config.exports.zipMaxBytes;
  const runner = new ExportRunner(app.database, app.storage, log, { zipMaxBytes });
  const enqueue = await registerImportJob(app.jobs, log, {
    name: EXPORT_JOB,
    runner,
    // 100,000 bookings take well under a minute; documents of thousands of invoices longer.
    expireInSeconds: 30 * 60,
    what: 'the accounting export',
    // "A job that dies is retried once and then marked failed" (issue 41 item 5).
    retryLimit: 1,
  });
  await app.jobs.register({
    name: EXPORT_SWEEP_JOB,
    schema: z.object({}),
    handler: () => sweepAbandonedJobs(app),
    options: { retryLimit: 0, expireInSeconds: 5 * 60 },
  });
  if (app.config.roles.has('worker')) await app.jobs.schedule(EXPORT_SWEEP_JOB, '* * * * *', {});
  app.decorate('exports', {
    runner,
    service: new ExportService(app.database, enqueue, { storage: app.storage, zipMaxBytes }),
    settings: new ExportSettingsService(app.database),
    downloads: new DownloadJobService(app.database, app.storage, app.mailer, {
      linkTtlSeconds: app.config.signedUrlTtlSeconds,
      mailLinkTtlSeconds: app.config.exports.mailLinkTtlSeconds,
    }),
  });
}

export { sweepAbandonedJobs };
