import { describe, expect, it } from 'vitest';
import type { ApprovalFlow } from '@kontor/domain/approvals/approval-flow';
import { summarizeConditions, summarizeSteps, type SummaryTexts } from './approval-flow-summary';

const texts: SummaryTexts = {
  stepCount: (count) => `${count} ${count === 1 ? 'step' : 'steps'}`,
  step: ({ index, names, required, total }) => `Step ${index}: ${names} (${required} of ${total})`,
  noApprovers: 'no approvers',
  amountAbove: (amount) => `Amount above ${amount}`,
  amountBelow: (amount) => `Amount below ${amount}`,
  costCenters: (list) => `Cost centre: ${list}`,
  counterparties: (count) => `${count} counterparties`,
  currencies: (list) => `Currency: ${list}`,
  noConditions: 'No conditions',
  defaultOnly: 'Default',
};

const approver = (name: string, index: number) => ({
  userId: `00000000-0000-4000-8000-00000000000${index}`,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
});

describe('summarizeSteps', () => {
  it('lists each step with its approvers and the required count', () => {
    const steps: ApprovalFlow['steps'] = [
      { approvers: [approver('Clara Clerk', 1)], requiredApprovals: 1 },
      { approvers: [approver('Ada Admin', 2), approver('Ben Boss', 3)], requiredApprovals: 1 },
    ];
    expect(summarizeSteps(steps, texts)).toBe('2 steps · Step 1: Clara Clerk (1 of 1) · Step 2: Ada Admin, Ben Boss (1 of 2)');
  });

  it('says so when a step has no approvers left', () => {
    expect(summarizeSteps([{ approvers: [], requiredApprovals: 1 }], texts)).toBe('1 step · Step 1: no approvers (1 of 0)');
  });
});

describe('summarizeConditions', () => {
  const label = (id: string) => (id === 'cc-1' ? '4711 Marketing' : 'unknown');

  it('joins the conditions, amounts formatted in their currency', () => {
    const summary = summarizeConditions(
      {
        isDefault: false,
        conditions: [
          { kind: 'amount_above', amount: 100_000, currency: 'EUR' },
          { kind: 'amount_below', amount: 500_000, currency: 'USD' },
          { kind: 'cost_center', costCenterIds: ['cc-1'] },
          { kind: 'currency', currencies: ['EUR', 'USD'] },
          { kind: 'counterparty', counterpartyIds: ['a', 'b'] },
        ],
      },
      texts,
      label,
    );
    expect(summary.replace(/\u00a0/g, ' ')).toBe(
      'Amount above 1.000,00 € · Amount below 5.000,00 $ · Cost centre: 4711 Marketing · Currency: EUR, USD · 2 counterparties',
    );
  });

  it('explains flows without conditions and the default flow', () => {
    expect(summarizeConditions({ isDefault: false, conditions: [] }, texts, label)).toBe('No conditions');
    expect(
      summarizeConditions({ isDefault: true, conditions: [{ kind: 'amount_below', amount: 5, currency: 'EUR' }] }, texts, label),
    ).toBe('Default');
  });
});
