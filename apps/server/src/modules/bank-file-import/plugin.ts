import type { FastifyInstance } from 'fastify';
import { registerImportJob } from '../../lib/import-job';
import { enqueueAutoMatch } from '../bank-matching/auto-match-job';
import { BankFileImportRunner } from './import-runner';
import { BankFileImportService } from './import-service';

export const BANK_FILE_IMPORT_JOB = 'payments.bank-file-import';

export interface BankFileImportModule {
  service: BankFileImportService;
  /** The job's work, for tests that run it in place of a worker. */
  runner: BankFileImportRunner;
}

declare module 'fastify' {
  interface FastifyInstance {
    bankFileImport: BankFileImportModule;
  }
}

/** The import job and the service the routes use (issue 7 item 5). */
export async function registerBankFileImport(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ module: 'bank-file-import' });
  const runner = new BankFileImportRunner(app.database, app.storage, log, undefined, (orgId) =>
    enqueueAutoMatch({ jobs: app.jobs, log }, orgId),
  );
  const enqueue = await registerImportJob(app.jobs, log, {
    name: BANK_FILE_IMPORT_JOB,
    runner,
    // A 100,000-entry statement takes a minute or two; the expiry leaves room for slow databases.
    expireInSeconds: 60 * 60,
    what: 'the bank file import',
  });
  const service = new BankFileImportService(app.database, app.storage, enqueue, app.config.bankFileImport.maxBytes);
  app.decorate('bankFileImport', { service, runner });
}
