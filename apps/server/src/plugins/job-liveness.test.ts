import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/harness';
import { jobsPlugin, type JobsPluginOptions } from './jobs';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const schema = z.object({ value: z.string() });

/** A worker process (test/job-worker-process.ts) that has taken a job and hangs in it. */
async function workerRunningAJob(url: string, host?: string): Promise<{ child: ChildProcess; jobId: Promise<string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/job-worker-process.ts'], {
    cwd: serverRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: url, ...(host ? { LIVENESS_HOST: host } : {}) },
  });
  let output = '';
  const said = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const match = pattern.exec(output);
        if (match) resolve(match[1] ?? match[0]);
      };
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        look();
      });
      child.once('exit', (code) => reject(new Error(`worker process ended (${code}): ${output}`)));
    });
  const ready = said(/ready/);
  const jobId = said(/running (\S+)/);
  await ready;
  return { child, jobId };
}

async function jobsApp(testDatabase: TestDatabase, options: JobsPluginOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('database', testDatabase.database);
  await app.register(jobsPlugin, { pollingIntervalSeconds: 0.5, stopTimeoutMs: 2_000, ...options });
  return app;
}

async function stateOf(testDatabase: TestDatabase, jobId: string): Promise<{ state: string; retry_count: number }> {
  const { rows } = await testDatabase.database.pool.query('select state, retry_count from pgboss.job where id = $1', [jobId]);
  return rows[0];
}

async function until(probe: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

describe('jobs whose process died (job-liveness.ts)', () => {
  let testDatabase: TestDatabase;
  let sender: FastifyInstance;
  const apps: FastifyInstance[] = [];
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    sender = await jobsApp(testDatabase, { runWorkers: false });
    await sender.jobs.register({ name: 'test.crash', schema, handler: async () => {} });
    await sender.ready();
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const app of apps.splice(0)) await app.close();
    await sender.close();
    await testDatabase.drop();
  });

  /** The process that takes over: its handler finishes the job. */
  async function takeOver(options: JobsPluginOptions['liveness'] = {}): Promise<string[]> {
    const finished: string[] = [];
    const app = await jobsApp(testDatabase, { runWorkers: true, liveness: options });
    apps.push(app);
    await app.jobs.register({ name: 'test.crash', schema, handler: async (_payload, meta) => void finished.push(meta.jobId) });
    await app.ready();
    return finished;
  }

  it('retries the job of a killed process on this host as soon as a worker starts, within seconds', async () => {
    const { child, jobId } = await workerRunningAJob(testDatabase.url);
    children.push(child);
    const sent = await sender.jobs.send('test.crash', { value: 'x' });
    expect(await jobId).toBe(sent);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const killedAt = Date.now();
    const finished = await takeOver();
    await until(async () => (await stateOf(testDatabase, sent!)).state === 'completed', 60_000);
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    expect(finished).toEqual([sent]);
    // The lost run counts as an attempt; the dead process's row is gone.
    expect((await stateOf(testDatabase, sent!)).retry_count).toBe(1);
    const { rows } = await testDatabase.database.pool.query('select pid from job_workers');
    expect(rows.map((row) => row.pid)).toEqual([process.pid]);
  });

  it('leaves the job of a live process elsewhere alone, and retries it once that process stops beating', async () => {
    const { child, jobId } = await workerRunningAJob(testDatabase.url, 'another-machine');
    children.push(child);
    const sent = await sender.jobs.send('test.crash', { value: 'x' });
    expect(await jobId).toBe(sent);
    const finished = await takeOver({ beatIntervalMs: 300, staleAfterMs: 1_500 });

    // While it beats, the job stays with it through many sweeps.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await stateOf(testDatabase, sent!)).state).toBe('active');
    expect(finished).toEqual([]);

    child.kill('SIGKILL');
    const waited = await until(async () => (await stateOf(testDatabase, sent!)).state === 'completed', 60_000);
    expect(waited).toBeLessThan(10_000);
    expect(finished).toEqual([sent]);
  });

  it('does not take a job that has only just started for lost', async () => {
    const finished = await takeOver({ beatIntervalMs: 300, staleAfterMs: 1_500 });
    const sent = await sender.jobs.send('test.crash', { value: 'x' });
    await until(async () => (await stateOf(testDatabase, sent!)).state === 'completed', 10_000);
    expect(finished).toEqual([sent]);
    expect((await stateOf(testDatabase, sent!)).retry_count).toBe(0);
  });
});
