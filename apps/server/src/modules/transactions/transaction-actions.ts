import { and, eq, sql } from 'drizzle-orm';
import { nextAnalysisState, nextTransactionStatus, type TransactionEvent } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { transactions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { writeActivity, type Actor } from '../activity-log/writer';
import { analyseTransactionRows } from './analysis/analyse-transactions';
import { lockTransactionForChange, requireRunAllowsChange } from './lock-for-change';
import { moveTransactionRows, type TransactionRow } from './transaction-rows';

/**
 * The actions of one transaction (issue 7 item 2): each locks the row (its run first), checks the
 * version the user saw, and moves the status through the domain's transition table
 * (moveTransactionRows refuses what the table does not allow and writes the activity log).
 */

/**
 * The transition table speaks first: an action the status never allows is refused as such, before
 * asking whether the run would allow a change.
 */
function requireAllowed(row: TransactionRow, event: TransactionEvent): void {
  if (nextTransactionStatus(row.status, event) === null) {
    throw new AppError('transaction_action_refused', { status: row.status, action: event });
  }
}

/** Cancel (SPEC §4: archives it and removes it from its run) or archive, both with a reason. */
export async function archiveTransaction(
  tx: Tx,
  orgId: OrgId,
  actor: Actor,
  id: string,
  event: 'cancel' | 'archive',
  body: { version: number; reason: string },
): Promise<TransactionRow> {
  const { row, run } = await lockTransactionForChange(tx, orgId, id, body.version);
  requireAllowed(row, event);
  await requireRunAllowsChange(tx, orgId, run);
  const [moved] = await moveTransactionRows(tx, orgId, [row], event, actor, { reason: body.reason });
  return moved!;
}

/**
 * Back to open from archived or cancelled; the checks run again (facts may have changed meanwhile).
 * An archived payment that was exported stays archived: its money has left, reopening it could pay twice.
 */
export async function reactivateTransaction(
  tx: Tx,
  orgId: OrgId,
  actor: Actor,
  id: string,
  body: { version: number },
): Promise<TransactionRow> {
  const { row } = await lockTransactionForChange(tx, orgId, id, body.version);
  if (row.exportedAt !== null) throw new AppError('transaction_action_refused', { status: 'exported', action: 'reactivate' });
  const [moved] = await moveTransactionRows(tx, orgId, [row], 'reactivate', actor);
  const [analysed] = await analyseTransactionRows(tx, orgId, [moved!]);
  return analysed!;
}

/** Out of its run (SPEC §4), optionally to a new execution date. */
export async function postponeTransaction(
  tx: Tx,
  orgId: OrgId,
  actor: Actor,
  id: string,
  body: { version: number; requestedExecutionDate?: string | undefined },
): Promise<TransactionRow> {
  const { row, run } = await lockTransactionForChange(tx, orgId, id, body.version);
  requireAllowed(row, 'postpone');
  await requireRunAllowsChange(tx, orgId, run);
  const [moved] = await moveTransactionRows(tx, orgId, [row], 'postpone', actor, {
    ...(body.requestedExecutionDate ? { set: { requestedExecutionDate: body.requestedExecutionDate } } : {}),
  });
  return moved!;
}

/** "Mark OK" / "not OK" with a note through nextAnalysisState; a blocked payment cannot be marked OK. */
export async function decideAnalysis(
  tx: Tx,
  orgId: OrgId,
  actor: Actor,
  id: string,
  body: { version: number; decision: 'mark_ok' | 'mark_not_ok'; note: string },
): Promise<TransactionRow> {
  const { row } = await lockTransactionForChange(tx, orgId, id, body.version);
  const next = nextAnalysisState(
    { status: row.analysisStatus, flags: row.analysisFlags, note: row.analysisNote },
    { type: body.decision, note: body.note },
  );
  if (!next) throw new AppError('analysis_decision_refused', { status: row.analysisStatus });
  const [updated] = await tx
    .update(transactions)
    .set({
      analysisStatus: next.status,
      analysisNote: next.note,
      analysisDecidedBy: actor.type === 'user' ? actor.id : null,
      analysisDecidedAt: sql`now()`,
      version: sql`${transactions.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(transactions.organizationId, orgId), eq(transactions.id, id)))
    .returning();
  await writeActivity(tx, orgId, {
    entityType: 'transaction',
    entityId: id,
    action: 'update',
    actor,
    changes: { analysisStatus: { from: row.analysisStatus, to: next.status }, analysisNote: next.note },
  });
  return updated!;
}

/** Runs the checks again on demand (e.g. after verifying the counterparty's bank account). */
export async function reanalyseTransaction(tx: Tx, orgId: OrgId, id: string, body: { version: number }): Promise<TransactionRow> {
  const { row } = await lockTransactionForChange(tx, orgId, id, body.version);
  const [analysed] = await analyseTransactionRows(tx, orgId, [row]);
  return analysed!;
}
