import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRequestView } from '@kontor/domain/approvals/approval-views';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { buildInvoice } from '../../model/test-invoice';
import { buttonsOf, loadTestLanguage, renderInvoiceScreen, testSession } from '../../model/test-render';
import { ApprovalPanel } from './approval-panel';

const CARL = '00000000-0000-4000-8000-000000000002';
const ANNA = '00000000-0000-4000-8000-000000000001';

const pending = (approverId: string, approverName: string) => ({
  approverId,
  approverName,
  standsInForName: null,
  decision: 'pending' as const,
  decidedAt: null,
  reason: null,
});

/** Step 1 Carl, step 2 Anna; `currentStep` says which one waits. */
function twoSteps(currentStep: number): ApprovalRequestView {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    flowId: null,
    flowName: 'Two steps',
    status: 'pending',
    currentStep,
    requestedBy: ANNA,
    requestedByName: 'Anna Admin',
    requestedAt: '2026-11-20T09:00:00.000Z',
    fourEyesConflicts: [],
    steps: [
      { requiredApprovals: 1, items: [{ ...pending(CARL, 'Carl Clerk'), decision: currentStep > 0 ? 'approved' : 'pending' }] },
      { requiredApprovals: 1, items: [pending(ANNA, 'Anna Admin')] },
    ],
  };
}

/** Cost centre required from the first approval, ledger account from the last. */
const MISSING: Invoice['missingRequiredFields'] = {
  request_approval: [],
  first_approval: ['costCenter'],
  last_approval: ['costCenter', 'ledgerAccount'],
};

function render(invoice: Invoice, viewerId: string) {
  const html = renderInvoiceScreen(<ApprovalPanel invoice={invoice} hasUnsavedChanges={false} />, {
    session: testSession({ id: viewerId }),
  });
  const buttons = buttonsOf(html);
  return {
    html,
    isApproveDisabled: buttons.find((button) => button.text === 'Approve')?.isDisabled,
    isRejectDisabled: buttons.find((button) => button.text === 'Reject')?.isDisabled,
  };
}

describe('ApprovalPanel: required fields of the viewer’s approval (SPEC §5)', () => {
  beforeAll(() => loadTestLanguage('en', ['common', 'invoice-detail', 'organization', 'validation']));

  it('names what the first approval still needs and holds Approve back, while Reject stays possible', () => {
    const invoice = buildInvoice({ status: 'in_approval', approval: twoSteps(0), missingRequiredFields: MISSING });
    const { html, isApproveDisabled, isRejectDisabled } = render(invoice, CARL);
    expect(html).toContain('data-testid="approve-missing-fields"');
    expect(html).toContain('Required before you can approve: Cost centre 1 (KOST1).');
    expect(html).not.toContain('Ledger account');
    expect(isApproveDisabled).toBe(true);
    expect(isRejectDisabled).toBe(false);
  });

  it('holds the last approval to the last stage’s fields', () => {
    const invoice = buildInvoice({ status: 'in_approval', approval: twoSteps(1), missingRequiredFields: MISSING });
    const { html, isApproveDisabled } = render(invoice, ANNA);
    expect(html).toContain('Required before you can approve: Cost centre 1 (KOST1), Ledger account.');
    expect(isApproveDisabled).toBe(true);
  });

  it('offers Approve without an alert when nothing is missing for the viewer’s stage', () => {
    const onlyLast = { ...MISSING, first_approval: [] };
    const invoice = buildInvoice({ status: 'in_approval', approval: twoSteps(0), missingRequiredFields: onlyLast });
    const { html, isApproveDisabled } = render(invoice, CARL);
    expect(html).not.toContain('approve-missing-fields');
    expect(isApproveDisabled).toBe(false);
  });

  it('says nothing about approving to someone who is not waiting to approve', () => {
    const invoice = buildInvoice({ status: 'in_approval', approval: twoSteps(0), missingRequiredFields: MISSING });
    const { html, isApproveDisabled } = render(invoice, ANNA);
    expect(html).not.toContain('approve-missing-fields');
    expect(isApproveDisabled).toBeUndefined();
  });
});

describe('ApprovalPanel: the four-eyes principle (issue 59)', () => {
  beforeAll(() => loadTestLanguage('en', ['common', 'invoice-detail', 'organization', 'validation']));

  it('tells the requester before they click that another person gives the final approval, and keeps Reject', () => {
    const approval = { ...twoSteps(1), fourEyesConflicts: [{ userId: ANNA, reason: 'requested' as const }] };
    const invoice = buildInvoice({ status: 'in_approval', approval });
    const { html, isApproveDisabled, isRejectDisabled } = render(invoice, ANNA);
    expect(html).toContain('data-testid="four-eyes-note"');
    expect(html).toContain('Four-eyes principle: you requested this invoice&#x27;s approval');
    expect(isApproveDisabled).toBe(true);
    expect(isRejectDisabled).toBe(false);
  });

  it('says nothing to a conflicted approver of an earlier step', () => {
    const approval = { ...twoSteps(0), fourEyesConflicts: [{ userId: CARL, reason: 'uploaded' as const }] };
    const { html, isApproveDisabled } = render(buildInvoice({ status: 'in_approval', approval }), CARL);
    expect(html).not.toContain('four-eyes-note');
    expect(isApproveDisabled).toBe(false);
  });
});
