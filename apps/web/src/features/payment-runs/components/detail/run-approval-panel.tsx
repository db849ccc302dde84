import type { ApprovalRequestView } from '@kontor/domain/approvals/approval-views';
import { ApprovalSection } from '@/components/approval/approval-section';

/**
 * The run's approval request (the flow engine of the approval-flows issue): flow, requester and
 * each step with its approvers' decisions and reasons. The actions sit in the run's action bar.
 */
export function RunApprovalPanel({ approval }: { approval: ApprovalRequestView | null }) {
  return <ApprovalSection approval={approval} testId="run-approval-panel" stepsTestIdPrefix="run-approval" />;
}
