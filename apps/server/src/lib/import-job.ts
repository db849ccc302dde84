import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { asOrgId, type OrgId } from '../db/database';
import type { JobQueue } from '../plugins/foundation-types';

/** What the job of an uploaded import needs of the module's runner. */
export interface ImportJobRunner {
  run(payload: { orgId: string; importId: string }): Promise<void>;
  markFailed(orgId: OrgId, importId: string, failureCode: string): Promise<void>;
}

export interface ImportJobDefinition {
  name: string;
  runner: ImportJobRunner;
  /** How long one attempt may run before pg-boss gives it up. */
  expireInSeconds: number;
  /** Names the import in the log line of a failed send, e.g. "the bank file import". */
  what: string;
  /** Retries after the first attempt (default 2). */
  retryLimit?: number;
}

const payloadSchema = z.object({ orgId: z.uuid(), importId: z.uuid() });
const RETRY_LIMIT = 2;

/**
 * Registers the job that runs an uploaded import and answers the function that queues one
 * (for the module's service). Retries resume after the last committed batch; after the last
 * retry, or when the job cannot be queued at all, the import is marked failed: it must never
 * stay "running" with nobody working on it.
 */
export async function registerImportJob(
  jobs: JobQueue,
  log: FastifyBaseLogger,
  definition: ImportJobDefinition,
): Promise<(orgId: string, importId: string) => Promise<void>> {
  const { name, runner } = definition;
  const retryLimit = definition.retryLimit ?? RETRY_LIMIT;
  await jobs.register({
    name,
    schema: payloadSchema,
    handler: async (payload, meta) => {
      try {
        await runner.run(payload);
      } catch (error) {
        if (meta.attempt > retryLimit) await runner.markFailed(asOrgId(payload.orgId), payload.importId, 'internal');
        throw error;
      }
    },
    options: { retryLimit, retryDelaySeconds: 15, expireInSeconds: definition.expireInSeconds },
  });
  return async (orgId, importId) => {
    try {
      // One job per import: a repeated send (a retried request) does not run it twice.
      await jobs.send(name, { orgId, importId }, { singletonKey: importId });
    } catch (error) {
      log.error({ err: error, importId }, `could not queue ${definition.what}`);
      await runner.markFailed(asOrgId(orgId), importId, 'internal');
      throw error;
    }
  };
}
