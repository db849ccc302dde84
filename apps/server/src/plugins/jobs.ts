import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { z } from 'zod';
import type { JobDefinition, JobQueue } from './foundation-types';
import { JobLiveness, type JobLivenessOptions, type LostJob } from './job-liveness';

/**
 * Background jobs on pg-boss (PostgreSQL, SKIP LOCKED): any number of worker processes share
 * the queues and nothing but the database holds state.
 *
 * Contract for handlers (ARCHITECTURE §3.9): a job may run more than once — after a crash, a
 * lost connection, an expiry or a retry — so every handler must be idempotent: check the state
 * it is about to change (under a row lock) and treat "already done" as success.
 */
export const JOBS_SCHEMA = 'pgboss';

export class JobPayloadError extends Error {
  constructor(
    readonly jobName: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(
      `Invalid payload for job "${jobName}": ${issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
    this.name = 'JobPayloadError';
  }
}

function failureOutput(error: unknown): object {
  return error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { message: String(error) };
}

export interface JobMeta {
  jobId: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  // Long jobs (imports, exports, OCR) will report progress here — e.g. a
  // `reportProgress(done, total)` that writes to a job_progress row the UI polls. Add it to
  // JobDefinition's meta type in foundation-types.ts and build it in `metaFor` below.
}

/** A definition with its payload type erased, so definitions of different schemas share one map. */
interface RegisteredJob {
  name: string;
  schema: z.ZodType;
  run(job: PgBoss.JobWithMetadata<unknown>): Promise<void>;
}

export interface PgBossJobQueueOptions {
  pool: pg.Pool;
  logger: FastifyBaseLogger;
  /** Run handlers in this process (KONTOR_ROLES contains worker); otherwise only send. */
  runWorkers: boolean;
  pollingIntervalSeconds?: number;
  liveness?: JobLivenessOptions;
}

export class PgBossJobQueue implements JobQueue {
  /** The pg-boss instance, for diagnostics and tests; modules use the JobQueue methods. */
  readonly boss: PgBoss;
  private readonly jobs = new Map<string, RegisteredJob>();
  private workersStarted = false;
  private stopping = false;
  private running = 0;
  /** Tells which active jobs lost their process (workers only). */
  private readonly liveness: JobLiveness | undefined;

  constructor(private readonly options: PgBossJobQueueOptions) {
    this.boss = new PgBoss({
      // pg-boss runs its statements on the application's pool (no second pool, no URL needed);
      // it never closes a pool it did not open, so the database plugin keeps ownership.
      db: { executeSql: (text, values) => options.pool.query(text, values) },
      schema: JOBS_SCHEMA,
      migrate: true,
      // Maintenance and cron evaluation only where jobs run; pg-boss coordinates them across processes.
      supervise: options.runWorkers,
      schedule: options.runWorkers,
    });
    this.boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
    if (options.runWorkers) {
      this.liveness = new JobLiveness(options.pool, (jobs) => this.retryLost(jobs), options.logger, options.liveness);
    }
  }

  async start(): Promise<void> {
    await this.boss.start();
  }

  async register<S extends z.ZodType>(definition: JobDefinition<S>): Promise<void> {
    if (this.jobs.has(definition.name)) throw new Error(`Job "${definition.name}" is registered twice`);
    const { retryLimit = 3, retryDelaySeconds = 30, retryBackoff = true, expireInSeconds = 15 * 60 } = definition.options ?? {};
    const queueOptions = { name: definition.name, retryLimit, retryDelay: retryDelaySeconds, retryBackoff, expireInSeconds };
    // createQueue is a no-op for an existing queue; updateQueue applies changed retry settings.
    await retriedOnDeadlock(async () => {
      await this.boss.createQueue(definition.name, queueOptions);
      await this.boss.updateQueue(definition.name, queueOptions);
    });

    const job: RegisteredJob = {
      name: definition.name,
      schema: definition.schema,
      run: async (raw) => {
        const parsed = definition.schema.safeParse(raw.data);
        if (!parsed.success) {
          await this.failWithoutRetry(definition.name, raw.id, new JobPayloadError(definition.name, parsed.error.issues));
          return;
        }
        await definition.handler(parsed.data, this.metaFor(raw));
      },
    };
    this.jobs.set(definition.name, job);
    if (this.workersStarted) await this.work(job);
  }

  async send<S extends z.ZodType>(
    name: string,
    payload: z.infer<S>,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<string | null> {
    this.validate(name, payload);
    const sendOptions: PgBoss.SendOptions = {};
    if (options?.singletonKey) sendOptions.singletonKey = options.singletonKey;
    if (options?.startAfterSeconds) sendOptions.startAfter = options.startAfterSeconds;
    // The original payload is stored (JSON): payload schemas must be JSON-shaped, without transforms.
    return this.boss.send(name, payload as object, sendOptions);
  }

  /** Cron in UTC; one schedule per job name (scheduling again replaces it). */
  async schedule(name: string, cron: string, payload: Record<string, unknown>): Promise<void> {
    this.validate(name, payload);
    await this.boss.schedule(name, cron, payload, { tz: 'UTC' });
  }

  /** Starts handlers for every registered job (called once the app is ready). */
  async startWorkers(): Promise<void> {
    if (!this.options.runWorkers || this.workersStarted) return;
    this.workersStarted = true;
    await this.liveness?.start();
    for (const job of this.jobs.values()) await this.work(job);
  }

  /** Stops fetching, lets running handlers finish (up to the timeout), then stops pg-boss. */
  async stop(timeoutMs = 20_000): Promise<void> {
    this.stopping = true;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
    // A fetch that was in flight when stop began may still hand a job to a handler; wait for it.
    const deadline = Date.now() + timeoutMs;
    while (this.running > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    // Handlers still running past the timeout stay claimed: the row stays, and once the process
    // has ended, the next sweep retries them.
    await this.liveness?.stop({ keepClaims: this.running > 0 });
  }

  /**
   * The jobs a dead process left fail, counting as an attempt. A job lost on its first run is due
   * again at once (a crash is seldom the job's fault); one lost again keeps the queue's backoff, so
   * that a job which itself ends its process (say, out of memory) cannot restart it in a loop fast
   * enough for the primary to give up on the process (cluster.ts RESTARTS_ALLOWED).
   */
  private async retryLost(jobs: LostJob[]): Promise<void> {
    for (const name of new Set(jobs.map((job) => job.name))) {
      const ids = jobs.filter((job) => job.name === name).map((job) => job.id);
      for (const id of ids) await this.boss.fail(name, id, { message: 'The process running this job ended; it is retried.' });
      await this.options.pool.query(
        `update ${JOBS_SCHEMA}.job set start_after = now() where name = $1 and id = any($2::uuid[]) and state = 'retry' and retry_count = 0`,
        [name, ids],
      );
    }
  }

  private validate(name: string, payload: unknown): void {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`Job "${name}" is not registered`);
    const parsed = job.schema.safeParse(payload);
    if (!parsed.success) throw new JobPayloadError(name, parsed.error.issues);
  }

  private async work(job: RegisteredJob): Promise<void> {
    await this.boss.work<unknown>(
      job.name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
      async ([raw]) => {
        if (!raw) return;
        this.running += 1;
        this.liveness?.claim(raw.id);
        const started = Date.now();
        const log = this.options.logger.child({ job: job.name, jobId: raw.id, attempt: raw.retryCount + 1 });
        try {
          if (this.stopping) throw new Error('Shutting down before the job started; it will be retried');
          await job.run(raw);
          // Completed (or failed, below) here and awaited, rather than left to pg-boss after the
          // callback returns: its own update is not awaited, and a shutdown that closes the pool
          // right after would leave the job 'active' until it expires. pg-boss's later update
          // then finds the job no longer active and changes nothing.
          await this.boss.complete(job.name, raw.id);
          log.debug({ ms: Date.now() - started }, 'job done');
        } catch (error) {
          if (!(error instanceof JobPayloadError)) log.error({ err: error, ms: Date.now() - started }, 'job failed');
          // fail() retries per the queue's settings until the retry limit is reached.
          await this.boss.fail(job.name, raw.id, failureOutput(error));
        } finally {
          this.liveness?.release(raw.id);
          this.running -= 1;
        }
      },
    );
  }

  /**
   * A payload that does not match its schema will not match on a retry either: mark the job
   * as out of retries before failing it, so it ends as 'failed' with the reason in its output.
   */
  private async failWithoutRetry(name: string, jobId: string, error: JobPayloadError): Promise<never> {
    this.options.logger.error({ job: name, jobId, issues: error.issues }, error.message);
    await this.options.pool.query(`update ${JOBS_SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2`, [
      name,
      jobId,
    ]);
    throw error;
  }

  private metaFor(job: PgBoss.JobWithMetadata<unknown>): JobMeta {
    return { jobId: job.id, attempt: job.retryCount + 1 };
  }
}

/**
 * Processes starting together on a fresh database create the same queues at once, and pg-boss's
 * create_queue (a queue row plus its partition) can deadlock against itself: PostgreSQL then
 * ends one of them. Both statements are idempotent, so the loser simply runs them again.
 */
async function retriedOnDeadlock(work: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code !== '40P01' || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt * Math.random()));
    }
  }
}

export interface JobsPluginOptions {
  runWorkers: boolean;
  pollingIntervalSeconds?: number;
  stopTimeoutMs?: number;
  liveness?: JobLivenessOptions;
}

export const jobsPlugin = fp(
  async (app: FastifyInstance, options: JobsPluginOptions) => {
    const queue = new PgBossJobQueue({
      pool: app.database.pool,
      logger: app.log.child({ plugin: 'jobs' }),
      runWorkers: options.runWorkers,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      liveness: options.liveness,
    });
    // Started while registering, so modules can create their queues in their own register step.
    await queue.start();
    app.decorate('jobs', queue);
    // Handlers start only when every plugin is loaded: a job must not meet a half-built app.
    app.addHook('onReady', async () => queue.startWorkers());
    app.addHook('onClose', async () => queue.stop(options.stopTimeoutMs));
  },
  { name: 'jobs' },
);
