import { nextPaymentRunStatus, type PaymentRunEvent, type PaymentRunStatus } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { writeActivity, type ActivityAction, type Actor } from '../activity-log/writer';
import { findRunRow, updateRunRow, type PaymentRunRow } from './run-rows';

/**
 * The first step of every run action: lock the run row (concurrent actions on one run queue
 * here and each sees what the one before committed), check the version the caller saw, and ask
 * the domain table whether the event is allowed in the run's status.
 */
export async function lockRunForEvent(
  tx: Tx,
  orgId: OrgId,
  id: string,
  version: number,
  event: PaymentRunEvent,
): Promise<{ row: PaymentRunRow; next: PaymentRunStatus | 'deleted' }> {
  const row = await findRunRow(tx, orgId, id, { lock: true });
  if (!row) throw new AppError('payment_run_not_found');
  if (row.version !== version) throw new AppError('stale_version');
  const next = nextPaymentRunStatus(row.status, event);
  if (next === null) throw new AppError('payment_run_action_refused', { status: row.status });
  return { row, next };
}

/** Stores the run's new status (and further columns), bumps its version and logs the change. */
export async function moveRun(
  tx: Tx,
  orgId: OrgId,
  row: PaymentRunRow,
  next: PaymentRunStatus,
  actor: Actor,
  action: ActivityAction,
  details: { patch?: Parameters<typeof updateRunRow>[3]; changes?: Record<string, unknown> } = {},
): Promise<PaymentRunRow> {
  const updated = await updateRunRow(tx, orgId, row.id, { ...details.patch, status: next });
  await writeActivity(tx, orgId, {
    entityType: 'payment_run',
    entityId: row.id,
    action,
    actor,
    changes: {
      number: row.number,
      ...(row.status !== next ? { status: { from: row.status, to: next } } : {}),
      ...details.changes,
    },
  });
  return updated;
}

/** The money of a set of transactions, for the activity log (every money change is logged). */
export function moneyOf(rows: readonly { id: string; amount: number; currency: string }[]) {
  return {
    transactionIds: rows.map((row) => row.id),
    count: rows.length,
    amount: rows.reduce((sum, row) => sum + row.amount, 0),
    currencies: [...new Set(rows.map((row) => row.currency))],
  };
}
