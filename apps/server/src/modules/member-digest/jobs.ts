import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { runDailyDigests } from './daily-digest';

export const DAILY_DIGEST_JOB = 'notifications.daily-digest';

/** The members' daily digest (every quarter of an hour; each organisation's turn on its business mornings). */
export async function registerMemberDigestJobs(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ job: DAILY_DIGEST_JOB });
  await app.jobs.register({
    name: DAILY_DIGEST_JOB,
    schema: z.object({ orgId: z.null() }),
    options: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 30 * 60 },
    handler: async () => {
      const result = await runDailyDigests(
        { database: app.database, mailer: app.mailer, publicUrl: app.config.publicUrl, secret: app.config.session.secret },
        new Date(),
        (orgId, error) => log.error({ err: error, orgId }, 'the digests of an organisation failed'),
      );
      if (result.organizations > 0) log.info(result, 'member digests written');
    },
  });
  if (app.config.roles.has('worker')) await app.jobs.schedule(DAILY_DIGEST_JOB, '*/15 * * * *', { orgId: null });
}
