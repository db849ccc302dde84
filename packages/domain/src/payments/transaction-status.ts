/**
 * Payment status of a transaction (SPEC §3 §4, issue 7 item 2) as one transition table plus pure
 * functions that read it; `null` means "not allowed in this status" (the server refuses with it).
 *
 * SPEC labels → statuses: open / normal / new import / imported → open (where a transaction came
 * from is its origin, not its status); planned → planned (in a run awaiting approval); approved →
 * approved (its run is approved); rejected → rejected (its run was rejected); exported → exported;
 * archived → archived; canceled and archived → cancelled_archived. The analysis labels (marked OK,
 * not OK, suspicious, warning, trusted, blocked, not verified) are in transaction-analysis.ts.
 */
import { z } from 'zod';
import { analysisAllowsExport, type TransactionAnalysisStatus } from './transaction-analysis';

export const TRANSACTION_STATUSES = [
  'open',
  'planned',
  'approved',
  'rejected',
  'exported',
  'archived',
  'cancelled_archived',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_EVENTS = [
  'add_to_run',
  'remove_from_run',
  'postpone',
  'approve_run',
  'reject_run',
  'reset_run',
  'export',
  'cancel',
  'archive',
  'reactivate',
] as const;
export type TransactionEvent = (typeof TRANSACTION_EVENTS)[number];

/**
 * status → event → next status. A transaction is in at most one run: only `open` may be added.
 * An approved run is frozen: to remove, cancel or archive one of its transactions, reset the run
 * first (reset clears approvals and returns its transactions to planned). Exported money has left:
 * it can only be archived. Deleting a run is `remove_from_run` for each of its transactions.
 */
export const TRANSACTION_TRANSITIONS: Readonly<
  Record<TransactionStatus, Readonly<Partial<Record<TransactionEvent, TransactionStatus>>>>
> = {
  open: { add_to_run: 'planned', cancel: 'cancelled_archived', archive: 'archived' },
  planned: {
    remove_from_run: 'open',
    postpone: 'open',
    approve_run: 'approved',
    reject_run: 'rejected',
    cancel: 'cancelled_archived',
    archive: 'archived',
  },
  approved: { reset_run: 'planned', export: 'exported' },
  rejected: {
    reset_run: 'planned',
    remove_from_run: 'open',
    postpone: 'open',
    cancel: 'cancelled_archived',
    archive: 'archived',
  },
  exported: { archive: 'archived' },
  archived: { reactivate: 'open' },
  cancelled_archived: { reactivate: 'open' },
};

export function nextTransactionStatus(status: TransactionStatus, event: TransactionEvent): TransactionStatus | null {
  return TRANSACTION_TRANSITIONS[status][event] ?? null;
}

export function allowedTransactionEvents(status: TransactionStatus): TransactionEvent[] {
  return TRANSACTION_EVENTS.filter((event) => nextTransactionStatus(status, event) !== null);
}

/** Statuses that belong to a payment run (exported keeps its run as history). */
export const IN_RUN_TRANSACTION_STATUSES: readonly TransactionStatus[] = ['planned', 'approved', 'rejected', 'exported'];

export function isInRun(status: TransactionStatus): boolean {
  return IN_RUN_TRANSACTION_STATUSES.includes(status);
}

/** Whether a transaction may go into a payment run now: open (payable) and in no run yet. */
export function canJoinPaymentRun(status: TransactionStatus, paymentRunId: string | null): boolean {
  return nextTransactionStatus(status, 'add_to_run') !== null && paymentRunId === null;
}

/**
 * What an allowed event does to the transaction's payment-run link: join (set to the run), leave
 * (clear it), keep. Archiving an exported transaction keeps the link: the run is its payment record.
 */
export function runLinkAfter(status: TransactionStatus, event: TransactionEvent): 'join' | 'leave' | 'keep' | null {
  const next = nextTransactionStatus(status, event);
  if (next === null) return null;
  if (!isInRun(status) && isInRun(next)) return 'join';
  if (isInRun(status) && !isInRun(next) && status !== 'exported') return 'leave';
  return 'keep';
}

/** Only an approved transaction (of an approved run) whose analysis does not block it is exported. */
export function canExport(status: TransactionStatus, analysis: TransactionAnalysisStatus): boolean {
  return nextTransactionStatus(status, 'export') !== null && analysisAllowsExport(analysis);
}

/** Cancel and archive body: the reason is required. */
export const transactionReasonBodySchema = z.object({
  reason: z.string().trim().min(1, { message: 'reason_required' }).max(1000, { message: 'too_long' }),
});
