import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/harness';
import { JobPayloadError, jobsPlugin, type JobMeta, type PgBossJobQueue } from './jobs';

const ORG = '3f0e7a52-64b1-4d7e-8a8e-0c1f2d3e4a5b';
const payloadSchema = z.object({ orgId: z.uuid().nullable(), value: z.string() });

/** Resolves with what `waitFor` is waiting for, or fails the test after `ms`. */
function deferred<T>(ms = 15_000): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res, reject) => {
    resolve = res;
    setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms).unref();
  });
  return { promise, resolve };
}

async function until<T>(probe: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('jobs plugin (pg-boss on a real PostgreSQL)', () => {
  let testDatabase: TestDatabase;
  let app: FastifyInstance;
  let queue: PgBossJobQueue;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    app = Fastify({ logger: false });
    app.decorate('database', testDatabase.database);
    await app.register(jobsPlugin, { runWorkers: true, pollingIntervalSeconds: 0.5, stopTimeoutMs: 5_000 });
    await app.ready();
    queue = app.jobs as PgBossJobQueue;
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.drop();
  });

  it('runs a registered job with its payload, id and attempt', async () => {
    const received = deferred<{ payload: z.infer<typeof payloadSchema>; meta: JobMeta }>();
    await app.jobs.register({
      name: 'test.echo',
      schema: payloadSchema,
      handler: async (payload, meta) => received.resolve({ payload, meta }),
    });

    const jobId = await app.jobs.send('test.echo', { orgId: ORG, value: 'hello' });
    const { payload, meta } = await received.promise;
    expect(payload).toEqual({ orgId: ORG, value: 'hello' });
    expect(meta).toEqual({ jobId, attempt: 1 });
    await until(async () => (await queue.boss.getJobById('test.echo', jobId!))?.state === 'completed');
  });

  it('refuses an invalid payload or an unknown job at send', async () => {
    await app.jobs.register({ name: 'test.strict', schema: payloadSchema, handler: async () => {} });
    await expect(app.jobs.send('test.strict', { orgId: 'not-a-uuid', value: 1 })).rejects.toBeInstanceOf(JobPayloadError);
    await expect(app.jobs.send('test.strict', { value: 'x' })).rejects.toThrow(/orgId/);
    await expect(app.jobs.send('test.nobody', { orgId: null })).rejects.toThrow(/not registered/);
    await expect(app.jobs.register({ name: 'test.strict', schema: payloadSchema, handler: async () => {} })).rejects.toThrow(
      /twice/,
    );
  });

  it('fails a job whose stored payload is invalid, without retrying and without calling the handler', async () => {
    let calls = 0;
    await app.jobs.register({
      name: 'test.guarded',
      schema: payloadSchema,
      options: { retryLimit: 5, retryDelaySeconds: 1 },
      handler: async () => {
        calls += 1;
      },
    });
    // Bypasses send's validation, as an old deployment or a hand-made job would.
    const jobId = await queue.boss.send('test.guarded', { orgId: ORG });
    const job = await until(async () => {
      const current = await queue.boss.getJobById('test.guarded', jobId!);
      return current?.state === 'failed' ? current : undefined;
    });
    expect(job.retryCount).toBe(0);
    expect((job.output as { message?: string }).message).toMatch(/^Invalid payload for job "test\.guarded": value: /);
    expect(calls).toBe(0);
  });

  it('retries a failing handler and reports the attempt', async () => {
    const attempts: number[] = [];
    const succeeded = deferred<void>();
    await app.jobs.register({
      name: 'test.flaky',
      schema: payloadSchema,
      options: { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false },
      handler: async (_payload, meta) => {
        attempts.push(meta.attempt);
        if (meta.attempt === 1) throw new Error('temporary');
        succeeded.resolve();
      },
    });
    await app.jobs.send('test.flaky', { orgId: null, value: 'x' });
    await succeeded.promise;
    expect(attempts).toEqual([1, 2]);
  });

  it('validates and stores cron schedules', async () => {
    await app.jobs.register({ name: 'test.nightly', schema: payloadSchema, handler: async () => {} });
    await expect(app.jobs.schedule('test.nightly', '0 3 * * *', { orgId: 'nope' })).rejects.toBeInstanceOf(JobPayloadError);
    await app.jobs.schedule('test.nightly', '0 3 * * *', { orgId: null, value: 'night' });
    const schedules = await queue.boss.getSchedules();
    expect(schedules).toContainEqual(
      expect.objectContaining({ name: 'test.nightly', cron: '0 3 * * *', data: { orgId: null, value: 'night' } }),
    );
  });
});

describe('jobs plugin shutdown', () => {
  it('lets a running job finish before close resolves', async () => {
    const testDatabase = await createTestDatabase();
    const app = Fastify({ logger: false });
    app.decorate('database', testDatabase.database);
    await app.register(jobsPlugin, { runWorkers: true, pollingIntervalSeconds: 0.5, stopTimeoutMs: 10_000 });
    await app.ready();
    const started = deferred<void>();
    let isFinished = false;
    await app.jobs.register({
      name: 'test.slow',
      schema: payloadSchema,
      handler: async () => {
        started.resolve();
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        isFinished = true;
      },
    });
    const jobId = await app.jobs.send('test.slow', { orgId: null, value: 'x' });
    await started.promise;
    await app.close();
    expect(isFinished).toBe(true);
    const { rows } = await testDatabase.database.pool.query('select state from pgboss.job where id = $1', [jobId]);
    expect(rows[0]?.state).toBe('completed');
    await testDatabase.drop();
  });
});
