import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/**
 * pg-boss 10 has no heartbeat: it learns that the process running a job died only when the job's
 * expiry runs out (an hour for bank-file imports), and restarting Kontor does not shorten that.
 * So each process that runs jobs keeps a row in job_workers with the ids of the jobs it is
 * running and a beat it renews every few seconds. A sweep, in every such process, finds the
 * active jobs that no live process claims and fails them (PgBossJobQueue.retryLost: due at once
 * when first lost, else after the queue's backoff); the handlers resume (they are idempotent).
 *
 * A process is dead when its beat is older than `staleAfterMs`, or at once when it ran on this
 * host and its pid no longer exists: a process restarted by the cluster, or a new `npm start`,
 * resumes what its predecessor left without waiting. (Containers with one hostname and one pid
 * namespace would confuse the pid check; at worst a job then runs twice, which handlers allow.)
 */
export interface JobLivenessOptions {
  beatIntervalMs?: number;
  staleAfterMs?: number;
  /** For tests that play a process on another machine. */
  host?: string;
}

/** A job that a dead process left, as the sweep hands it to pg-boss to retry. */
export interface LostJob {
  name: string;
  id: string;
}

const WORKERS_KEPT_AFTER_DEATH = '1 hour';
const CLAIM_MARGIN = '2 seconds';

interface Worker {
  id: string;
  host: string;
  pid: number;
  beatAt: Date;
  fresh: boolean;
  jobIds: string[];
}

export class JobLiveness {
  readonly workerId = randomUUID();
  private readonly host: string;
  private readonly beatIntervalMs: number;
  private readonly staleAfterMs: number;
  private readonly running = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly retryLost: (jobs: LostJob[]) => Promise<void>,
    private readonly logger: FastifyBaseLogger,
    options: JobLivenessOptions = {},
  ) {
    this.host = options.host ?? os.hostname();
    this.beatIntervalMs = options.beatIntervalMs ?? 5_000;
    this.staleAfterMs = options.staleAfterMs ?? 20_000;
    if (this.staleAfterMs < 3 * this.beatIntervalMs) throw new Error('staleAfterMs must allow for three missed beats');
  }

  /** Registers this process and sweeps once, so that a restart resumes what its predecessor left. */
  async start(): Promise<void> {
    await this.pool.query('insert into job_workers (id, host, pid) values ($1, $2, $3)', [this.workerId, this.host, process.pid]);
    await this.sweep();
    this.timer = setInterval(() => {
      this.beating = this.beatAndSweep();
    }, this.beatIntervalMs);
    this.timer.unref();
  }

  claim(jobId: string): void {
    this.running.add(jobId);
  }

  release(jobId: string): void {
    this.running.delete(jobId);
  }

  /** After the handlers finished: the row goes, so nothing of this process is swept later. */
  async stop({ keepClaims = false } = {}): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    if (keepClaims) return;
    await this.pool.query('delete from job_workers where id = $1', [this.workerId]).catch(() => {});
  }

  /** One beat and one sweep; a database that does not answer is logged and tried again next time. */
  private async beatAndSweep(): Promise<void> {
    try {
      // An upsert: a process whose row was cleared while it could not beat comes back.
      await this.pool.query(
        `insert into job_workers (id, host, pid, job_ids) values ($1, $2, $3, $4)
           on conflict (id) do update set beat_at = now(), job_ids = excluded.job_ids`,
        [this.workerId, this.host, process.pid, [...this.running]],
      );
      await this.sweep();
    } catch (error) {
      this.logger.warn({ err: error }, 'job liveness: beat or sweep failed');
    }
  }

  /** Fails the active jobs no live process claims (pg-boss then retries them) and forgets the dead. */
  async sweep(): Promise<LostJob[]> {
    const workers = await this.pool.query<Worker>(
      `select id, host, pid, beat_at as "beatAt", beat_at > now() - $1 * interval '1 millisecond' as fresh, job_ids as "jobIds"
         from job_workers`,
      [this.staleAfterMs],
    );
    const others = workers.rows.filter((worker) => worker.id !== this.workerId);
    const live = others.filter((worker) => worker.fresh && !this.diedHere(worker));
    const dead = others.filter((worker) => !live.includes(worker)).map((worker) => worker.id);
    // Another process lists a job from its first beat after fetching it on: only jobs that started
    // before every live process's last beat can be told lost (this process knows its own at once).
    // The margin covers a fetch whose handler has not yet begun.
    const lastBeats = live.map((worker) => worker.beatAt.getTime());
    const lost = await this.pool.query<LostJob>(
      `select name, id from pgboss.job
        where state = 'active' and started_on < least(now(), $1::timestamptz) - interval '${CLAIM_MARGIN}'
          and not (id = any($2::uuid[]))`,
      [
        lastBeats.length > 0 ? new Date(Math.min(...lastBeats)) : null,
        [...this.running, ...live.flatMap((worker) => worker.jobIds)],
      ],
    );
    if (lost.rows.length > 0) {
      this.logger.warn({ jobs: lost.rows }, 'jobs of a process that ended are retried');
      await this.retryLost(lost.rows);
    }
    await this.pool.query(
      `delete from job_workers
        where id = any($1::uuid[]) and (host = $2 or beat_at < now() - interval '${WORKERS_KEPT_AFTER_DEATH}')`,
      [dead, this.host],
    );
    return lost.rows;
  }

  private diedHere(worker: { host: string; pid: number }): boolean {
    if (worker.host !== this.host) return false;
    try {
      process.kill(worker.pid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ESRCH';
    }
  }
}
