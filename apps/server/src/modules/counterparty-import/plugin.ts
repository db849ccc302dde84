import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { asOrgId } from '../../db/database';
import { CounterpartyImportRunner } from './import-runner';
import { CounterpartyImportService } from './import-service';

export const COUNTERPARTY_IMPORT_JOB = 'counterparties.import';
const payloadSchema = z.object({ orgId: z.uuid(), importId: z.uuid() });

export interface CounterpartyImportModule {
  service: CounterpartyImportService;
  /** The job's work, for tests that run it in place of a worker. */
  runner: CounterpartyImportRunner;
}

declare module 'fastify' {
  interface FastifyInstance {
    counterpartyImport: CounterpartyImportModule;
  }
}

/** The import job and the service the routes use (issue 6 item 8). */
export async function registerCounterpartyImport(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ module: 'counterparty-import' });
  // app.vatCheck is registered before this plugin (app.ts).
  const runner = new CounterpartyImportRunner(app.database, app.storage, log, app.vatCheck);
  const retryLimit = 2;
  await app.jobs.register({
    name: COUNTERPARTY_IMPORT_JOB,
    schema: payloadSchema,
    handler: async (payload, meta) => {
      try {
        await runner.run(payload);
      } catch (error) {
        // Retries resume after the last committed batch; after the last one the import must not stay "running".
        if (meta.attempt > retryLimit) await runner.markFailed(asOrgId(payload.orgId), payload.importId, 'internal');
        throw error;
      }
    },
    options: { retryLimit, retryDelaySeconds: 15, expireInSeconds: 30 * 60 },
  });
  const service = new CounterpartyImportService(app.database, app.storage, async (orgId, importId) => {
    try {
      // One job per import: a repeated send (a retried request) does not run it twice.
      await app.jobs.send(COUNTERPARTY_IMPORT_JOB, { orgId, importId }, { singletonKey: importId });
    } catch (error) {
      log.error({ err: error, importId }, 'could not queue the counterparty import');
      await runner.markFailed(asOrgId(orgId), importId, 'internal');
      throw error;
    }
  });
  app.decorate('counterpartyImport', { service, runner });
}
