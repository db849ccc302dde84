/**
 * The four-eyes principle (segregation of duties, issue 59 item 4): whoever uploaded an invoice or
 * requested its approval, or created a payment run, may not give the approval that approves it.
 * Approving an earlier step, one approval of several in the last step, and rejecting stay allowed.
 * An organisation setting (on by default); the server refuses with it and the web asks the same
 * functions before offering Approve, so the two cannot disagree.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors';
import { decideApproval, type ApprovalRequestState } from './approval-engine';
import type { ApprovalFlowType } from './approval-flow';

/** Why a person may not give the final approval: what they did to the invoice or payment run. */
export const FOUR_EYES_REASONS = ['uploaded', 'requested', 'created'] as const;
export type FourEyesReason = (typeof FOUR_EYES_REASONS)[number];

export const fourEyesConflictSchema = z.object({ userId: z.uuid(), reason: z.enum(FOUR_EYES_REASONS) });
/** One person who may not give the final approval, and why. */
export type FourEyesConflict = z.infer<typeof fourEyesConflictSchema>;

/** The error code of each reason (packages/domain errors.ts; messages in locales/errors.json). */
export const FOUR_EYES_ERROR_CODES = {
  uploaded: 'approval_four_eyes_uploaded',
  requested: 'approval_four_eyes_requested',
  created: 'approval_four_eyes_created',
} as const satisfies Record<FourEyesReason, ErrorCode>;

export interface FourEyesSubject {
  /** Whether the organisation has the principle on. */
  isOn: boolean;
  entityType: ApprovalFlowType;
  /** The invoice's uploader or the payment run's creator (null: e-mail import, automatic run). */
  creatorId: string | null;
  /** Who requested the current approval (invoices only: a run's requester is not named by the rule). */
  requesterId: string | null;
}

/** The people who may not give the final approval (none while the principle is off). */
export function fourEyesConflicts(subject: FourEyesSubject): FourEyesConflict[] {
  if (!subject.isOn) return [];
  if (subject.entityType === 'payment_run') {
    return subject.creatorId ? [{ userId: subject.creatorId, reason: 'created' }] : [];
  }
  const conflicts: FourEyesConflict[] = [];
  if (subject.creatorId) conflicts.push({ userId: subject.creatorId, reason: 'uploaded' });
  if (subject.requesterId) conflicts.push({ userId: subject.requesterId, reason: 'requested' });
  return conflicts;
}

/** Whether the approver's approval now would approve the request (decideApproval's outcome `approved`). */
export function isFinalApproval(state: ApprovalRequestState, approverId: string): boolean {
  const result = decideApproval(state, approverId, 'approved');
  return result.ok && result.outcome === 'approved';
}

/**
 * Why the approver may not approve now, or null: only the approval that would approve the request
 * is refused, and only to a conflicted person (the first reason when they are several).
 */
export function fourEyesRefusal(
  state: ApprovalRequestState,
  conflicts: readonly FourEyesConflict[],
  approverId: string,
): FourEyesReason | null {
  const conflict = conflicts.find((candidate) => candidate.userId === approverId);
  if (!conflict || !isFinalApproval(state, approverId)) return null;
  return conflict.reason;
}

/**
 * The one person a flow leaves the final approval to: the only approver of its last step. The
 * four-eyes principle keeps them from approving what they uploaded, requested or created, so the
 * flow editor says so. Null when the last step has several approvers (or the flow no steps).
 */
export function soleFinalApproverId(steps: readonly { approverIds: readonly string[] }[]): string | null {
  const last = steps.at(-1);
  return last && last.approverIds.length === 1 ? last.approverIds[0]! : null;
}
