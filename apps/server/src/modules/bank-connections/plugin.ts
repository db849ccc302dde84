import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerDailyOrganizationJob } from '../../lib/daily-organization-job';
import { listWarningOrganizations, sendAccessWarnings } from './access-warnings';
import type { BankDataProvider } from './provider';
import { REQUEST_RETRY, type RetryPolicy } from './provider-retry';
import { BankConnectionService, type BankConnectionServiceDeps } from './service';
import { enqueueSync, SYNC_JOB, SYNC_RETRY_LIMIT, syncConnection, syncJobSchema } from './sync';
import { listActiveConnections } from './sync-repo';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bank connections (issue 60): the routes use it; tests call its jobs' work directly. */
    bankConnections: { service: BankConnectionService; deps: BankConnectionServiceDeps };
  }
}

export const SYNC_DISPATCH_JOB = 'bank-connections.sync-dispatch';
export const ACCESS_WARNINGS_DISPATCH_JOB = 'bank-connections.access-warnings-dispatch';

/**
 * Registers the bank connections' jobs and service: the sync of a connection (after connecting,
 * renewing, and every six hours: four reads a day keep within the providers' daily limits per
 * account), and the daily access warnings at 06:00 UTC.
 */
export async function registerBankConnections(
  app: FastifyInstance,
  provider: BankDataProvider,
  retry: RetryPolicy = REQUEST_RETRY,
): Promise<void> {
  const deps: BankConnectionServiceDeps = {
    database: app.database,
    provider,
    retry,
    jobs: app.jobs,
    publicUrl: app.config.publicUrl,
    stateSecret: app.config.session.secret,
    log: app.log.child({ module: 'bank-connections' }),
  };
  await app.jobs.register({
    name: SYNC_JOB,
    schema: syncJobSchema,
    handler: async (payload, meta) => {
      const result = await syncConnection(deps, payload, meta);
      deps.log.info({ connectionId: payload.connectionId, ...result }, 'bank sync');
    },
    options: { retryLimit: SYNC_RETRY_LIMIT, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
  });
  await app.jobs.register({
    name: SYNC_DISPATCH_JOB,
    schema: z.object({ orgId: z.null().optional() }),
    handler: async () => {
      const connections = await app.database.withSystem((tx) => listActiveConnections(tx));
      // One per connection and six-hour slot: a redelivered dispatch queues nothing twice.
      const slot = Math.floor(Date.now() / (6 * 3600_000));
      for (const { organizationId, id } of connections) await enqueueSync(deps, organizationId, id, `${id}:${slot}`);
    },
    options: { retryLimit: 1, expireInSeconds: 10 * 60 },
  });
  if (app.config.roles.has('worker')) await app.jobs.schedule(SYNC_DISPATCH_JOB, '17 */6 * * *', {});
  const mailDeps = { mailer: app.mailer, publicUrl: app.config.publicUrl };
  await registerDailyOrganizationJob(app, {
    dispatchName: ACCESS_WARNINGS_DISPATCH_JOB,
    jobName: 'bank-connections.access-warnings',
    cron: '0 6 * * *',
    module: 'bank-connections',
    listOrganizations: listWarningOrganizations,
    run: async (orgId) => ({ mails: await sendAccessWarnings(app.database, mailDeps, orgId) }),
  });
  app.decorate('bankConnections', { service: new BankConnectionService(deps), deps });
}
