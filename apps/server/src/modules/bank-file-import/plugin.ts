import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { asOrgId } from '../../db/database';
import { BankFileImportRunner } from './import-runner';
import { BankFileImportService } from './import-service';

export const BANK_FILE_IMPORT_JOB = 'payments.bank-file-import';
const payloadSchema = z.object({ orgId: z.uuid(), importId: z.uuid() });

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
  const runner = new BankFileImportRunner(app.database, app.storage, log);
  const retryLimit = 2;
  await app.jobs.register({
    name: BANK_FILE_IMPORT_JOB,
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
    // A 100,000-entry statement takes a minute or two; the expiry leaves room for slow databases.
    options: { retryLimit, retryDelaySeconds: 15, expireInSeconds: 60 * 60 },
  });
  const service = new BankFileImportService(
    app.database,
    app.storage,
    async (orgId, importId) => {
      try {
        // One job per import: a repeated send does not run it twice.
        await app.jobs.send(BANK_FILE_IMPORT_JOB, { orgId, importId }, { singletonKey: importId });
      } catch (error) {
        log.error({ err: error, importId }, 'could not queue the bank file import');
        await runner.markFailed(asOrgId(orgId), importId, 'internal');
        throw error;
      }
    },
    app.config.bankFileImport.maxBytes,
  );
  app.decorate('bankFileImport', { service, runner });
}
