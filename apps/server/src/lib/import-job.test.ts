import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { JobDefinition, JobQueue } from '../plugins/foundation-types';
import { registerImportJob, type ImportJobRunner } from './import-job';

const ORG = '0b7c3f5e-2a1d-4c8e-9f00-123456789abc';
const IMPORT = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** A queue that keeps the registered definition and sends through `send`. */
function fakeQueue(send: JobQueue['send']) {
  const registered: JobDefinition<z.ZodType>[] = [];
  const jobs: JobQueue = {
    register: async (definition) => {
      registered.push(definition as unknown as JobDefinition<z.ZodType>);
    },
    send,
    schedule: async () => {},
  };
  return { jobs, registered };
}

function fakeRunner(run: ImportJobRunner['run']) {
  return { run: vi.fn(run), markFailed: vi.fn(async () => {}) };
}

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

describe('registerImportJob', () => {
  it('registers the job with two retries and marks the import failed only after the last one', async () => {
    const { jobs, registered } = fakeQueue(async () => 'job-1');
    const runner = fakeRunner(async () => {
      throw new Error('database gone');
    });
    await registerImportJob(jobs, log, { name: 'test.import', runner, expireInSeconds: 600, what: 'the test import' });

    const [definition] = registered;
    expect(definition).toMatchObject({
      name: 'test.import',
      options: { retryLimit: 2, retryDelaySeconds: 15, expireInSeconds: 600 },
    });
    expect(definition!.schema.safeParse({ orgId: ORG, importId: 'nope' }).success).toBe(false);
    const payload = { orgId: ORG, importId: IMPORT };
    for (const attempt of [1, 2]) {
      await expect(definition!.handler(payload, { jobId: 'j', attempt })).rejects.toThrow('database gone');
    }
    expect(runner.markFailed).not.toHaveBeenCalled();
    await expect(definition!.handler(payload, { jobId: 'j', attempt: 3 })).rejects.toThrow('database gone');
    expect(runner.markFailed).toHaveBeenCalledExactlyOnceWith(ORG, IMPORT, 'internal');
  });

  it('leaves a successful run alone', async () => {
    const { jobs, registered } = fakeQueue(async () => 'job-1');
    const runner = fakeRunner(async () => {});
    await registerImportJob(jobs, log, { name: 'test.import', runner, expireInSeconds: 600, what: 'the test import' });
    await registered[0]!.handler({ orgId: ORG, importId: IMPORT }, { jobId: 'j', attempt: 3 });
    expect(runner.run).toHaveBeenCalledExactlyOnceWith({ orgId: ORG, importId: IMPORT });
    expect(runner.markFailed).not.toHaveBeenCalled();
  });

  it('queues one job per import, and marks the import failed when it cannot be queued', async () => {
    const send = vi.fn<JobQueue['send']>(async () => 'job-1');
    const { jobs } = fakeQueue(send);
    const runner = fakeRunner(async () => {});
    const enqueue = await registerImportJob(jobs, log, {
      name: 'test.import',
      runner,
      expireInSeconds: 600,
      what: 'the test import',
    });

    await enqueue(ORG, IMPORT);
    expect(send).toHaveBeenCalledExactlyOnceWith('test.import', { orgId: ORG, importId: IMPORT }, { singletonKey: IMPORT });
    expect(runner.markFailed).not.toHaveBeenCalled();

    send.mockRejectedValueOnce(new Error('queue down'));
    await expect(enqueue(ORG, IMPORT)).rejects.toThrow('queue down');
    expect(runner.markFailed).toHaveBeenCalledExactlyOnceWith(ORG, IMPORT, 'internal');
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ importId: IMPORT }), 'could not queue the test import');
  });
});
