import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../errors';
import { decideApproval, startApproval, type ApprovalRequestState } from './approval-engine';
import {
  FOUR_EYES_ERROR_CODES,
  FOUR_EYES_REASONS,
  fourEyesConflicts,
  fourEyesRefusal,
  isFinalApproval,
  soleFinalApproverId,
} from './four-eyes';

const UPLOADER = 'uploader';
const REQUESTER = 'requester';
const COLLEAGUE = 'colleague';
const OTHER = 'other';

const invoiceConflicts = fourEyesConflicts({ isOn: true, entityType: 'invoice', creatorId: UPLOADER, requesterId: REQUESTER });

/** Decides in turn; each decision must be accepted. */
function after(state: ApprovalRequestState, ...approvers: string[]): ApprovalRequestState {
  return approvers.reduce((current, approverId) => {
    const result = decideApproval(current, approverId, 'approved');
    if (!result.ok) throw new Error(`${approverId} could not approve: ${result.refusal}`);
    return result.state;
  }, state);
}

describe('fourEyesConflicts', () => {
  it('names the uploader and the requester of an invoice, and the creator of a payment run', () => {
    expect(invoiceConflicts).toEqual([
      { userId: UPLOADER, reason: 'uploaded' },
      { userId: REQUESTER, reason: 'requested' },
    ]);
    expect(fourEyesConflicts({ isOn: true, entityType: 'payment_run', creatorId: UPLOADER, requesterId: REQUESTER })).toEqual([
      { userId: UPLOADER, reason: 'created' },
    ]);
  });

  it('names nobody while the principle is off, nor whom nothing names (e-mail import, automatic run)', () => {
    expect(fourEyesConflicts({ isOn: false, entityType: 'invoice', creatorId: UPLOADER, requesterId: REQUESTER })).toEqual([]);
    expect(fourEyesConflicts({ isOn: true, entityType: 'invoice', creatorId: null, requesterId: null })).toEqual([]);
    expect(fourEyesConflicts({ isOn: true, entityType: 'payment_run', creatorId: null, requesterId: REQUESTER })).toEqual([]);
  });
});

describe('fourEyesRefusal', () => {
  it('refuses the uploader and the requester the approval that approves the request; a colleague gives it', () => {
    const state = startApproval([{ approverIds: [UPLOADER, REQUESTER, COLLEAGUE], requiredApprovals: 1 }]);
    expect(fourEyesRefusal(state, invoiceConflicts, UPLOADER)).toBe('uploaded');
    expect(fourEyesRefusal(state, invoiceConflicts, REQUESTER)).toBe('requested');
    expect(fourEyesRefusal(state, invoiceConflicts, COLLEAGUE)).toBeNull();
  });

  it('allows them an earlier step and one approval of several in the last step, not the completing one', () => {
    const state = startApproval([
      { approverIds: [UPLOADER], requiredApprovals: 1 },
      { approverIds: [UPLOADER, COLLEAGUE], requiredApprovals: 2 },
    ]);
    expect(fourEyesRefusal(state, invoiceConflicts, UPLOADER)).toBeNull();
    const lastStep = after(state, UPLOADER);
    // The first of two approvals in the last step is not the final one.
    expect(fourEyesRefusal(lastStep, invoiceConflicts, UPLOADER)).toBeNull();
    expect(fourEyesRefusal(after(lastStep, COLLEAGUE), invoiceConflicts, UPLOADER)).toBe('uploaded');
    expect(fourEyesRefusal(after(lastStep, UPLOADER), invoiceConflicts, COLLEAGUE)).toBeNull();
  });

  it('names the first reason of someone who both uploaded and requested', () => {
    const both = fourEyesConflicts({ isOn: true, entityType: 'invoice', creatorId: UPLOADER, requesterId: UPLOADER });
    const state = startApproval([{ approverIds: [UPLOADER], requiredApprovals: 1 }]);
    expect(fourEyesRefusal(state, both, UPLOADER)).toBe('uploaded');
  });

  it('refuses nothing while off, and leaves the engine’s own refusals to the engine', () => {
    const state = startApproval([{ approverIds: [UPLOADER], requiredApprovals: 1 }]);
    expect(fourEyesRefusal(state, [], UPLOADER)).toBeNull();
    // Not an approver of the open step: not_current_approver, not a four-eyes refusal.
    expect(fourEyesRefusal(state, invoiceConflicts, REQUESTER)).toBeNull();
    const approved = after(startApproval([{ approverIds: [COLLEAGUE], requiredApprovals: 1 }]), COLLEAGUE);
    expect(fourEyesRefusal(approved, invoiceConflicts, UPLOADER)).toBeNull();
  });
});

describe('isFinalApproval', () => {
  it('is the approval whose engine outcome is approved', () => {
    const state = startApproval([
      { approverIds: [OTHER], requiredApprovals: 1 },
      { approverIds: [COLLEAGUE, UPLOADER], requiredApprovals: 1 },
    ]);
    expect(isFinalApproval(state, OTHER)).toBe(false);
    const last = after(state, OTHER);
    expect(isFinalApproval(last, COLLEAGUE)).toBe(true);
    expect(isFinalApproval(last, UPLOADER)).toBe(true);
    expect(isFinalApproval(last, OTHER)).toBe(false);
  });
});

describe('soleFinalApproverId', () => {
  it('is the only approver of the last step, else null', () => {
    expect(soleFinalApproverId([{ approverIds: [OTHER, COLLEAGUE] }, { approverIds: [UPLOADER] }])).toBe(UPLOADER);
    expect(soleFinalApproverId([{ approverIds: [UPLOADER] }, { approverIds: [OTHER, COLLEAGUE] }])).toBeNull();
    expect(soleFinalApproverId([{ approverIds: [] }])).toBeNull();
    expect(soleFinalApproverId([])).toBeNull();
  });
});

describe('FOUR_EYES_ERROR_CODES', () => {
  it('gives each reason an error code the API answers with 403', () => {
    for (const reason of FOUR_EYES_REASONS) expect(ERROR_STATUS[FOUR_EYES_ERROR_CODES[reason]]).toBe(403);
  });
});
