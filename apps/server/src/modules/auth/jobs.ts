import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { purgeExpiredOidcPayloads, purgeLoginFailures } from '../../idp';
import { purgeRateLimitCounters } from '../../plugins/rate-limit-store';

const PURGE_JOB = 'auth.purge-expired';

/**
 * Hourly clean-up of ended sessions, expired provider records, old failed sign-ins and ended
 * rate-limit windows.
 * Idempotent: deleting what is already gone deletes nothing.
 */
export async function registerAuthJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.register({
    name: PURGE_JOB,
    schema: z.object({ orgId: z.null().optional() }),
    handler: async () => {
      const sessions = await app.sessions.purgeExpired();
      const payloads = app.config.oidc.kind === 'builtin' ? await purgeExpiredOidcPayloads(app.database) : 0;
      if (app.config.oidc.kind === 'builtin') await purgeLoginFailures(app.database.db, app.config.login);
      await purgeRateLimitCounters(app.database);
      app.log.info({ sessions, payloads }, 'purged expired sign-in data');
    },
  });
  if (app.config.roles.has('worker')) await app.jobs.schedule(PURGE_JOB, '17 * * * *', {});
}
