import { describe, expect, it } from 'vitest';
import type { ApprovalRequestView } from '@kontor/domain/approvals/approval-views';
import { runAbilities, runFourEyesBlock } from './run-abilities';

const base = {
  allowedEvents: [],
  canDecide: false,
  blockedCount: 0,
  transactionCount: 2,
  export: null,
  status: 'draft',
} as const;

describe('runAbilities', () => {
  it('offers request approval, delete and removing payments for a draft', () => {
    const abilities = runAbilities({ ...base, allowedEvents: ['request_approval', 'delete', 'change_transactions'] });
    expect(abilities).toMatchObject({
      canRequestApproval: true,
      canDelete: true,
      canChangeTransactions: true,
      canApprove: false,
      showExport: false,
    });
  });

  it('does not offer approval for an empty run', () => {
    expect(runAbilities({ ...base, transactionCount: 0, allowedEvents: ['request_approval'] }).canRequestApproval).toBe(false);
  });

  it('offers approve and reject only to a member who decides the open step', () => {
    const inApproval = { ...base, status: 'in_approval', allowedEvents: ['approve', 'reject', 'reset', 'delete'] } as const;
    expect(runAbilities(inApproval)).toMatchObject({ canApprove: false, canReject: false, canReset: true });
    expect(runAbilities({ ...inApproval, canDecide: true })).toMatchObject({ canApprove: true, canReject: true });
  });

  it('blocks the export of an approved run while the fraud checks stop payments', () => {
    const approved = { ...base, status: 'approved', allowedEvents: ['export', 'reset'] } as const;
    expect(runAbilities(approved)).toMatchObject({ showExport: true, exportBlock: null });
    expect(runAbilities({ ...approved, blockedCount: 1 })).toMatchObject({
      showExport: true,
      exportBlock: 'blocked_transactions',
    });
  });

  it('offers the download once exported', () => {
    const exported = {
      ...base,
      status: 'exported',
      export: { format: 'pain.001.001.09', messageId: 'M', fileName: 'f.xml', sha256: 'x', exportedByName: null },
    } as const;
    expect(runAbilities(exported)).toMatchObject({ canDownload: true, showExport: false, canDelete: false });
  });
});

describe('runFourEyesBlock', () => {
  const CREATOR = '11111111-1111-4111-8111-111111111111';
  const COLLEAGUE = '22222222-2222-4222-8222-222222222222';
  const pending = (approverId: string) => ({
    approverId,
    approverName: approverId,
    standsInForName: null,
    decision: 'pending' as const,
    decidedAt: null,
    reason: null,
  });
  const approval: ApprovalRequestView = {
    id: '33333333-3333-4333-8333-333333333333',
    flowId: null,
    flowName: 'Zahlungslauf',
    status: 'pending',
    currentStep: 0,
    requestedBy: CREATOR,
    requestedByName: 'Creator',
    requestedAt: '2026-03-01T09:00:00Z',
    steps: [{ requiredApprovals: 1, items: [pending(CREATOR), pending(COLLEAGUE)] }],
    fourEyesConflicts: [{ userId: CREATOR, reason: 'created' }],
  };

  it('names why the creator may not give the final approval; a colleague may', () => {
    expect(runFourEyesBlock({ canDecide: true, approval }, CREATOR)).toBe('created');
    expect(runFourEyesBlock({ canDecide: true, approval }, COLLEAGUE)).toBeNull();
    expect(runFourEyesBlock({ canDecide: false, approval }, CREATOR)).toBeNull();
    expect(runFourEyesBlock({ canDecide: true, approval: { ...approval, fourEyesConflicts: [] } }, CREATOR)).toBeNull();
  });
});
