import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { nextTransactionStatus, runLinkAfter, type TransactionEvent, type TransactionStatus } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { activityLog, transactions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../activity-log/writer';

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransactionRow = Omit<typeof transactions.$inferInsert, 'organizationId'>;

/**
 * The shared core of the transactions and payment-runs modules: load, lock and move transactions
 * through the transition table of packages/domain (ARCHITECTURE §3.5), with one activity-log row
 * per transaction in the same database transaction (§3.7).
 */

export async function findTransactionRow(
  tx: Tx,
  orgId: OrgId,
  id: string,
  options: { lock?: boolean } = {},
): Promise<TransactionRow | null> {
  const query = tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.organizationId, orgId), eq(transactions.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Locks the transactions in id order (one order for every caller: no deadlocks between runs). */
export async function lockTransactionRows(tx: Tx, orgId: OrgId, ids: readonly string[]): Promise<TransactionRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.organizationId, orgId), inArray(transactions.id, [...new Set(ids)])))
    .orderBy(asc(transactions.id))
    .for('update');
}

/** Locks every transaction of a run, in id order. */
export async function lockRunTransactionRows(tx: Tx, orgId: OrgId, runId: string): Promise<TransactionRow[]> {
  return tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.organizationId, orgId), eq(transactions.paymentRunId, runId)))
    .orderBy(asc(transactions.id))
    .for('update');
}

export async function insertTransactionRow(tx: Tx, orgId: OrgId, values: NewTransactionRow): Promise<TransactionRow> {
  const [row] = await tx
    .insert(transactions)
    .values({ ...values, organizationId: orgId })
    .returning();
  if (!row) throw new Error('transaction insert returned nothing');
  return row;
}

export interface TransactionMove {
  /** For add_to_run: the run the transactions join. */
  runId?: string;
  /** For cancel and archive (required there by SPEC §5). */
  reason?: string;
  /** Further columns to set with the status (e.g. exportedAt, requestedExecutionDate on postpone). */
  set?: Partial<Pick<TransactionRow, 'exportedAt' | 'requestedExecutionDate' | 'bookingDate'>>;
}

/**
 * Applies `event` to locked rows: every row must allow it (else nothing changes and
 * `transaction_action_refused` names the first status that refused). Bumps each version and writes
 * the activity log. Returns the updated rows in the same order.
 */
export async function moveTransactionRows(
  tx: Tx,
  orgId: OrgId,
  rows: readonly TransactionRow[],
  event: TransactionEvent,
  actor: Actor,
  move: TransactionMove = {},
): Promise<TransactionRow[]> {
  if (rows.length === 0) return [];
  const groups = new Map<string, { next: TransactionStatus; link: 'join' | 'leave' | 'keep'; ids: string[] }>();
  for (const row of rows) {
    const next = nextTransactionStatus(row.status, event);
    const link = runLinkAfter(row.status, event);
    if (next === null || link === null) {
      throw new AppError('transaction_action_refused', { status: row.status, action: event });
    }
    if (link === 'join' && !move.runId) throw new Error('add_to_run needs a runId');
    const key = `${next}|${link}`;
    const group = groups.get(key) ?? { next, link, ids: [] };
    group.ids.push(row.id);
    groups.set(key, group);
  }
  const isArchiving = event === 'cancel' || event === 'archive';
  const updated: TransactionRow[] = [];
  for (const group of groups.values()) {
    const result = await tx
      .update(transactions)
      .set({
        status: group.next,
        ...(group.link === 'join' ? { paymentRunId: move.runId } : {}),
        ...(group.link === 'leave' ? { paymentRunId: null } : {}),
        ...(event === 'cancel' ? { cancelReason: move.reason ?? null } : {}),
        ...(event === 'archive' ? { archiveReason: move.reason ?? null } : {}),
        ...(isArchiving ? { archivedAt: sql`now()`, archivedBy: actor.type === 'user' ? actor.id : null } : {}),
        ...(event === 'reactivate'
          ? { archivedAt: null, archivedBy: null, cancelReason: null, archiveReason: null, paymentRunId: null }
          : {}),
        ...move.set,
        version: sql`${transactions.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(transactions.organizationId, orgId), inArray(transactions.id, group.ids)))
      .returning();
    updated.push(...result);
  }
  await writeTransactionMoves(tx, orgId, rows, updated, event, actor, move);
  const byId = new Map(updated.map((row) => [row.id, row]));
  return rows.map((row) => byId.get(row.id)!);
}

const ACTION_OF_EVENT: Readonly<
  Record<TransactionEvent, 'update' | 'cancel' | 'postpone' | 'approve' | 'reject' | 'reset' | 'export'>
> = {
  add_to_run: 'update',
  remove_from_run: 'update',
  postpone: 'postpone',
  approve_run: 'approve',
  reject_run: 'reject',
  reset_run: 'reset',
  export: 'export',
  cancel: 'cancel',
  archive: 'update',
  reactivate: 'update',
};

/** One activity row per transaction, inserted in one statement (a run may move 10,000 at once). */
async function writeTransactionMoves(
  tx: Tx,
  orgId: OrgId,
  before: readonly TransactionRow[],
  after: readonly TransactionRow[],
  event: TransactionEvent,
  actor: Actor,
  move: TransactionMove,
): Promise<void> {
  const afterById = new Map(after.map((row) => [row.id, row]));
  const values = before.map((row) => {
    const next = afterById.get(row.id)!;
    return {
      organizationId: orgId,
      entityType: 'transaction',
      entityId: row.id,
      action: ACTION_OF_EVENT[event],
      actorType: actor.type,
      actorId: actor.id ?? null,
      changes: {
        event,
        status: { from: row.status, to: next.status },
        ...(row.paymentRunId !== next.paymentRunId ? { paymentRunId: { from: row.paymentRunId, to: next.paymentRunId } } : {}),
        ...(move.reason !== undefined ? { reason: move.reason } : {}),
      },
    };
  });
  for (let start = 0; start < values.length; start += 1000) {
    await tx.insert(activityLog).values(values.slice(start, start + 1000));
  }
}
