import { describe, expect, it } from 'vitest';
import { approvalFlowBodySchema, type ApprovalFlow } from '@kontor/domain/approvals/approval-flow';
import { emptyCondition, mergeFlowEdit, moveItem, toFlowFormValues, toggleId } from './flow-form';

const CLARA = '11111111-1111-4111-8111-111111111111';
const ADA = '22222222-2222-4222-8222-222222222222';

const flow: ApprovalFlow = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Two steps',
  type: 'invoice',
  isDefault: true,
  position: 0,
  steps: [
    { approvers: [{ userId: CLARA, name: 'Clara Clerk', email: 'clara@example.com' }], requiredApprovals: 1 },
    { approvers: [{ userId: ADA, name: 'Ada Admin', email: 'ada@example.com' }], requiredApprovals: 1 },
  ],
  conditions: [{ kind: 'amount_above', amount: 100_000, currency: 'EUR' }],
  version: 3,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('toFlowFormValues', () => {
  it('turns a loaded flow into a body the server schema accepts unchanged', () => {
    const values = toFlowFormValues(flow);
    expect(values.steps).toEqual([
      { approverIds: [CLARA], requiredApprovals: 1 },
      { approverIds: [ADA], requiredApprovals: 1 },
    ]);
    expect(approvalFlowBodySchema.parse(values)).toEqual({
      name: 'Two steps',
      type: 'invoice',
      isDefault: true,
      steps: values.steps,
      conditions: [{ kind: 'amount_above', amount: 100_000, currency: 'EUR' }],
    });
  });

  it('starts a new flow with one empty step of the given type, which the schema refuses until filled', () => {
    const values = toFlowFormValues(null, 'payment_run');
    expect(values).toEqual({
      name: '',
      type: 'payment_run',
      isDefault: false,
      steps: [{ approverIds: [], requiredApprovals: 1 }],
      conditions: [],
    });
    const messages = approvalFlowBodySchema.safeParse(values).error?.issues.map((issue) => issue.message);
    expect(messages).toContain('approver_required');
  });

  it('does not share condition objects with the cached flow', () => {
    const values = toFlowFormValues(flow);
    expect(values.conditions[0]).not.toBe(flow.conditions[0]);
  });
});

describe('emptyCondition', () => {
  it('starts each kind empty; an amount is NaN so the schema asks for a number', () => {
    expect(emptyCondition('currency')).toEqual({ kind: 'currency', currencies: [] });
    expect(emptyCondition('cost_center')).toEqual({ kind: 'cost_center', costCenterIds: [] });
    const amount = emptyCondition('amount_below');
    expect(amount.kind).toBe('amount_below');
    expect(Number.isNaN((amount as { amount: number }).amount)).toBe(true);
  });
});

describe('moveItem and toggleId', () => {
  it('moves within bounds and ignores moves past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });

  it('adds once and removes', () => {
    expect(toggleId(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleId(['a', 'b'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleId(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});

describe('mergeFlowEdit', () => {
  it('keeps what I changed, takes what they changed, and names the fields both changed', () => {
    const base = toFlowFormValues(flow);
    const mine = { ...base, name: 'Mine', steps: [{ approverIds: [CLARA, ADA], requiredApprovals: 2 }] };
    const fresh = { ...base, name: 'Theirs', isDefault: false };
    const merge = mergeFlowEdit(base, mine, fresh);
    expect(merge.values.name).toBe('Mine');
    expect(merge.values.isDefault).toBe(false);
    expect(merge.values.steps).toEqual(mine.steps);
    expect(merge.mine).toEqual(['name', 'steps']);
    expect(merge.theirs).toEqual(['name', 'isDefault']);
    expect(merge.conflicts).toEqual(['name']);
  });
});
