import type { FastifyInstance } from 'fastify';
import { registerImportJob } from '../../lib/import-job';
import { CounterpartyImportRunner } from './import-runner';
import { CounterpartyImportService } from './import-service';

export const COUNTERPARTY_IMPORT_JOB = 'counterparties.import';

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
  const enqueue = await registerImportJob(app.jobs, log, {
    name: COUNTERPARTY_IMPORT_JOB,
    runner,
    expireInSeconds: 30 * 60,
    what: 'the counterparty import',
  });
  const service = new CounterpartyImportService(app.database, app.storage, enqueue);
  app.decorate('counterpartyImport', { service, runner });
}
