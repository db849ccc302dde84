import type { ApprovalRequestView } from '@kontor/domain/approvals/approval-views';

/**
 * What one approval did (SPEC §4), for the toast: the approve call answers with the invoice only,
 * so the outcome is read from the request before and after. Step numbers count from 1.
 */
export type ApprovalOutcome =
  /** The step needs more approvals than this one. */
  | { kind: 'recorded'; step: number; remaining: number }
  /** The step is complete and the next one waits. */
  | { kind: 'step_completed'; step: number; nextStep: number }
  /** The last step is complete: the invoice is approved. */
  | { kind: 'approved' };

export function approvalOutcome(before: ApprovalRequestView | null, after: ApprovalRequestView | null): ApprovalOutcome {
  if (!after || after.status === 'approved') return { kind: 'approved' };
  if (before && after.currentStep > before.currentStep) {
    return { kind: 'step_completed', step: before.currentStep + 1, nextStep: after.currentStep + 1 };
  }
  const step = after.steps[after.currentStep];
  const approved = step?.items.filter((item) => item.decision === 'approved').length ?? 0;
  return { kind: 'recorded', step: after.currentStep + 1, remaining: Math.max((step?.requiredApprovals ?? 0) - approved, 0) };
}

/** The invoice-detail text of an outcome: its key and values. */
export function approvalOutcomeMessage(outcome: ApprovalOutcome) {
  switch (outcome.kind) {
    case 'approved':
      return { key: 'approval.approved', values: {} } as const;
    case 'step_completed':
      return { key: 'approval.stepApproved', values: { step: outcome.step, next: outcome.nextStep } } as const;
    case 'recorded':
      return { key: 'approval.recorded', values: { step: outcome.step, count: outcome.remaining } } as const;
  }
}
