import {
  canJoinPaymentRun,
  MAX_PAYMENT_RUN_TRANSACTIONS,
  nextPaymentRunStatus,
  OPEN_PAYMENT_RUN_STATUSES,
  OPEN_RUN_CHOICES_LIMIT,
  type OpenPaymentRuns,
  type PaymentRun,
} from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { actorOf, tenant } from '../approvals/context';
import {
  findTransactionRow,
  lockTransactionRows,
  moveTransactionRows,
  type TransactionRow,
} from '../transactions/transaction-rows';
import { moneyOf, moveRun } from './run-lock';
import { findRunRow, listRunRows, runFigures } from './run-rows';
import { readRun, readRunSummaries } from './run-view';

/**
 * One step to pay (issue 59 item 5): one payment into an open run, from the invoice or the
 * payment detail. The rules are the list's (create-run.ts: open, in no run, run not frozen, at most
 * MAX_PAYMENT_RUN_TRANSACTIONS), but each refusal names its reason, because here one payment was
 * chosen and the person wants to know why that one cannot go.
 */
export class JoinRunService {
  constructor(private readonly database: Database) {}

  /** The runs the picker offers: open ones with room left; none when the payment cannot join any. */
  async openRunsFor(org: OrgContext, transactionId: string): Promise<OpenPaymentRuns> {
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        const transaction = await findTransactionRow(tx, org.orgId, transactionId);
        if (!transaction) throw new AppError('transaction_not_found');
        if (!canJoinPaymentRun(transaction.status, transaction.paymentRunId)) return { items: [] };
        const rows = await listRunRows(tx, org.orgId, { statuses: OPEN_PAYMENT_RUN_STATUSES, limit: OPEN_RUN_CHOICES_LIMIT });
        const summaries = await readRunSummaries(
          tx,
          org.orgId,
          rows.map((entry) => entry.run),
        );
        return { items: summaries.filter((run) => run.transactionCount < MAX_PAYMENT_RUN_TRANSACTIONS) };
      },
      { readOnly: true },
    );
  }

  /**
   * Locks the run, then the payment (the order every run action uses), checks both and moves the
   * payment in. `version` is the run's as the picker showed it: a run changed meanwhile answers 409.
   */
  async addTransaction(org: OrgContext, runId: string, transactionId: string, version: number): Promise<PaymentRun> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const run = await findRunRow(tx, org.orgId, runId, { lock: true });
      if (!run) throw new AppError('payment_run_not_found');
      const [transaction] = await lockTransactionRows(tx, org.orgId, [transactionId]);
      if (!transaction) throw new AppError('transaction_not_found');
      // An approved run never changes silently: its approvals would no longer cover what it pays.
      const next = nextPaymentRunStatus(run.status, 'change_transactions');
      if (next === null || next === 'deleted') throw new AppError('payment_run_not_open', { number: run.number });
      if (run.version !== version) throw new AppError('stale_version');
      await refuseUnlessJoinable(tx, org.orgId, transaction);
      const count = (await runFigures(tx, org.orgId, [runId])).get(runId)?.transactionCount ?? 0;
      if (count >= MAX_PAYMENT_RUN_TRANSACTIONS) {
        throw new AppError('payment_run_too_large', { max: MAX_PAYMENT_RUN_TRANSACTIONS });
      }
      await moveTransactionRows(tx, org.orgId, [transaction], 'add_to_run', actorOf(org), { runId });
      const updated = await moveRun(tx, org.orgId, run, next, actorOf(org), 'update', {
        changes: { added: moneyOf([transaction]) },
      });
      return readRun(tx, org.orgId, updated, org.userId);
    });
  }
}

async function refuseUnlessJoinable(tx: Tx, orgId: OrgId, transaction: TransactionRow): Promise<void> {
  if (canJoinPaymentRun(transaction.status, transaction.paymentRunId)) return;
  if (transaction.paymentRunId) {
    const current = await findRunRow(tx, orgId, transaction.paymentRunId);
    throw new AppError('transaction_already_in_run', { number: current?.number ?? '?' });
  }
  throw new AppError('transaction_not_payable');
}
