import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRequestView } from '@kontor/domain/approvals/approval-views';
import { i18n } from '@/lib/i18n';
import { approvalOutcome, approvalOutcomeMessage } from './approval-outcome';
import { loadTestLanguage } from './test-render';

type Decision = 'pending' | 'approved';

/** A request whose steps hold these decisions and need these counts, waiting at `currentStep`. */
function request(
  currentStep: number,
  steps: { required: number; decisions: Decision[] }[],
  status: ApprovalRequestView['status'] = 'pending',
): ApprovalRequestView {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    flowId: null,
    flowName: 'Flow',
    status,
    currentStep,
    requestedBy: null,
    requestedByName: null,
    requestedAt: '2026-11-20T09:00:00.000Z',
    fourEyesConflicts: [],
    steps: steps.map(({ required, decisions }) => ({
      requiredApprovals: required,
      items: decisions.map((decision, index) => ({
        approverId: `00000000-0000-4000-8000-00000000000${index}`,
        approverName: `Approver ${index}`,
        standsInForName: null,
        decision,
        decidedAt: null,
        reason: null,
      })),
    })),
  };
}

/** The toast's text for an approval that turned `before` into `after`. */
const toastOf = (before: ApprovalRequestView, after: ApprovalRequestView) => {
  const { key, values } = approvalOutcomeMessage(approvalOutcome(before, after));
  return i18n.t(`invoice-detail:${key}`, values);
};

describe('approvalOutcome: what one approval did, for its toast', () => {
  beforeAll(() => loadTestLanguage('en', ['invoice-detail']));

  it('one approval of a 2-of-3 step is only recorded: the step still needs another', () => {
    const before = request(0, [{ required: 2, decisions: ['pending', 'pending', 'pending'] }]);
    const after = request(0, [{ required: 2, decisions: ['approved', 'pending', 'pending'] }]);
    expect(approvalOutcome(before, after)).toEqual({ kind: 'recorded', step: 1, remaining: 1 });
    expect(toastOf(before, after)).toBe('Approval recorded. Step 1 still needs 1 more approval.');
    const three = request(0, [{ required: 3, decisions: ['approved', 'pending', 'pending'] }]);
    expect(toastOf(before, three)).toBe('Approval recorded. Step 1 still needs 2 more approvals.');
  });

  it('completing step 1 of 2 hands the invoice to step 2: it is not approved yet', () => {
    const before = request(0, [
      { required: 1, decisions: ['pending'] },
      { required: 1, decisions: ['pending'] },
    ]);
    const after = request(1, [
      { required: 1, decisions: ['approved'] },
      { required: 1, decisions: ['pending'] },
    ]);
    expect(approvalOutcome(before, after)).toEqual({ kind: 'step_completed', step: 1, nextStep: 2 });
    expect(toastOf(before, after)).toBe('Step 1 approved. The invoice now waits for step 2.');
    expect(toastOf(before, after)).not.toContain('Invoice approved');
  });

  it('completing the last step approves the invoice', () => {
    const before = request(1, [
      { required: 1, decisions: ['approved'] },
      { required: 1, decisions: ['pending'] },
    ]);
    const after = request(
      1,
      [
        { required: 1, decisions: ['approved'] },
        { required: 1, decisions: ['approved'] },
      ],
      'approved',
    );
    expect(approvalOutcome(before, after)).toEqual({ kind: 'approved' });
    expect(toastOf(before, after)).toBe('Invoice approved.');
  });

  it('says so in German too', async () => {
    await loadTestLanguage('de', ['invoice-detail']);
    const before = request(0, [
      { required: 1, decisions: ['pending'] },
      { required: 2, decisions: ['pending', 'pending'] },
    ]);
    const after = request(1, [
      { required: 1, decisions: ['approved'] },
      { required: 2, decisions: ['pending', 'pending'] },
    ]);
    expect(toastOf(before, after)).toBe('Schritt 1 freigegeben. Die Rechnung wartet jetzt auf Schritt 2.');
    const recorded = request(1, [
      { required: 1, decisions: ['approved'] },
      { required: 2, decisions: ['approved', 'pending'] },
    ]);
    expect(toastOf(after, recorded)).toBe('Freigabe erfasst. Schritt 2 braucht noch 1 weitere Freigabe.');
    await loadTestLanguage('en', ['invoice-detail']);
  });
});
