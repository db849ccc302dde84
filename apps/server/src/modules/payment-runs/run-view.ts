import { allowedPaymentRunEvents, type PaymentRun, type PaymentRunSummary } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { findLatestRequestView, findOpenRequest, listItems } from '../approvals/request-repo';
import { runFigures, runPaymentBlocks, userNames, type PaymentRunRow, type RunFigures } from './run-rows';

const NO_TRANSACTIONS: RunFigures = { transactionCount: 0, totalAmount: 0, blockedCount: 0, earliestExecutionDate: null };

export function toRunSummary(row: PaymentRunRow, figures: RunFigures | undefined, names: Map<string, string>): PaymentRunSummary {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    status: row.status,
    origin: row.origin,
    ...(figures ?? NO_TRANSACTIONS),
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
    exportedAt: row.exportedAt?.toISOString() ?? null,
    version: row.version,
  };
}

/** Summaries of many runs with two queries for all of them (figures and names). */
export async function readRunSummaries(tx: Tx, orgId: OrgId, rows: readonly PaymentRunRow[]): Promise<PaymentRunSummary[]> {
  const figures = await runFigures(
    tx,
    orgId,
    rows.map((row) => row.id),
  );
  const names = await userNames(
    tx,
    rows.map((row) => row.createdBy),
  );
  return rows.map((row) => toRunSummary(row, figures.get(row.id), names));
}

/** The detail of a run as every action answers it; `userId` decides `canDecide`. */
export async function readRun(tx: Tx, orgId: OrgId, row: PaymentRunRow, userId: string | null): Promise<PaymentRun> {
  const figures = await runFigures(tx, orgId, [row.id]);
  const names = await userNames(tx, [row.createdBy, row.exportedBy]);
  const approval = await findLatestRequestView(tx, orgId, { type: 'payment_run', id: row.id, creatorId: row.createdBy });
  let canDecide = false;
  if (row.status === 'in_approval' && userId) {
    const open = await findOpenRequest(tx, orgId, 'payment_run', row.id);
    if (open && open.status === 'pending') {
      const items = await listItems(tx, orgId, open.id);
      canDecide = items.some(
        (item) => item.step === open.currentStep && item.approverId === userId && item.decision === 'pending',
      );
    }
  }
  return {
    ...toRunSummary(row, figures.get(row.id), names),
    approval,
    allowedEvents: allowedPaymentRunEvents(row.status),
    canDecide,
    export:
      row.status === 'exported' && row.exportFormat && row.exportMessageId && row.exportFileName && row.exportFileSha256
        ? {
            format: row.exportFormat,
            messageId: row.exportMessageId,
            fileName: row.exportFileName,
            sha256: row.exportFileSha256,
            exportedByName: row.exportedBy ? (names.get(row.exportedBy) ?? null) : null,
          }
        : null,
    paymentBlocks: await runPaymentBlocks(tx, orgId, row.id),
  };
}
