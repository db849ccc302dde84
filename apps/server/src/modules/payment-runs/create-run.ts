import { MAX_PAYMENT_RUN_TRANSACTIONS, type PaymentRunOrigin } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { writeActivity, type Actor } from '../activity-log/writer';
import { lockTransactionRows, moveTransactionRows, type TransactionRow } from '../transactions/transaction-rows';
import { moneyOf } from './run-lock';
import { insertRunRow, type PaymentRunRow } from './run-rows';

/**
 * Locks the transactions to put into a run and checks that each is open and in no run. Ids that
 * are not found (another organisation's, deleted) count as refused: the caller cannot tell them
 * from a transaction that is taken, and need not. Because the rows stay locked until commit, a
 * second run reaching for the same transaction waits here and then finds it planned.
 */
export async function lockJoinableTransactions(tx: Tx, orgId: OrgId, ids: readonly string[]): Promise<TransactionRow[]> {
  const wanted = [...new Set(ids)];
  const rows = await lockTransactionRows(tx, orgId, wanted);
  const joinable = rows.filter((row) => row.status === 'open' && row.paymentRunId === null);
  if (joinable.length !== wanted.length) {
    throw new AppError('transaction_in_other_run', { count: wanted.length - joinable.length });
  }
  return rows;
}

export interface NewRun {
  name: string | null;
  origin: PaymentRunOrigin;
  automaticRunDate: string | null;
  createdBy: string | null;
}

/**
 * A run from transactions, in the caller's database transaction: the run row, its transactions
 * planned, and the log. Null only for an automatic run whose day already has one.
 */
export async function createRunWithTransactions(
  tx: Tx,
  orgId: OrgId,
  transactionIds: readonly string[],
  run: NewRun,
  actor: Actor,
): Promise<PaymentRunRow | null> {
  if (transactionIds.length === 0) throw new AppError('payment_run_empty');
  if (transactionIds.length > MAX_PAYMENT_RUN_TRANSACTIONS) {
    throw new AppError('payment_run_too_large', { max: MAX_PAYMENT_RUN_TRANSACTIONS });
  }
  const rows = await lockJoinableTransactions(tx, orgId, transactionIds);
  const row = await insertRunRow(tx, orgId, run);
  if (!row) return null;
  await moveTransactionRows(tx, orgId, rows, 'add_to_run', actor, { runId: row.id });
  await writeActivity(tx, orgId, {
    entityType: 'payment_run',
    entityId: row.id,
    action: 'create',
    actor,
    changes: {
      number: row.number,
      name: row.name,
      origin: row.origin,
      ...(row.automaticRunDate ? { automaticRunDate: row.automaticRunDate } : {}),
      added: moneyOf(rows),
    },
  });
  return row;
}
