import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { INVOICE_CURRENCIES } from '../invoices/invoice-fields';
import {
  APPROVAL_CONDITION_KINDS,
  APPROVAL_FLOW_TYPES,
  approvalConditionSchema,
  approvalFlowBodySchema,
  approvalFlowOrderBodySchema,
  approvalStepInputSchema,
  MAX_APPROVAL_STEPS,
  MAX_APPROVERS_PER_STEP,
  updateApprovalFlowBodySchema,
  type ApprovalFlowBody,
} from './approval-flow';

/** A valid v4 UUID, distinct for each n. */
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const ids = (count: number, from = 1) => Array.from({ length: count }, (_, index) => uuid(from + index));

type Issue = z.core.$ZodIssue;

function issuesOf(result: { success: boolean; error?: { issues: Issue[] } }): Issue[] {
  expect(result.success).toBe(false);
  return result.error!.issues;
}

/** The issues reduced to what the UI uses: path and message. */
const summary = (issues: Issue[]) => issues.map((issue) => ({ path: issue.path, message: issue.message }));

const validBody = (overrides: Partial<Record<keyof ApprovalFlowBody, unknown>> = {}) => ({
  name: 'Standard',
  type: 'invoice',
  isDefault: false,
  steps: [{ approverIds: [uuid(1)], requiredApprovals: 1 }],
  conditions: [],
  ...overrides,
});

describe('constants', () => {
  it('lists the flow types and condition kinds', () => {
    expect([...APPROVAL_FLOW_TYPES]).toEqual(['invoice', 'payment_run']);
    expect([...APPROVAL_CONDITION_KINDS].sort()).toEqual(
      ['amount_above', 'amount_below', 'cost_center', 'counterparty', 'currency'].sort(),
    );
    expect(MAX_APPROVAL_STEPS).toBe(10);
    expect(MAX_APPROVERS_PER_STEP).toBe(50);
  });

  it('APPROVAL_CONDITION_KINDS are exactly the kinds the condition schema knows', () => {
    const schemaKinds = approvalConditionSchema.options.map((option) => option.shape.kind.value);
    expect([...schemaKinds].sort()).toEqual([...APPROVAL_CONDITION_KINDS].sort());
  });
});

describe('approvalStepInputSchema', () => {
  it('accepts a step with one approver and a count of 1', () => {
    expect(approvalStepInputSchema.parse({ approverIds: [uuid(1)], requiredApprovals: 1 })).toEqual({
      approverIds: [uuid(1)],
      requiredApprovals: 1,
    });
  });

  it('accepts a count equal to the number of approvers and the maximum number of approvers', () => {
    expect(approvalStepInputSchema.safeParse({ approverIds: ids(3), requiredApprovals: 3 }).success).toBe(true);
    expect(
      approvalStepInputSchema.safeParse({ approverIds: ids(MAX_APPROVERS_PER_STEP), requiredApprovals: MAX_APPROVERS_PER_STEP })
        .success,
    ).toBe(true);
  });

  it("'approver_required' for no approvers, and nothing about the count", () => {
    const issues = issuesOf(approvalStepInputSchema.safeParse({ approverIds: [], requiredApprovals: 1 }));
    expect(summary(issues)).toEqual([{ path: ['approverIds'], message: 'approver_required' }]);
    // The count check does not pile a second error on an empty list.
    const many = issuesOf(approvalStepInputSchema.safeParse({ approverIds: [], requiredApprovals: 5 }));
    expect(summary(many)).toEqual([{ path: ['approverIds'], message: 'approver_required' }]);
  });

  it("'approver_duplicate' when an approver is listed twice", () => {
    const issues = issuesOf(
      approvalStepInputSchema.safeParse({ approverIds: [uuid(1), uuid(2), uuid(1)], requiredApprovals: 1 }),
    );
    expect(summary(issues)).toEqual([{ path: ['approverIds'], message: 'approver_duplicate' }]);
  });

  it('compares approver ids exactly for duplicates', () => {
    const upper = uuid(10).toUpperCase();
    expect(approvalStepInputSchema.safeParse({ approverIds: [uuid(10), upper], requiredApprovals: 1 }).success).toBe(true);
  });

  it.each([0, -1])("'required_approvals_min' for a count of %i", (requiredApprovals) => {
    const issues = issuesOf(approvalStepInputSchema.safeParse({ approverIds: [uuid(1)], requiredApprovals }));
    expect(summary(issues)).toEqual([{ path: ['requiredApprovals'], message: 'required_approvals_min' }]);
  });

  it('both messages when there are no approvers and the count is 0', () => {
    const issues = issuesOf(approvalStepInputSchema.safeParse({ approverIds: [], requiredApprovals: 0 }));
    expect(summary(issues)).toEqual([
      { path: ['approverIds'], message: 'approver_required' },
      { path: ['requiredApprovals'], message: 'required_approvals_min' },
    ]);
  });

  it.each([
    [1, 2],
    [2, 3],
    [3, 10],
  ])("'required_approvals_exceed_approvers' with %i approvers and a count of %i, params.count = approvers", (count, required) => {
    const issues = issuesOf(approvalStepInputSchema.safeParse({ approverIds: ids(count), requiredApprovals: required }));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      code: 'custom',
      path: ['requiredApprovals'],
      message: 'required_approvals_exceed_approvers',
      params: { count },
    });
  });

  it('duplicates and an excessive count are both reported', () => {
    const issues = issuesOf(approvalStepInputSchema.safeParse({ approverIds: [uuid(1), uuid(1)], requiredApprovals: 3 }));
    expect(summary(issues)).toEqual([
      { path: ['approverIds'], message: 'approver_duplicate' },
      { path: ['requiredApprovals'], message: 'required_approvals_exceed_approvers' },
    ]);
  });

  it('refuses more approvers than the maximum', () => {
    const issues = issuesOf(
      approvalStepInputSchema.safeParse({ approverIds: ids(MAX_APPROVERS_PER_STEP + 1), requiredApprovals: 1 }),
    );
    expect(issues.map((issue) => [issue.code, issue.path])).toEqual([['too_big', ['approverIds']]]);
  });

  it('refuses approver ids that are not UUIDs, with the index in the path', () => {
    const issues = issuesOf(approvalStepInputSchema.safeParse({ approverIds: [uuid(1), 'user-2'], requiredApprovals: 1 }));
    expect(issues.map((issue) => [issue.code, issue.path])).toEqual([['invalid_format', ['approverIds', 1]]]);
  });

  it.each([1.5, '1', null, Number.NaN, Number.POSITIVE_INFINITY])('refuses a count of %s', (requiredApprovals) => {
    const issues = issuesOf(approvalStepInputSchema.safeParse({ approverIds: ids(2), requiredApprovals }));
    expect(issues.some((issue) => issue.path[0] === 'requiredApprovals')).toBe(true);
  });

  it.each([undefined, null, 'abc', {}])('reports (does not throw on) approverIds of %j', (approverIds) => {
    const result = approvalStepInputSchema.safeParse({ approverIds, requiredApprovals: 5 });
    expect(summary(issuesOf(result))).toEqual([{ path: ['approverIds'], message: expect.any(String) }]);
    expect(result.error!.issues[0]!.code).toBe('invalid_type');
  });
});

describe('approvalFlowBodySchema', () => {
  it('accepts a valid body and trims the name', () => {
    const parsed = approvalFlowBodySchema.parse(validBody({ name: '  Standard  ' }));
    expect(parsed).toEqual({
      name: 'Standard',
      type: 'invoice',
      isDefault: false,
      steps: [{ approverIds: [uuid(1)], requiredApprovals: 1 }],
      conditions: [],
    });
  });

  it.each(APPROVAL_FLOW_TYPES)('accepts type %s', (type) => {
    expect(approvalFlowBodySchema.parse(validBody({ type })).type).toBe(type);
  });

  it('refuses an unknown type', () => {
    const issues = issuesOf(approvalFlowBodySchema.safeParse(validBody({ type: 'order' })));
    expect(issues.map((issue) => issue.path)).toEqual([['type']]);
  });

  it.each(['', '   ', '\t\n '])("'required' for the name %j", (name) => {
    const issues = issuesOf(approvalFlowBodySchema.safeParse(validBody({ name })));
    expect(summary(issues)).toEqual([{ path: ['name'], message: 'required' }]);
  });

  it("'too_long' for a name over 100 characters after trimming", () => {
    expect(approvalFlowBodySchema.parse(validBody({ name: 'x'.repeat(100) })).name).toHaveLength(100);
    expect(approvalFlowBodySchema.parse(validBody({ name: `  ${'x'.repeat(100)}  ` })).name).toHaveLength(100);
    const issues = issuesOf(approvalFlowBodySchema.safeParse(validBody({ name: 'x'.repeat(101) })));
    expect(summary(issues)).toEqual([{ path: ['name'], message: 'too_long' }]);
  });

  it("'step_required' for no steps", () => {
    const issues = issuesOf(approvalFlowBodySchema.safeParse(validBody({ steps: [] })));
    expect(summary(issues)).toEqual([{ path: ['steps'], message: 'step_required' }]);
  });

  it(`accepts ${MAX_APPROVAL_STEPS} steps and refuses one more`, () => {
    const steps = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ approverIds: [uuid(index + 1)], requiredApprovals: 1 }));
    expect(approvalFlowBodySchema.parse(validBody({ steps: steps(MAX_APPROVAL_STEPS) })).steps).toHaveLength(MAX_APPROVAL_STEPS);
    const issues = issuesOf(approvalFlowBodySchema.safeParse(validBody({ steps: steps(MAX_APPROVAL_STEPS + 1) })));
    expect(issues.map((issue) => [issue.code, issue.path])).toEqual([['too_big', ['steps']]]);
  });

  it('reports step errors under the index of the step', () => {
    const issues = issuesOf(
      approvalFlowBodySchema.safeParse(
        validBody({
          steps: [
            { approverIds: [uuid(1)], requiredApprovals: 1 },
            { approverIds: [], requiredApprovals: 1 },
            { approverIds: [uuid(2)], requiredApprovals: 2 },
          ],
        }),
      ),
    );
    expect(summary(issues)).toEqual([
      { path: ['steps', 1, 'approverIds'], message: 'approver_required' },
      { path: ['steps', 2, 'requiredApprovals'], message: 'required_approvals_exceed_approvers' },
    ]);
  });

  it('allows the same approver in different steps', () => {
    const steps = [
      { approverIds: [uuid(1)], requiredApprovals: 1 },
      { approverIds: [uuid(1), uuid(2)], requiredApprovals: 2 },
    ];
    expect(approvalFlowBodySchema.safeParse(validBody({ steps })).success).toBe(true);
  });

  it('accepts up to 10 conditions and refuses 11', () => {
    const condition = { kind: 'amount_above', amount: 1 };
    expect(approvalFlowBodySchema.safeParse(validBody({ conditions: Array(10).fill(condition) })).success).toBe(true);
    const issues = issuesOf(approvalFlowBodySchema.safeParse(validBody({ conditions: Array(11).fill(condition) })));
    expect(issues.map((issue) => [issue.code, issue.path])).toEqual([['too_big', ['conditions']]]);
  });

  it('reports condition errors under the index of the condition', () => {
    const conditions = [
      { kind: 'amount_above', amount: 1 },
      { kind: 'currency', currencies: [] },
    ];
    const issues = issuesOf(approvalFlowBodySchema.safeParse(validBody({ conditions })));
    expect(summary(issues)).toEqual([{ path: ['conditions', 1, 'currencies'], message: 'required' }]);
  });

  it.each(['name', 'type', 'isDefault', 'steps', 'conditions'] as const)('requires %s', (key) => {
    const body: Record<string, unknown> = validBody();
    delete body[key];
    const issues = issuesOf(approvalFlowBodySchema.safeParse(body));
    expect(issues.map((issue) => issue.path)).toEqual([[key]]);
  });

  it('refuses a non-boolean isDefault', () => {
    const issues = issuesOf(approvalFlowBodySchema.safeParse(validBody({ isDefault: 'yes' })));
    expect(issues.map((issue) => issue.path)).toEqual([['isDefault']]);
  });
});

describe('updateApprovalFlowBodySchema', () => {
  it('requires a version of at least 1', () => {
    expect(updateApprovalFlowBodySchema.parse({ ...validBody(), version: 3 }).version).toBe(3);
    expect(issuesOf(updateApprovalFlowBodySchema.safeParse(validBody())).map((issue) => issue.path)).toEqual([['version']]);
    expect(issuesOf(updateApprovalFlowBodySchema.safeParse({ ...validBody(), version: 0 })).map((issue) => issue.path)).toEqual([
      ['version'],
    ]);
    expect(issuesOf(updateApprovalFlowBodySchema.safeParse({ ...validBody(), version: 1.5 })).map((issue) => issue.path)).toEqual(
      [['version']],
    );
  });

  it('keeps the body rules', () => {
    const issues = issuesOf(updateApprovalFlowBodySchema.safeParse({ ...validBody({ name: ' ' }), version: 1 }));
    expect(summary(issues)).toEqual([{ path: ['name'], message: 'required' }]);
  });
});

describe('approvalFlowOrderBodySchema', () => {
  it('accepts a type and ids', () => {
    expect(approvalFlowOrderBodySchema.parse({ type: 'payment_run', ids: ids(2) })).toEqual({ type: 'payment_run', ids: ids(2) });
  });
  it('refuses no ids, non-UUID ids and more than 500', () => {
    expect(approvalFlowOrderBodySchema.safeParse({ type: 'invoice', ids: [] }).success).toBe(false);
    expect(approvalFlowOrderBodySchema.safeParse({ type: 'invoice', ids: ['flow-1'] }).success).toBe(false);
    expect(approvalFlowOrderBodySchema.safeParse({ type: 'invoice', ids: ids(500) }).success).toBe(true);
    expect(approvalFlowOrderBodySchema.safeParse({ type: 'invoice', ids: ids(501) }).success).toBe(false);
  });
});

describe('approvalConditionSchema', () => {
  describe.each(['amount_above', 'amount_below'] as const)('%s', (kind) => {
    it.each([0, 1, 100_000_00])('accepts amount %i', (amount) => {
      expect(approvalConditionSchema.parse({ kind, amount })).toEqual({ kind, amount, currency: 'EUR' });
    });

    it.each([-1, 1.5, Number.NaN, '100', null])('refuses amount %s', (amount) => {
      const issues = issuesOf(approvalConditionSchema.safeParse({ kind, amount }));
      expect(issues.map((issue) => issue.path)).toEqual([['amount']]);
    });

    it('refuses a missing amount', () => {
      expect(issuesOf(approvalConditionSchema.safeParse({ kind })).map((issue) => issue.path)).toEqual([['amount']]);
    });

    it('a negative amount is reported as too small', () => {
      expect(issuesOf(approvalConditionSchema.safeParse({ kind, amount: -1 }))[0]!.code).toBe('too_small');
    });
  });

  describe.each([
    ['cost_center', 'costCenterIds'],
    ['counterparty', 'counterpartyIds'],
  ] as const)('%s', (kind, key) => {
    it('accepts a list of UUIDs', () => {
      expect(approvalConditionSchema.parse({ kind, [key]: ids(2) })).toEqual({ kind, [key]: ids(2) });
    });

    it("'required' for an empty list", () => {
      const issues = issuesOf(approvalConditionSchema.safeParse({ kind, [key]: [] }));
      expect(summary(issues)).toEqual([{ path: [key], message: 'required' }]);
    });

    it('refuses ids that are not UUIDs', () => {
      const issues = issuesOf(approvalConditionSchema.safeParse({ kind, [key]: [uuid(1), 'cc-2'] }));
      expect(issues.map((issue) => [issue.code, issue.path])).toEqual([['invalid_format', [key, 1]]]);
    });

    it('accepts 100 ids and refuses 101', () => {
      expect(approvalConditionSchema.safeParse({ kind, [key]: ids(100) }).success).toBe(true);
      const issues = issuesOf(approvalConditionSchema.safeParse({ kind, [key]: ids(101) }));
      expect(issues.map((issue) => [issue.code, issue.path])).toEqual([['too_big', [key]]]);
    });

    it('refuses the payload key of another kind', () => {
      const otherKey = key === 'costCenterIds' ? 'counterpartyIds' : 'costCenterIds';
      const issues = issuesOf(approvalConditionSchema.safeParse({ kind, [otherKey]: ids(1) }));
      expect(issues.map((issue) => issue.path)).toEqual([[key]]);
    });
  });

  describe('currency', () => {
    it('accepts every invoice currency', () => {
      expect(approvalConditionSchema.parse({ kind: 'currency', currencies: [...INVOICE_CURRENCIES] })).toEqual({
        kind: 'currency',
        currencies: [...INVOICE_CURRENCIES],
      });
    });

    it("'required' for an empty list", () => {
      const issues = issuesOf(approvalConditionSchema.safeParse({ kind: 'currency', currencies: [] }));
      expect(summary(issues)).toEqual([{ path: ['currencies'], message: 'required' }]);
    });

    it.each(['CHF', 'eur', '', 'EURO'])('refuses the unknown currency %j', (currency) => {
      const issues = issuesOf(approvalConditionSchema.safeParse({ kind: 'currency', currencies: ['EUR', currency] }));
      expect(issues.map((issue) => [issue.code, issue.path])).toEqual([['invalid_value', ['currencies', 1]]]);
    });
  });

  it.each([{ kind: 'vendor', ids: [] }, { kind: undefined }, {}, null, 'amount_above'])('refuses %j', (input) => {
    expect(approvalConditionSchema.safeParse(input).success).toBe(false);
  });

  it('an unknown kind is reported on the kind', () => {
    const issues = issuesOf(approvalConditionSchema.safeParse({ kind: 'vendor', amount: 1 }));
    expect(issues.map((issue) => [issue.code, issue.path])).toEqual([['invalid_union', ['kind']]]);
  });

  it('strips keys that do not belong to the kind', () => {
    expect(approvalConditionSchema.parse({ kind: 'amount_above', amount: 5, currencies: ['EUR'] })).toEqual({
      kind: 'amount_above',
      amount: 5,
      currency: 'EUR',
    });
  });

  it('reads an amount in euros unless it names its currency, one Kontor knows', () => {
    expect(approvalConditionSchema.parse({ kind: 'amount_below', amount: 5 })).toMatchObject({ currency: 'EUR' });
    expect(approvalConditionSchema.parse({ kind: 'amount_below', amount: 5, currency: 'GBP' })).toMatchObject({
      currency: 'GBP',
    });
    expect(approvalConditionSchema.safeParse({ kind: 'amount_below', amount: 5, currency: 'CHF' }).success).toBe(false);
  });
});
