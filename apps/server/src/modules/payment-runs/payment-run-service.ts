import {
  MAX_PAYMENT_RUN_TRANSACTIONS,
  type CreatePaymentRunBody,
  type PaymentRun,
  type PaymentRunListQuery,
  type PaymentRunSummary,
} from '@kontor/domain';
import type { Database, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { decodeCursorValues, encodeCursorValues, invalidCursor, isUuid } from '../../lib/keyset-cursor';
import type { Mailer } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { actorOf, tenant } from '../approvals/context';
import { openApprovalRequest } from '../approvals/open-request';
import { recordDecision } from '../approvals/record-decision';
import { resetCurrentRequest } from '../approvals/request-lifecycle';
import { deleteRequestsOf, findOpenRequest, type RequestRow } from '../approvals/request-repo';
import { lockRunTransactionRows, lockTransactionRows, moveTransactionRows } from '../transactions/transaction-rows';
import { createRunWithTransactions, lockJoinableTransactions } from './create-run';
import { notifyRunStepOpened } from './notify-run';
import { lockRunForEvent, moneyOf, moveRun } from './run-lock';
import { deleteRunRow, findRunRow, listRunRows, runFigures, type PaymentRunRow } from './run-rows';
import { readRun, readRunSummaries } from './run-view';

export interface PaymentRunDeps {
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Payment runs (SPEC §4 §9, issue 7 item 3). Every action locks the run row first, then its
 * transactions in id order (the order every caller uses, so two actions never deadlock), checks
 * the version and the domain's transition table, and moves the transactions by their own table.
 * Approvals reuse the invoice flow engine unchanged, with entity type `payment_run`.
 */
export class PaymentRunService {
  constructor(
    private readonly database: Database,
    private readonly deps: PaymentRunDeps,
  ) {}

  async list(org: OrgContext, query: PaymentRunListQuery): Promise<{ items: PaymentRunSummary[]; nextCursor: string | null }> {
    const after = query.cursor ? decodeListCursor(query.cursor) : undefined;
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        const rows = await listRunRows(tx, org.orgId, { statuses: query.status, limit: query.limit + 1, after });
        const page = rows.slice(0, query.limit);
        const last = page.at(-1);
        return {
          items: await readRunSummaries(
            tx,
            org.orgId,
            page.map((entry) => entry.run),
          ),
          nextCursor: rows.length > query.limit && last ? encodeCursorValues([last.createdAtKey, last.run.id]) : null,
        };
      },
      { readOnly: true },
    );
  }

  async get(org: OrgContext, id: string): Promise<PaymentRun> {
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        const row = await findRunRow(tx, org.orgId, id);
        if (!row) throw new AppError('payment_run_not_found');
        return readRun(tx, org.orgId, row, org.userId);
      },
      { readOnly: true },
    );
  }

  async create(org: OrgContext, body: CreatePaymentRunBody): Promise<PaymentRun> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const row = await createRunWithTransactions(
        tx,
        org.orgId,
        body.transactionIds,
        { name: body.name || null, origin: 'manual', automaticRunDate: null, createdBy: org.userId },
        actorOf(org),
      );
      if (!row) throw new Error('a manual run is never a duplicate');
      return readRun(tx, org.orgId, row, org.userId);
    });
  }

  async addTransactions(org: OrgContext, id: string, body: { version: number; transactionIds: string[] }): Promise<PaymentRun> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const { row, next } = await lockRunForEvent(tx, org.orgId, id, body.version, 'change_transactions');
      const figures = (await runFigures(tx, org.orgId, [id])).get(id);
      if ((figures?.transactionCount ?? 0) + new Set(body.transactionIds).size > MAX_PAYMENT_RUN_TRANSACTIONS) {
        throw new AppError('payment_run_too_large', { max: MAX_PAYMENT_RUN_TRANSACTIONS });
      }
      const rows = await lockJoinableTransactions(tx, org.orgId, body.transactionIds);
      await moveTransactionRows(tx, org.orgId, rows, 'add_to_run', actorOf(org), { runId: id });
      const updated = await moveRun(tx, org.orgId, row, asStatus(next), actorOf(org), 'update', {
        changes: { added: moneyOf(rows) },
      });
      return readRun(tx, org.orgId, updated, org.userId);
    });
  }

  async removeTransactions(
    org: OrgContext,
    id: string,
    body: { version: number; transactionIds: string[] },
  ): Promise<PaymentRun> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const { row, next } = await lockRunForEvent(tx, org.orgId, id, body.version, 'change_transactions');
      const rows = await lockTransactionRows(tx, org.orgId, body.transactionIds);
      const ofThisRun = rows.filter((transaction) => transaction.paymentRunId === id);
      if (ofThisRun.length !== new Set(body.transactionIds).size) throw new AppError('transaction_not_found');
      await moveTransactionRows(tx, org.orgId, ofThisRun, 'remove_from_run', actorOf(org));
      const updated = await moveRun(tx, org.orgId, row, asStatus(next), actorOf(org), 'update', {
        changes: { removed: moneyOf(ofThisRun) },
      });
      return readRun(tx, org.orgId, updated, org.userId);
    });
  }

  async requestApproval(org: OrgContext, id: string, body: { version: number; flowId?: string }): Promise<PaymentRun> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const { row, next } = await lockRunForEvent(tx, org.orgId, id, body.version, 'request_approval');
      const transactions = await lockRunTransactionRows(tx, org.orgId, id);
      if (transactions.length === 0) throw new AppError('payment_run_empty');
      const total = transactions.filter((t) => t.currency === 'EUR').reduce((sum, t) => sum + t.amount, 0);
      // Conditions are tested on the run's EUR total.
      const { request, flow } = await openApprovalRequest(
        tx,
        org,
        { type: 'payment_run', id },
        {
          flowId: body.flowId,
          subject: { amount: total, currency: 'EUR', costCenterIds: [], counterpartyId: null },
          notFound: () => 'payment_run_flow_not_found',
        },
      );
      // A rejected run asked again: its transactions return from rejected to planned.
      const rejected = transactions.filter((transaction) => transaction.status === 'rejected');
      await moveTransactionRows(tx, org.orgId, rejected, 'reset_run', actorOf(org));
      const updated = await moveRun(tx, org.orgId, row, asStatus(next), actorOf(org), 'update', {
        changes: { flowId: flow.id, flowName: flow.name, count: transactions.length, amount: total },
      });
      await this.notify(tx, org, updated, request, 0, transactions.length, total);
      return readRun(tx, org.orgId, updated, org.userId);
    });
  }

  approve(org: OrgContext, id: string, version: number): Promise<PaymentRun> {
    return this.decide(org, id, version, { decision: 'approved', reason: null });
  }

  reject(org: OrgContext, id: string, body: { version: number; reason: string }): Promise<PaymentRun> {
    return this.decide(org, id, body.version, { decision: 'rejected', reason: body.reason });
  }

  /** Clears the approvals (SPEC §4): the request is closed as reset, the run is a draft again. */
  async reset(org: OrgContext, id: string, version: number): Promise<PaymentRun> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const { row, next } = await lockRunForEvent(tx, org.orgId, id, version, 'reset');
      const transactions = await lockRunTransactionRows(tx, org.orgId, id);
      await resetCurrentRequest(tx, org.orgId, { type: 'payment_run', id }, actorOf(org), 'reset');
      // Planned ones (a run still in approval) stay planned; approved and rejected ones return to it.
      const decided = transactions.filter((transaction) => transaction.status !== 'planned');
      await moveTransactionRows(tx, org.orgId, decided, 'reset_run', actorOf(org));
      const updated = await moveRun(tx, org.orgId, row, asStatus(next), actorOf(org), 'reset', {
        patch: { approvedAt: null },
        changes: { count: transactions.length, amount: transactions.reduce((sum, t) => sum + t.amount, 0) },
      });
      return readRun(tx, org.orgId, updated, org.userId);
    });
  }

  /** Its transactions become open again; the run row goes, the activity log keeps what it held. */
  async remove(org: OrgContext, id: string, version: number | undefined): Promise<void> {
    await this.database.withOrg(tenant(org), async (tx) => {
      if (version === undefined) {
        if (!(await findRunRow(tx, org.orgId, id))) throw new AppError('payment_run_not_found');
        throw new AppError('validation_failed', undefined, { fieldErrors: { version: ['required'] } });
      }
      const { row } = await lockRunForEvent(tx, org.orgId, id, version, 'delete');
      const transactions = await lockRunTransactionRows(tx, org.orgId, id);
      const rejected = transactions.filter((transaction) => transaction.status === 'rejected');
      const planned = transactions.filter((transaction) => transaction.status === 'planned');
      await moveTransactionRows(tx, org.orgId, [...planned, ...rejected], 'remove_from_run', actorOf(org));
      await deleteRequestsOf(tx, org.orgId, 'payment_run', id);
      await writeActivity(tx, org.orgId, {
        entityType: 'payment_run',
        entityId: id,
        action: 'delete',
        actor: actorOf(org),
        changes: { number: row.number, name: row.name, status: row.status, removed: moneyOf(transactions) },
      });
      await deleteRunRow(tx, org.orgId, id);
    });
  }

  private async decide(
    org: OrgContext,
    id: string,
    version: number,
    choice: { decision: 'approved' | 'rejected'; reason: string | null },
  ): Promise<PaymentRun> {
    return this.database.withOrg(tenant(org), async (tx) => {
      // The run lock serialises approvers of this run: the second one reads the first one's decision.
      const event = choice.decision === 'approved' ? 'approve' : 'reject';
      const { row, next } = await lockRunForEvent(tx, org.orgId, id, version, event);
      const request = await findOpenRequest(tx, org.orgId, 'payment_run', id);
      if (!request || request.status !== 'pending') throw new AppError('payment_run_not_pending');
      const result = await recordDecision(tx, org, { type: 'payment_run', id, creatorId: row.createdBy }, request, choice);

      // Like invoices: a decision that does not end the request changes no status and no version.
      if (result.outcome === 'recorded') return readRun(tx, org.orgId, row, org.userId);
      if (result.outcome === 'step_completed') {
        const figures = (await runFigures(tx, org.orgId, [id])).get(id);
        await this.notify(tx, org, row, request, result.openedStep, figures?.transactionCount ?? 0, figures?.totalAmount ?? 0);
        return readRun(tx, org.orgId, row, org.userId);
      }
      const transactions = await lockRunTransactionRows(tx, org.orgId, id);
      await moveTransactionRows(tx, org.orgId, transactions, event === 'approve' ? 'approve_run' : 'reject_run', actorOf(org));
      const updated = await moveRun(tx, org.orgId, row, asStatus(next), actorOf(org), event, {
        patch: event === 'approve' ? { approvedAt: new Date() } : {},
        changes: {
          count: transactions.length,
          amount: transactions.reduce((sum, t) => sum + t.amount, 0),
          ...(choice.reason !== null ? { reason: choice.reason } : {}),
        },
      });
      return readRun(tx, org.orgId, updated, org.userId);
    });
  }

  private notify(
    tx: Tx,
    org: OrgContext,
    row: PaymentRunRow,
    request: RequestRow,
    step: number,
    transactionCount: number,
    totalAmount: number,
  ): Promise<void> {
    return notifyRunStepOpened(
      tx,
      this.deps,
      org,
      { id: row.id, number: row.number, transactionCount, totalAmount },
      request,
      step,
    );
  }
}

/** Every event but delete leads to a status; delete has its own path. */
function asStatus(next: PaymentRunRow['status'] | 'deleted'): PaymentRunRow['status'] {
  if (next === 'deleted') throw new Error('delete is not a status change');
  return next;
}

/** timestamptz as PostgreSQL prints it, e.g. 2026-11-21 15:42:00.123456+00. */
const POSTGRES_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

function decodeListCursor(raw: string): { createdAt: string; id: string } {
  const [createdAt, id] = decodeCursorValues(raw, 2);
  if (typeof createdAt !== 'string' || !POSTGRES_TIMESTAMP.test(createdAt) || !isUuid(id)) {
    throw invalidCursor();
  }
  return { createdAt, id };
}
