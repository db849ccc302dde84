import type { ApprovalRequestView } from '@kontor/domain/approvals/approval-views';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { hasPermission, type Permission, type Role } from '@kontor/domain/permissions';

export interface ApprovalViewer {
  userId: string;
  role: Role;
  permissions: readonly Permission[];
}

export interface ApprovalAbilities {
  canRequest: boolean;
  /** Approve and reject go together: the viewer waits as an approver of the open step. */
  canDecide: boolean;
  canReset: boolean;
  /**
   * The open approvals of the current step the viewer may hand on to another member: their own,
   * or with ap_invoices:manage anyone's. Empty: nothing to hand on.
   */
  handOn: { approverId: string; approverName: string }[];
}

const RESETTABLE_STATUSES: readonly Invoice['status'][] = ['in_approval', 'approved', 'rejected'];

/** Whether the viewer is an approver of the open step who has not decided yet. */
export function isWaitingApprover(approval: ApprovalRequestView | null, userId: string): boolean {
  if (!approval || approval.status !== 'pending') return false;
  const step = approval.steps[approval.currentStep];
  return Boolean(step?.items.some((item) => item.approverId === userId && item.decision === 'pending'));
}

/**
 * The approval actions to offer (the server decides in the end): request while new; approve or
 * reject when waiting for the viewer; reset in approval, approved or rejected, for the one who
 * requested it or whoever manages invoices (admin passes every check).
 */
export function approvalAbilities(invoice: Pick<Invoice, 'status' | 'approval'>, viewer: ApprovalViewer): ApprovalAbilities {
  const { approval } = invoice;
  const isRequester = approval !== null && approval.requestedBy === viewer.userId;
  const managesInvoices = hasPermission(viewer.role, viewer.permissions, 'ap_invoices:manage');
  const openItems =
    invoice.status === 'in_approval' && approval?.status === 'pending'
      ? (approval.steps[approval.currentStep]?.items ?? []).filter((item) => item.decision === 'pending')
      : [];
  return {
    canRequest: invoice.status === 'new',
    canDecide: invoice.status === 'in_approval' && isWaitingApprover(approval, viewer.userId),
    canReset: RESETTABLE_STATUSES.includes(invoice.status) && (isRequester || managesInvoices),
    handOn: openItems
      .filter((item) => managesInvoices || item.approverId === viewer.userId)
      .map(({ approverId, approverName }) => ({ approverId, approverName })),
  };
}

/** The fields whose change resets approvals under way or given (SPEC §4). */
export const APPROVAL_RESETTING_FIELDS = ['totalAmount', 'currency', 'counterpartyId'] as const;

/** Saving these changes would reset the invoice's pending or approved approvals: ask first. */
export function isApprovalResetOnSave(invoice: Pick<Invoice, 'status' | 'approval'>, changedFields: readonly string[]): boolean {
  const isUnderWay = invoice.approval?.status === 'pending' || invoice.approval?.status === 'approved';
  const isResettable = invoice.status === 'in_approval' || invoice.status === 'approved';
  return (
    isUnderWay && isResettable && changedFields.some((field) => (APPROVAL_RESETTING_FIELDS as readonly string[]).includes(field))
  );
}
