import { and, eq, sql } from 'drizzle-orm';
import { nextPaymentRunStatus, type TransactionStatus } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { paymentRuns } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findTransactionRow, type TransactionRow } from './transaction-rows';

type RunRow = typeof paymentRuns.$inferSelect;

/** Statuses in which the transaction's run decides whether it may change (exported ones keep their run as history). */
const RUN_GUARDED_STATUSES: readonly TransactionStatus[] = ['planned', 'approved', 'rejected'];

export interface LockedTransaction {
  row: TransactionRow;
  /** The transaction's run, locked, when the transaction is in one (planned, approved, rejected). */
  run: RunRow | null;
}

async function lockRun(tx: Tx, orgId: OrgId, runId: string): Promise<RunRow | null> {
  const [run] = await tx
    .select()
    .from(paymentRuns)
    .where(and(eq(paymentRuns.organizationId, orgId), eq(paymentRuns.id, runId)))
    .for('update');
  return run ?? null;
}

/**
 * Locks a transaction for an action, with its run first when it is in one: the payment-runs module
 * locks run then transactions, so this order never deadlocks with it. The run is read before the
 * lock, so when the transaction moved to another run in between, the lock is taken again.
 * 404 when the id is not in this organisation, 409 stale_version when `version` is not current.
 */
export async function lockTransactionForChange(tx: Tx, orgId: OrgId, id: string, version: number): Promise<LockedTransaction> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const seen = await findTransactionRow(tx, orgId, id);
    if (!seen) throw new AppError('transaction_not_found');
    const runId = seen.paymentRunId && RUN_GUARDED_STATUSES.includes(seen.status) ? seen.paymentRunId : null;
    const run = runId ? await lockRun(tx, orgId, runId) : null;
    const row = await findTransactionRow(tx, orgId, id, { lock: true });
    if (!row) throw new AppError('transaction_not_found');
    const lockedRunId = row.paymentRunId && RUN_GUARDED_STATUSES.includes(row.status) ? row.paymentRunId : null;
    if (lockedRunId !== runId) continue;
    if (row.version !== version) throw new AppError('stale_version');
    return { row, run };
  }
  // Moved between runs three times while we waited: the caller's view is stale anyway.
  throw new AppError('stale_version');
}

/**
 * A transaction in a run changes (postpone, cancel, archive) only while the run allows it (draft
 * or rejected); the run's version goes up, so a run page open elsewhere sees the change.
 */
export async function requireRunAllowsChange(tx: Tx, orgId: OrgId, run: RunRow | null): Promise<void> {
  if (!run) return;
  if (nextPaymentRunStatus(run.status, 'change_transactions') === null) {
    throw new AppError('payment_run_action_refused', { status: run.status });
  }
  await tx
    .update(paymentRuns)
    .set({ version: sql`${paymentRuns.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(paymentRuns.organizationId, orgId), eq(paymentRuns.id, run.id)));
}
