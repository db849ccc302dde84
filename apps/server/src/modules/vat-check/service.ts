import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  initialVatCheckState,
  nextVatCheckState,
  vatNumberProblem,
  type VatCheckEvent,
  type VatCheckState,
} from '@kontor/domain';
import type { Config } from '../../config';
import type { Database, OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { writeActivity, type Actor } from '../activity-log/writer';
import { tenant } from '../master-data/service-helpers';
import { findStrandedVatChecks, findVatCheckRow, writeVatCheckState } from './repo';
import { askVies, type ViesAnswer } from './vies-client';

export const CHECK_VAT_JOB = 'counterparties.check-vat';
export const SWEEP_VAT_CHECKS_JOB = 'counterparties.sweep-vat-checks';

/**
 * A check is stranded when it is this much overdue: far beyond a queue's usual delay, so that the
 * sweep rarely sends a second job for a check whose own job is merely late (which is harmless:
 * the later job finds the state changed and does nothing).
 */
export const VAT_CHECK_STRANDED_AFTER_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/**
 * One VIES question. `vatNumber` and `retryAt` say which state the job was sent for: a job whose
 * number was changed meanwhile, or whose retry was replaced by a newer request, is stale and does
 * nothing (ARCHITECTURE §3.9: a job may also run twice).
 */
export const vatCheckJobSchema = z.object({
  orgId: z.uuid(),
  counterpartyId: z.uuid(),
  vatNumber: z.string().min(3).max(40),
  /** null: the first question of a pending check; otherwise the failed state's nextRetryAt. */
  retryAt: z.string().nullable(),
});
export type VatCheckJob = z.infer<typeof vatCheckJobSchema>;

export type VatCheckRunResult = 'stale' | 'rescheduled' | VatCheckState;

/** What the counterparty services need: set the state in their transaction, queue VIES after commit. */
export type VatCheckHook = Pick<VatCheckService, 'start' | 'enqueue'>;

/** What the import needs: the first states for its multi-row insert, and the jobs after each batch's commit. */
export type VatCheckBatchHook = Pick<VatCheckService, 'initial' | 'enqueue'>;

const EVENT_OF: Record<ViesAnswer, VatCheckEvent['type']> = {
  valid: 'vies_valid',
  invalid: 'vies_invalid',
  unavailable: 'vies_unavailable',
};

/** Whether the state is still the one this job was sent for. */
function isJobFor(state: VatCheckState | null, job: VatCheckJob): state is VatCheckState {
  if (!state) return false;
  if (job.retryAt === null) return state.status === 'pending';
  return state.status === 'failed' && state.nextRetryAt === job.retryAt;
}

async function logStatusChange(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
  before: VatCheckState | null,
  after: VatCheckState | null,
  actor: Actor,
): Promise<void> {
  if ((before?.status ?? null) === (after?.status ?? null)) return;
  await writeActivity(tx, orgId, {
    entityType: 'counterparty',
    entityId: counterpartyId,
    action: 'update',
    actor,
    changes: { vatCheck: { from: before?.status ?? null, to: after?.status ?? null } },
  });
}

/**
 * The VAT number check (SPEC §4, issue 6 item 6): the format at once, then a job asks VIES;
 * unavailable → failed and retried with back-off (nextVatCheckRetry), until the attempts are used up.
 * The state machine is `nextVatCheckState` in packages/domain; this class only feeds it events.
 */
export class VatCheckService {
  constructor(
    private readonly database: Database,
    /** Read at every call (not copied), so a test can point VIES elsewhere while the app runs. */
    private readonly config: Config['vatCheck'],
    private readonly jobs: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  get isEnabled(): boolean {
    return this.config.enabled;
  }

  /**
   * In the transaction that stores a new or changed VAT number: its first state (invalid at once
   * for a bad format; null without a number, or when VIES checks are off and the format is fine).
   * Returns the job to send after commit, when VIES is to be asked.
   */
  async start(
    tx: Tx,
    orgId: OrgId,
    counterpartyId: string,
    vatNumber: string | null,
    now = new Date(),
  ): Promise<VatCheckJob | null> {
    const { state, job } = this.initial(orgId, counterpartyId, vatNumber, now);
    await writeVatCheckState(tx, orgId, counterpartyId, state);
    return job;
  }

  /**
   * The first state `start` writes and the job it returns, for a caller that writes the state
   * itself (the import puts it into its multi-row insert instead of one update per row).
   */
  initial(
    orgId: OrgId,
    counterpartyId: string,
    vatNumber: string | null,
    now = new Date(),
  ): { state: VatCheckState | null; job: VatCheckJob | null } {
    let state: VatCheckState | null = vatNumber ? initialVatCheckState(vatNumber, now) : null;
    if (state?.status === 'pending' && !this.config.enabled) state = null;
    const job = state?.status === 'pending' && vatNumber ? { orgId, counterpartyId, vatNumber, retryAt: null } : null;
    return { state, job };
  }

  /** After commit: a job queued before commit could run before the row it reads exists. */
  async enqueue(job: VatCheckJob | null, startAfterSeconds?: number): Promise<void> {
    if (!job) return;
    try {
      await this.jobs.send(CHECK_VAT_JOB, job, startAfterSeconds ? { startAfterSeconds } : undefined);
    } catch (error) {
      // The number stays pending and the user's "check again" queues it anew; saving must not fail for it.
      this.log.error({ err: error, counterpartyId: job.counterpartyId }, 'could not queue the VAT check');
    }
  }

  /** "Check again" (POST /api/counterparties/:id/vat-check): a request event, then a job. */
  async requestAgain(org: OrgContext, counterpartyId: string, now = new Date()): Promise<{ vatCheck: VatCheckState }> {
    const { state, job } = await this.database.withOrg(tenant(org), async (tx) => {
      const row = await findVatCheckRow(tx, org.orgId, counterpartyId, true);
      if (!row) throw new AppError('counterparty_not_found');
      if (!this.config.enabled) throw new AppError('vat_check_disabled');
      if (!row.vatNumber) throw new AppError('validation_failed', undefined, { fieldErrors: { vatNumber: ['required'] } });
      // A number stored before the format rule (or imported) is invalid at once, without asking VIES.
      const next =
        row.vatCheck && !vatNumberProblem(row.vatNumber)
          ? nextVatCheckState(row.vatCheck, { type: 'request', at: now })
          : initialVatCheckState(row.vatNumber, now);
      if (!next) throw new AppError('validation_failed');
      await writeVatCheckState(tx, org.orgId, counterpartyId, next);
      await logStatusChange(tx, org.orgId, counterpartyId, row.vatCheck, next, { type: 'user', id: org.userId });
      const queued: VatCheckJob | null =
        next.status === 'pending' ? { orgId: org.orgId, counterpartyId, vatNumber: row.vatNumber, retryAt: null } : null;
      return { state: next, job: queued };
    });
    await this.enqueue(job);
    return { vatCheck: state };
  }

  /**
   * The hourly sweep: queues anew the checks whose job was lost (see findStrandedVatChecks), so
   * that no badge says "retrying" forever. Returns how many it queued.
   */
  async sweep(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - VAT_CHECK_STRANDED_AFTER_MS);
    const stranded = await this.database.withSystem((tx) => findStrandedVatChecks(tx, before, SWEEP_BATCH));
    for (const row of stranded) {
      const retryAt = row.vatCheck.status === 'failed' ? row.vatCheck.nextRetryAt : null;
      await this.enqueue({ orgId: row.organizationId, counterpartyId: row.id, vatNumber: row.vatNumber, retryAt });
    }
    return stranded.length;
  }

  /**
   * The job: asks VIES outside any transaction (it may take up to the time-out), then applies the
   * answer under a row lock if the state is still the one it read; a failed attempt sends the
   * next one for its nextRetryAt, the last one none.
   */
  async run(job: VatCheckJob, now = new Date()): Promise<VatCheckRunResult> {
    const orgId = job.orgId as OrgId;
    const context = { orgId, userId: null };
    const before = await this.database.withOrg(context, (tx) => findVatCheckRow(tx, orgId, job.counterpartyId), {
      readOnly: true,
    });
    if (!before || before.vatNumber !== job.vatNumber || !isJobFor(before.vatCheck, job)) return 'stale';
    if (job.retryAt !== null && Date.parse(job.retryAt) > now.getTime()) {
      // Started early (clocks of worker and database apart): wait for the retry time the state names.
      await this.enqueue(job, Math.ceil((Date.parse(job.retryAt) - now.getTime()) / 1000));
      return 'rescheduled';
    }
    const answer = await askVies(this.config.viesUrl, job.vatNumber, this.config.timeoutMs);
    const applied = await this.database.withOrg(context, async (tx) => {
      const row = await findVatCheckRow(tx, orgId, job.counterpartyId, true);
      const isUnchanged =
        row && row.vatNumber === job.vatNumber && JSON.stringify(row.vatCheck) === JSON.stringify(before.vatCheck);
      if (!row || !isUnchanged || !row.vatCheck) return null;
      const next = nextVatCheckState(row.vatCheck, { type: EVENT_OF[answer], at: now });
      if (!next) return null;
      await writeVatCheckState(tx, orgId, job.counterpartyId, next);
      await logStatusChange(tx, orgId, job.counterpartyId, row.vatCheck, next, { type: 'system' });
      return next;
    });
    if (!applied) return 'stale';
    if (applied.status === 'failed' && applied.nextRetryAt !== null) {
      const delaySeconds = Math.max(1, Math.ceil((Date.parse(applied.nextRetryAt) - Date.now()) / 1000));
      await this.enqueue({ ...job, retryAt: applied.nextRetryAt }, delaySeconds);
    }
    return applied;
  }
}
