import {
  invoiceResetRefusal,
  linkedPaymentResetStatus,
  requirementStageOfApproval,
} from '@kontor/domain/approvals/approval-engine';
import type { ApprovalRequestView } from '@kontor/domain/approvals/approval-views';
import { fourEyesRefusal, type FourEyesReason } from '@kontor/domain/approvals/four-eyes';
import { APPROVAL_RESETTING_FIELDS } from '@kontor/domain/invoices/approval-reset';
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
  /**
   * The required fields (SPEC §5) still missing for the viewer's approval: the server refuses it
   * until they are filled, so Approve waits for them. Rejecting needs none of them.
   */
  missingToApprove: string[];
  /**
   * The four-eyes principle (issue 59): the viewer uploaded the invoice or requested its approval
   * and their approval would be the final one, so the server refuses it; Approve says why instead.
   */
  fourEyesBlock: FourEyesReason | null;
  /** SPEC §4: never once exported, nor while the payment is approved or exported (the server's rule). */
  canReset: boolean;
  /**
   * The open approvals of the current step the viewer may hand on to another member: their own,
   * or with ap_invoices:manage anyone's. Empty: nothing to hand on.
   */
  handOn: { approverId: string; approverName: string }[];
}

/** Whether the viewer is an approver of the open step who has not decided yet. */
export function isWaitingApprover(approval: ApprovalRequestView | null, userId: string): boolean {
  if (!approval || approval.status !== 'pending') return false;
  const step = approval.steps[approval.currentStep];
  return Boolean(step?.items.some((item) => item.approverId === userId && item.decision === 'pending'));
}

/**
 * The approval actions to offer (the server decides in the end): request while new; approve or
 * reject when waiting for the viewer; reset in approval, approved or rejected while the payment
 * is neither approved nor exported (the server's invoiceResetRefusal), for the one who requested
 * it or whoever manages invoices (admin passes every check).
 */
export function approvalAbilities(
  invoice: Pick<Invoice, 'status' | 'approval' | 'missingRequiredFields' | 'payment'>,
  viewer: ApprovalViewer,
): ApprovalAbilities {
  const { approval } = invoice;
  const canDecide = invoice.status === 'in_approval' && isWaitingApprover(approval, viewer.userId);
  const isRequester = approval !== null && approval.requestedBy === viewer.userId;
  const managesInvoices = hasPermission(viewer.role, viewer.permissions, 'ap_invoices:manage');
  const openItems =
    invoice.status === 'in_approval' && approval?.status === 'pending'
      ? (approval.steps[approval.currentStep]?.items ?? []).filter((item) => item.decision === 'pending')
      : [];
  return {
    canRequest: invoice.status === 'new',
    canDecide,
    // The server's own rule picks the stage: the approval completing the last step is the last one.
    missingToApprove: canDecide && approval ? invoice.missingRequiredFields[requirementStageOfApproval(approval)] : [],
    fourEyesBlock: canDecide && approval ? fourEyesRefusal(approval, approval.fourEyesConflicts, viewer.userId) : null,
    canReset:
      invoiceResetRefusal(invoice.status, linkedPaymentResetStatus(invoice.payment)) === null && (isRequester || managesInvoices),
    handOn: openItems
      .filter((item) => managesInvoices || item.approverId === viewer.userId)
      .map(({ approverId, approverName }) => ({ approverId, approverName })),
  };
}

/**
 * Saving these changes would reset the invoice's pending or approved approvals: ask first. The
 * server resets by the same list (a new counterparty name or IBAN counts as a new counterparty).
 */
export function isApprovalResetOnSave(invoice: Pick<Invoice, 'status' | 'approval'>, changedFields: readonly string[]): boolean {
  const isUnderWay = invoice.approval?.status === 'pending' || invoice.approval?.status === 'approved';
  const isResettable = invoice.status === 'in_approval' || invoice.status === 'approved';
  return (
    isUnderWay && isResettable && changedFields.some((field) => (APPROVAL_RESETTING_FIELDS as readonly string[]).includes(field))
  );
}
