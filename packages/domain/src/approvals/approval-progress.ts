import type { z } from 'zod';
import type { approvalProgressSchema } from './approval-views';

export type ApprovalProgress = z.infer<typeof approvalProgressSchema>;

/** The tabs whose rows carry the step progress of their pending approval. */
export const APPROVAL_PROGRESS_TABS: readonly string[] = ['my-approvals', 'all-approvals'];

export interface ApprovalProgressParams {
  current: number;
  total: number;
  approved: number;
  required: number;
}

/** "Step 1 of 2 · 1/2 approved": the 0-based open step counted from 1 for people (the overview and its export). */
export function approvalProgressParams(progress: ApprovalProgress): ApprovalProgressParams {
  return {
    current: Math.min(progress.currentStep + 1, progress.stepCount),
    total: progress.stepCount,
    approved: Math.min(progress.approvedInStep, progress.requiredInStep),
    required: progress.requiredInStep,
  };
}
