import { fourEyesRefusal, type FourEyesReason } from '@kontor/domain/approvals/four-eyes';
import type { PaymentRun } from '@kontor/domain/payments/payment-run-api';
import type { PaymentRunEvent, PaymentRunStatus } from '@kontor/domain/payments/payment-run-status';

export const RUN_STATUS_TONE: Record<PaymentRunStatus, 'neutral' | 'warning' | 'success' | 'danger' | 'info'> = {
  draft: 'neutral',
  in_approval: 'warning',
  approved: 'success',
  rejected: 'danger',
  exported: 'info',
};

/** Why the export button is disabled, or null when it may be pressed. */
export type ExportBlock = 'blocked_transactions' | 'empty' | null;

export interface RunAbilities {
  canRequestApproval: boolean;
  /** The server says the caller approves the open step now. */
  canApprove: boolean;
  canReject: boolean;
  canReset: boolean;
  canDelete: boolean;
  /** Removing payments from the run (draft or rejected only). */
  canChangeTransactions: boolean;
  /** The run is approved, so export is the next step (possibly still blocked). */
  showExport: boolean;
  exportBlock: ExportBlock;
  /** Exported: the same file can be downloaded again. */
  canDownload: boolean;
}

/**
 * What the detail screen offers, from the server's allowedEvents and canDecide: the server
 * checks the same rules again, so this only hides what would be refused anyway.
 */
export function runAbilities(
  run: Pick<PaymentRun, 'canDecide' | 'blockedCount' | 'transactionCount' | 'export' | 'status'> & {
    allowedEvents: readonly PaymentRunEvent[];
  },
): RunAbilities {
  const allowed = new Set(run.allowedEvents);
  const showExport = allowed.has('export');
  let exportBlock: ExportBlock = null;
  if (run.transactionCount === 0) exportBlock = 'empty';
  else if (run.blockedCount > 0) exportBlock = 'blocked_transactions';
  return {
    canRequestApproval: allowed.has('request_approval') && run.transactionCount > 0,
    canApprove: allowed.has('approve') && run.canDecide,
    canReject: allowed.has('reject') && run.canDecide,
    canReset: allowed.has('reset'),
    canDelete: allowed.has('delete'),
    canChangeTransactions: allowed.has('change_transactions'),
    showExport,
    exportBlock: showExport ? exportBlock : null,
    canDownload: run.status === 'exported' && run.export !== null,
  };
}

/**
 * The four-eyes principle (issue 59): the viewer created the run and their approval would be the
 * final one, so the server refuses it; the action bar says why instead of offering Approve.
 */
export function runFourEyesBlock(run: Pick<PaymentRun, 'canDecide' | 'approval'>, viewerId: string): FourEyesReason | null {
  if (!run.canDecide || !run.approval) return null;
  return fourEyesRefusal(run.approval, run.approval.fourEyesConflicts, viewerId);
}
