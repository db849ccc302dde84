import { describe, expect, it } from 'vitest';
import type { ApprovalRequestView } from '@kontor/domain/approvals/approval-views';
import { approvalAbilities, isApprovalResetOnSave, isWaitingApprover, type ApprovalViewer } from './approval-abilities';
import { buildInvoice } from './test-invoice';

const CLARA = '11111111-1111-4111-8111-111111111111';
const ADA = '22222222-2222-4222-8222-222222222222';
const BEN = '33333333-3333-4333-8333-333333333333';

const item = (approverId: string, decision: 'pending' | 'approved' | 'rejected' = 'pending') => ({
  approverId,
  approverName: approverId,
  standsInForName: null,
  decision,
  decidedAt: decision === 'pending' ? null : '2026-03-01T10:00:00Z',
  reason: decision === 'rejected' ? 'Wrong amount' : null,
});

function request(overrides: Partial<ApprovalRequestView> = {}): ApprovalRequestView {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    flowId: null,
    flowName: 'Two steps',
    status: 'pending',
    currentStep: 0,
    requestedBy: BEN,
    requestedByName: 'Ben',
    requestedAt: '2026-03-01T09:00:00Z',
    fourEyesConflicts: [],
    steps: [
      { requiredApprovals: 1, items: [item(CLARA)] },
      { requiredApprovals: 1, items: [item(ADA)] },
    ],
    ...overrides,
  };
}

const viewer = (userId: string, overrides: Partial<ApprovalViewer> = {}): ApprovalViewer => ({
  userId,
  role: 'user',
  permissions: [],
  ...overrides,
});

describe('approvalAbilities', () => {
  it('lets an approver hand on their own open approval, and an invoice manager anyone’s of the open step', () => {
    const both = request({
      steps: [
        { requiredApprovals: 2, items: [item(CLARA), item(BEN, 'approved'), item(ADA)] },
        { requiredApprovals: 1, items: [item(BEN)] },
      ],
    });
    const invoice = buildInvoice({ status: 'in_approval', approval: both });
    expect(approvalAbilities(invoice, viewer(CLARA)).handOn).toEqual([{ approverId: CLARA, approverName: CLARA }]);
    // Ben decided in this step; his item of the next step is not open yet.
    expect(approvalAbilities(invoice, viewer(BEN)).handOn).toEqual([]);
    expect(
      approvalAbilities(invoice, viewer(BEN, { permissions: ['ap_invoices:manage'] })).handOn.map((entry) => entry.approverId),
    ).toEqual([CLARA, ADA]);
    const approved = buildInvoice({ status: 'approved', approval: request({ status: 'approved' }) });
    expect(approvalAbilities(approved, viewer(CLARA, { role: 'admin' })).handOn).toEqual([]);
  });

  it('offers only the request on a new invoice', () => {
    expect(approvalAbilities(buildInvoice({ status: 'new' }), viewer(CLARA))).toEqual({
      canRequest: true,
      canDecide: false,
      missingToApprove: [],
      fourEyesBlock: null,
      canReset: false,
      handOn: [],
    });
  });

  it('lets the approver of the open step decide, and nobody of a later step yet', () => {
    const invoice = buildInvoice({ status: 'in_approval', approval: request() });
    expect(approvalAbilities(invoice, viewer(CLARA)).canDecide).toBe(true);
    expect(approvalAbilities(invoice, viewer(ADA)).canDecide).toBe(false);
    // An admin is no approver by role alone: the server refuses approval_not_your_turn.
    expect(approvalAbilities(invoice, viewer(ADA, { role: 'admin' })).canDecide).toBe(false);
  });

  it('holds the viewer’s approval to the required fields of its stage: the last step’s completing one is the last', () => {
    const missingRequiredFields = {
      request_approval: [],
      first_approval: ['costCenter'],
      last_approval: ['costCenter', 'notes'],
    };
    const first = buildInvoice({ status: 'in_approval', approval: request(), missingRequiredFields });
    expect(approvalAbilities(first, viewer(CLARA)).missingToApprove).toEqual(['costCenter']);
    // Only for who waits to approve: nobody else is held back by them.
    expect(approvalAbilities(first, viewer(ADA)).missingToApprove).toEqual([]);
    const last = buildInvoice({
      status: 'in_approval',
      approval: request({
        currentStep: 1,
        steps: [
          { requiredApprovals: 1, items: [item(CLARA, 'approved')] },
          { requiredApprovals: 1, items: [item(ADA)] },
        ],
      }),
      missingRequiredFields,
    });
    expect(approvalAbilities(last, viewer(ADA)).missingToApprove).toEqual(['costCenter', 'notes']);
  });

  it('moves on with the open step and never asks twice', () => {
    const second = request({
      currentStep: 1,
      steps: [
        { requiredApprovals: 1, items: [item(CLARA, 'approved')] },
        { requiredApprovals: 1, items: [item(ADA)] },
      ],
    });
    const invoice = buildInvoice({ status: 'in_approval', approval: second });
    expect(approvalAbilities(invoice, viewer(CLARA)).canDecide).toBe(false);
    expect(approvalAbilities(invoice, viewer(ADA)).canDecide).toBe(true);
  });

  it('lets the requester, an invoice manager or an admin reset, in approval, approved or rejected only', () => {
    const pending = buildInvoice({ status: 'in_approval', approval: request() });
    expect(approvalAbilities(pending, viewer(BEN)).canReset).toBe(true);
    expect(approvalAbilities(pending, viewer(CLARA)).canReset).toBe(false);
    expect(approvalAbilities(pending, viewer(CLARA, { permissions: ['ap_invoices:manage'] })).canReset).toBe(true);
    expect(approvalAbilities(pending, viewer(CLARA, { role: 'admin' })).canReset).toBe(true);
    const rejected = buildInvoice({ status: 'rejected', approval: request({ status: 'rejected' }) });
    expect(approvalAbilities(rejected, viewer(BEN))).toEqual({
      canRequest: false,
      canDecide: false,
      missingToApprove: [],
      fourEyesBlock: null,
      canReset: true,
      handOn: [],
    });
    const exported = buildInvoice({ status: 'exported', approval: request({ status: 'approved' }) });
    expect(approvalAbilities(exported, viewer(BEN, { role: 'admin' })).canReset).toBe(false);
  });

  it('offers no reset once the payment is approved or exported, also when archived since (SPEC §4, as the server)', () => {
    const approved = request({ status: 'approved' });
    const withPayment = (status: 'open' | 'approved' | 'exported' | 'archived', isExported = false) =>
      buildInvoice({
        status: 'approved',
        approval: approved,
        payment: {
          id: '55555555-5555-4555-8555-555555555555',
          status,
          isExported,
          amount: 1_000,
          currency: 'EUR',
          requestedExecutionDate: '2026-03-10',
          paymentRun: null,
        },
      });
    const admin = viewer(BEN, { role: 'admin' });
    expect(approvalAbilities(withPayment('open'), admin).canReset).toBe(true);
    expect(approvalAbilities(withPayment('approved'), admin).canReset).toBe(false);
    expect(approvalAbilities(withPayment('exported', true), admin).canReset).toBe(false);
    expect(approvalAbilities(withPayment('archived', true), admin).canReset).toBe(false);
    expect(approvalAbilities(withPayment('archived'), admin).canReset).toBe(true);
  });

  it('holds back the final approval of whom the four-eyes principle names, not an earlier step’s', () => {
    const conflicts = [
      { userId: CLARA, reason: 'uploaded' as const },
      { userId: BEN, reason: 'requested' as const },
    ];
    const first = buildInvoice({ status: 'in_approval', approval: request({ fourEyesConflicts: conflicts }) });
    expect(approvalAbilities(first, viewer(CLARA))).toMatchObject({ canDecide: true, fourEyesBlock: null });
    const last = buildInvoice({
      status: 'in_approval',
      approval: request({
        currentStep: 1,
        steps: [
          { requiredApprovals: 1, items: [item(ADA, 'approved')] },
          { requiredApprovals: 1, items: [item(CLARA), item(BEN)] },
        ],
        fourEyesConflicts: conflicts,
      }),
    });
    expect(approvalAbilities(last, viewer(CLARA))).toMatchObject({ canDecide: true, fourEyesBlock: 'uploaded' });
    expect(approvalAbilities(last, viewer(BEN)).fourEyesBlock).toBe('requested');
    // Off: the server sends no conflicts.
    const off = buildInvoice({ status: 'in_approval', approval: { ...last.approval!, fourEyesConflicts: [] } });
    expect(approvalAbilities(off, viewer(CLARA)).fourEyesBlock).toBeNull();
  });
});

describe('isWaitingApprover', () => {
  it('is false once the request is no longer pending', () => {
    expect(isWaitingApprover(request({ status: 'rejected' }), CLARA)).toBe(false);
    expect(isWaitingApprover(null, CLARA)).toBe(false);
  });
});

describe('isApprovalResetOnSave', () => {
  it('asks when total, currency or counterparty (record, name or IBAN) change while approvals are under way or given', () => {
    const pending = buildInvoice({ status: 'in_approval', approval: request() });
    expect(isApprovalResetOnSave(pending, ['totalAmount'])).toBe(true);
    expect(isApprovalResetOnSave(pending, ['counterparty', 'notes'])).toBe(true);
    expect(isApprovalResetOnSave(pending, ['notes', 'dueDate'])).toBe(false);
    // Without a counterparty record, its name and IBAN are the counterparty (as on the server).
    expect(isApprovalResetOnSave(pending, ['counterpartyName'])).toBe(true);
    expect(isApprovalResetOnSave(pending, ['counterpartyIban'])).toBe(true);
    expect(isApprovalResetOnSave(pending, ['counterpartyBic', 'counterpartyVat'])).toBe(false);
    const approved = buildInvoice({ status: 'approved', approval: request({ status: 'approved' }) });
    expect(isApprovalResetOnSave(approved, ['currency'])).toBe(true);
  });

  it('does not ask when there is nothing to reset', () => {
    expect(isApprovalResetOnSave(buildInvoice({ status: 'new', approval: null }), ['totalAmount'])).toBe(false);
    const wasReset = buildInvoice({ status: 'new', approval: request({ status: 'reset' }) });
    expect(isApprovalResetOnSave(wasReset, ['totalAmount'])).toBe(false);
    const rejected = buildInvoice({ status: 'rejected', approval: request({ status: 'rejected' }) });
    expect(isApprovalResetOnSave(rejected, ['totalAmount'])).toBe(false);
  });
});
