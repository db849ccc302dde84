import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES } from '../invoices/invoice-status';
import { REQUIREMENT_STAGES } from '../invoices/required-fields';
import {
  APPROVAL_DECISION_TRANSITIONS,
  APPROVAL_DECISIONS,
  APPROVAL_REQUEST_STATUSES,
  APPROVAL_REQUEST_TRANSITIONS,
  approvalProgress,
  canChangeRequestStatus,
  chooseFlow,
  conditionHolds,
  decideApproval,
  invoiceResetRefusal,
  isWaitingFor,
  requirementStageOfApproval,
  resetApproval,
  startApproval,
  waitingApprovers,
  type ApprovalDecision,
  type ApprovalRequestState,
  type ApprovalRequestStatus,
  type ChoosableFlow,
  type DecisionResult,
  type FlowSubject,
} from './approval-engine';
import type { ApprovalCondition, ApprovalFlowType } from './approval-flow';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const subject = (overrides: Partial<FlowSubject> = {}): FlowSubject => ({
  amount: 10_000,
  currency: 'EUR',
  costCenterIds: [],
  counterpartyId: null,
  ...overrides,
});

const flow = (overrides: Partial<ChoosableFlow> & { id: string }): ChoosableFlow => ({
  type: 'invoice',
  isDefault: false,
  position: 0,
  conditions: [],
  ...overrides,
});

/** A successful decision, or a failing assertion. */
function decided(result: DecisionResult) {
  if (!result.ok) throw new Error(`expected the decision to be accepted, got refusal ${result.refusal}`);
  return result;
}

/** Applies approvals in order, each of which must be accepted. */
function approveAll(state: ApprovalRequestState, approverIds: readonly string[]): ApprovalRequestState {
  return approverIds.reduce((current, approverId) => decided(decideApproval(current, approverId, 'approved')).state, state);
}

const decisionsOf = (state: ApprovalRequestState) => state.steps.map((step) => step.items.map((item) => item.decision));

/** Three steps: a alone; b, c and d with two of them needed; e alone. */
const threeSteps = () =>
  startApproval([
    { approverIds: ['a'], requiredApprovals: 1 },
    { approverIds: ['b', 'c', 'd'], requiredApprovals: 2 },
    { approverIds: ['e'], requiredApprovals: 1 },
  ]);

const stateWithStatus = (status: ApprovalRequestStatus): ApprovalRequestState => ({
  ...startApproval([{ approverIds: ['a'], requiredApprovals: 1 }]),
  status,
});

// ---------------------------------------------------------------------------------------------
// Transition tables
// ---------------------------------------------------------------------------------------------

describe('APPROVAL_REQUEST_TRANSITIONS', () => {
  const ALLOWED: Record<ApprovalRequestStatus, readonly ApprovalRequestStatus[]> = {
    pending: ['approved', 'rejected', 'reset'],
    approved: ['reset'],
    rejected: ['reset'],
    reset: [],
  };

  it('lists exactly the four request statuses', () => {
    expect([...APPROVAL_REQUEST_STATUSES]).toEqual(['pending', 'approved', 'rejected', 'reset']);
    expect(Object.keys(APPROVAL_REQUEST_TRANSITIONS).sort()).toEqual([...APPROVAL_REQUEST_STATUSES].sort());
  });

  it('matches the expected table', () => {
    for (const from of APPROVAL_REQUEST_STATUSES) {
      expect([...APPROVAL_REQUEST_TRANSITIONS[from]].sort(), from).toEqual([...ALLOWED[from]].sort());
    }
  });

  const pairs = APPROVAL_REQUEST_STATUSES.flatMap((from) =>
    APPROVAL_REQUEST_STATUSES.map((to) => ({ from, to, allowed: ALLOWED[from].includes(to) })),
  );

  it('checks all 16 pairs', () => {
    expect(pairs).toHaveLength(16);
    expect(pairs.filter((pair) => pair.allowed)).toHaveLength(5);
  });

  it.each(pairs)('canChangeRequestStatus($from -> $to) is $allowed', ({ from, to, allowed }) => {
    expect(canChangeRequestStatus(from, to)).toBe(allowed);
  });

  it('never allows a status to follow itself and makes reset final', () => {
    for (const status of APPROVAL_REQUEST_STATUSES) expect(canChangeRequestStatus(status, status)).toBe(false);
    for (const to of APPROVAL_REQUEST_STATUSES) expect(canChangeRequestStatus('reset', to)).toBe(false);
    for (const to of APPROVAL_REQUEST_STATUSES) expect(canChangeRequestStatus(to, 'pending')).toBe(false);
  });
});

describe('APPROVAL_DECISION_TRANSITIONS', () => {
  const ALLOWED: Record<ApprovalDecision, readonly ApprovalDecision[]> = {
    pending: ['approved', 'rejected'],
    approved: [],
    rejected: [],
  };

  it('lists exactly the three decisions', () => {
    expect([...APPROVAL_DECISIONS]).toEqual(['pending', 'approved', 'rejected']);
    expect(Object.keys(APPROVAL_DECISION_TRANSITIONS).sort()).toEqual([...APPROVAL_DECISIONS].sort());
  });

  const pairs = APPROVAL_DECISIONS.flatMap((from) =>
    APPROVAL_DECISIONS.map((to) => ({ from, to, allowed: ALLOWED[from].includes(to) })),
  );

  it('checks all 9 pairs', () => {
    expect(pairs).toHaveLength(9);
    expect(pairs.filter((pair) => pair.allowed)).toHaveLength(2);
  });

  it.each(pairs)('$from -> $to allowed: $allowed', ({ from, to, allowed }) => {
    expect(APPROVAL_DECISION_TRANSITIONS[from].includes(to)).toBe(allowed);
  });
});

// ---------------------------------------------------------------------------------------------
// Conditions and flow choice
// ---------------------------------------------------------------------------------------------

describe('conditionHolds', () => {
  describe('amount_above (strictly greater)', () => {
    const condition: ApprovalCondition = { kind: 'amount_above', amount: 10_000, currency: 'EUR' };
    it.each([
      [10_001, true],
      [10_000, false],
      [9_999, false],
      [0, false],
      [null, false],
    ])('amount %s -> %s', (amount, expected) => {
      expect(conditionHolds(condition, subject({ amount }))).toBe(expected);
    });
    it('with a threshold of 0: any positive amount, not 0, not null', () => {
      const zero: ApprovalCondition = { kind: 'amount_above', amount: 0, currency: 'EUR' };
      expect(conditionHolds(zero, subject({ amount: 1 }))).toBe(true);
      expect(conditionHolds(zero, subject({ amount: 0 }))).toBe(false);
      expect(conditionHolds(zero, subject({ amount: null }))).toBe(false);
    });
    it('a negative amount (credit note) is not above 0', () => {
      expect(conditionHolds({ kind: 'amount_above', amount: 0, currency: 'EUR' }, subject({ amount: -500 }))).toBe(false);
    });
  });

  describe('amounts compare within their currency only', () => {
    const above: ApprovalCondition = { kind: 'amount_above', amount: 10_000, currency: 'EUR' };
    const below: ApprovalCondition = { kind: 'amount_below', amount: 10_000, currency: 'EUR' };
    it.each([
      ['USD', 20_000],
      ['GBP', 20_000],
      [null, 20_000],
    ] as const)('%s %s is not above EUR 100.00', (currency, amount) => {
      expect(conditionHolds(above, subject({ currency, amount }))).toBe(false);
    });
    it.each([['USD'], ['GBP'], [null]] as const)('%s 1.00 is not below EUR 100.00', (currency) => {
      expect(conditionHolds(below, subject({ currency, amount: 100 }))).toBe(false);
    });
    it('a USD threshold applies to USD invoices', () => {
      const usdAbove: ApprovalCondition = { kind: 'amount_above', amount: 10_000, currency: 'USD' };
      expect(conditionHolds(usdAbove, subject({ currency: 'USD', amount: 10_001 }))).toBe(true);
      expect(conditionHolds(usdAbove, subject({ currency: 'EUR', amount: 10_001 }))).toBe(false);
    });
  });

  describe('amount_below (strictly less)', () => {
    const condition: ApprovalCondition = { kind: 'amount_below', amount: 10_000, currency: 'EUR' };
    it.each([
      [9_999, true],
      [0, true],
      [-1, true],
      [10_000, false],
      [10_001, false],
      [null, false],
    ])('amount %s -> %s', (amount, expected) => {
      expect(conditionHolds(condition, subject({ amount }))).toBe(expected);
    });
    it('nothing is below 0 except negative amounts; null never', () => {
      const zero: ApprovalCondition = { kind: 'amount_below', amount: 0, currency: 'EUR' };
      expect(conditionHolds(zero, subject({ amount: 0 }))).toBe(false);
      expect(conditionHolds(zero, subject({ amount: -1 }))).toBe(true);
      expect(conditionHolds(zero, subject({ amount: null }))).toBe(false);
    });
  });

  describe('cost_center (any of the subject cost centres is listed)', () => {
    const condition: ApprovalCondition = { kind: 'cost_center', costCenterIds: ['cc1', 'cc2'] };
    it.each([
      [['cc1'], true],
      [['cc2'], true],
      [['cc3', 'cc2'], true],
      [['cc3', 'cc4', 'cc1'], true],
      [['cc1', 'cc2'], true],
      [['cc3'], false],
      [['cc3', 'cc4'], false],
      [[], false],
    ])('subject cost centres %j -> %s', (costCenterIds, expected) => {
      expect(conditionHolds(condition, subject({ costCenterIds }))).toBe(expected);
    });
    it('matches ids exactly (no prefix or case folding)', () => {
      expect(conditionHolds(condition, subject({ costCenterIds: ['cc'] }))).toBe(false);
      expect(conditionHolds(condition, subject({ costCenterIds: ['CC1'] }))).toBe(false);
      expect(conditionHolds(condition, subject({ costCenterIds: ['cc10'] }))).toBe(false);
    });
  });

  describe('counterparty', () => {
    const condition: ApprovalCondition = { kind: 'counterparty', counterpartyIds: ['p1', 'p2'] };
    it.each([
      ['p1', true],
      ['p2', true],
      ['p3', false],
      [null, false],
    ])('counterparty %s -> %s', (counterpartyId, expected) => {
      expect(conditionHolds(condition, subject({ counterpartyId }))).toBe(expected);
    });
  });

  describe('currency', () => {
    const condition: ApprovalCondition = { kind: 'currency', currencies: ['USD', 'GBP'] };
    it.each([
      ['USD', true],
      ['GBP', true],
      ['EUR', false],
      ['usd', false],
      ['CHF', false],
      [null, false],
    ])('currency %s -> %s', (currency, expected) => {
      expect(conditionHolds(condition, subject({ currency }))).toBe(expected);
    });
  });

  it('ignores the subject fields a condition does not look at', () => {
    const rich = subject({ amount: null, currency: null, costCenterIds: ['cc1'], counterpartyId: 'p1' });
    expect(conditionHolds({ kind: 'cost_center', costCenterIds: ['cc1'] }, rich)).toBe(true);
    expect(conditionHolds({ kind: 'counterparty', counterpartyIds: ['p1'] }, rich)).toBe(true);
    const amountOnly = subject({ amount: 5, currency: 'EUR', costCenterIds: [], counterpartyId: null });
    expect(conditionHolds({ kind: 'amount_above', amount: 1, currency: 'EUR' }, amountOnly)).toBe(true);
  });
});

describe('chooseFlow', () => {
  const big: ApprovalCondition = { kind: 'amount_above', amount: 100_000, currency: 'EUR' };
  const usd: ApprovalCondition = { kind: 'currency', currencies: ['USD'] };
  const cc1: ApprovalCondition = { kind: 'cost_center', costCenterIds: ['cc1'] };

  it('takes the first matching conditional flow by position, not by array order', () => {
    const flows = [
      flow({ id: 'late', position: 5, conditions: [usd] }),
      flow({ id: 'default', position: 0, isDefault: true }),
      flow({ id: 'early', position: 2, conditions: [usd] }),
      flow({ id: 'middle', position: 3, conditions: [usd] }),
    ];
    expect(chooseFlow(flows, 'invoice', subject({ currency: 'USD' }))?.id).toBe('early');
    expect(chooseFlow([...flows].reverse(), 'invoice', subject({ currency: 'USD' }))?.id).toBe('early');
  });

  it('skips an earlier flow whose conditions do not hold', () => {
    const flows = [
      flow({ id: 'big', position: 1, conditions: [big] }),
      flow({ id: 'usd', position: 2, conditions: [usd] }),
      flow({ id: 'default', position: 3, isDefault: true }),
    ];
    expect(chooseFlow(flows, 'invoice', subject({ amount: 500, currency: 'USD' }))?.id).toBe('usd');
    // "big" is a threshold in euros: it does not weigh dollars.
    expect(chooseFlow(flows, 'invoice', subject({ amount: 500_000, currency: 'USD' }))?.id).toBe('usd');
    expect(chooseFlow(flows, 'invoice', subject({ amount: 500_000, currency: 'EUR' }))?.id).toBe('big');
  });

  it('requires all conditions of a flow to hold (AND)', () => {
    const bigInDollars: ApprovalCondition = { ...big, currency: 'USD' };
    const flows = [
      flow({ id: 'big-usd-cc1', position: 1, conditions: [bigInDollars, usd, cc1] }),
      flow({ id: 'default', position: 2, isDefault: true }),
    ];
    const all = subject({ amount: 200_000, currency: 'USD', costCenterIds: ['cc1'] });
    expect(chooseFlow(flows, 'invoice', all)?.id).toBe('big-usd-cc1');
    expect(chooseFlow(flows, 'invoice', { ...all, amount: 100_000 })?.id).toBe('default');
    expect(chooseFlow(flows, 'invoice', { ...all, currency: 'EUR' })?.id).toBe('default');
    expect(chooseFlow(flows, 'invoice', { ...all, costCenterIds: ['cc2'] })?.id).toBe('default');
    expect(chooseFlow(flows, 'invoice', { ...all, amount: null })?.id).toBe('default');
  });

  it('ignores flows of the other type, both conditional and default', () => {
    const flows = [
      flow({ id: 'run-usd', type: 'payment_run', position: 0, conditions: [usd] }),
      flow({ id: 'run-default', type: 'payment_run', position: 1, isDefault: true }),
      flow({ id: 'invoice-default', type: 'invoice', position: 9, isDefault: true }),
    ];
    expect(chooseFlow(flows, 'invoice', subject({ currency: 'USD' }))?.id).toBe('invoice-default');
    expect(chooseFlow(flows, 'payment_run', subject({ currency: 'USD' }))?.id).toBe('run-usd');
    expect(chooseFlow(flows, 'payment_run', subject({ currency: 'EUR' }))?.id).toBe('run-default');
    const onlyRuns = flows.filter((candidate) => candidate.type === 'payment_run');
    expect(chooseFlow(onlyRuns, 'invoice', subject({ currency: 'USD' }))).toBeNull();
  });

  it('falls back to the default flow when no conditional flow matches', () => {
    const flows = [flow({ id: 'usd', position: 0, conditions: [usd] }), flow({ id: 'default', position: 1, isDefault: true })];
    expect(chooseFlow(flows, 'invoice', subject({ currency: 'EUR' }))?.id).toBe('default');
  });

  it('never chooses a non-default flow without conditions automatically', () => {
    const flows = [flow({ id: 'manual', position: 0, conditions: [] }), flow({ id: 'default', position: 1, isDefault: true })];
    expect(chooseFlow(flows, 'invoice', subject())?.id).toBe('default');
    expect(chooseFlow([flow({ id: 'manual', position: 0 })], 'invoice', subject())).toBeNull();
  });

  it('returns null when there is no default and nothing matches', () => {
    expect(chooseFlow([], 'invoice', subject())).toBeNull();
    expect(chooseFlow([flow({ id: 'usd', conditions: [usd] })], 'invoice', subject({ currency: 'EUR' }))).toBeNull();
  });

  it("ignores the default flow's own conditions", () => {
    const flows = [flow({ id: 'default', isDefault: true, conditions: [usd] })];
    // Its conditions do not hold, yet it is still the fallback ...
    expect(chooseFlow(flows, 'invoice', subject({ currency: 'EUR' }))?.id).toBe('default');
    // ... and a later conditional flow that matches wins over it even though the default's conditions hold too.
    const withConditional = [...flows, flow({ id: 'usd-later', position: 7, conditions: [usd] })];
    expect(chooseFlow(withConditional, 'invoice', subject({ currency: 'USD' }))?.id).toBe('usd-later');
  });

  it('with several defaults of a type, takes the one with the lowest position', () => {
    const flows = [
      flow({ id: 'default-late', position: 4, isDefault: true }),
      flow({ id: 'default-early', position: 1, isDefault: true }),
    ];
    expect(chooseFlow(flows, 'invoice', subject())?.id).toBe('default-early');
  });

  it('returns the very object passed in and does not reorder the input', () => {
    const flows = [flow({ id: 'b', position: 2, conditions: [usd] }), flow({ id: 'a', position: 1, conditions: [usd] })];
    const snapshot = flows.map((candidate) => candidate.id);
    const chosen = chooseFlow(flows, 'invoice', subject({ currency: 'USD' }));
    expect(chosen).toBe(flows[1]);
    expect(flows.map((candidate) => candidate.id)).toEqual(snapshot);
  });

  it('keeps extra properties of the flow type (generic)', () => {
    const flows = [{ ...flow({ id: 'default', isDefault: true }), name: 'Standard' }];
    const chosen = chooseFlow(flows, 'invoice', subject());
    expect(chosen?.name).toBe('Standard');
  });

  it.each<ApprovalFlowType>(['invoice', 'payment_run'])('works for type %s alone', (type) => {
    const flows = [flow({ id: 'x', type, position: 0, conditions: [cc1] }), flow({ id: 'd', type, isDefault: true })];
    expect(chooseFlow(flows, type, subject({ costCenterIds: ['cc1'] }))?.id).toBe('x');
    expect(chooseFlow(flows, type, subject({ costCenterIds: [] }))?.id).toBe('d');
  });
});

// ---------------------------------------------------------------------------------------------
// Starting a request
// ---------------------------------------------------------------------------------------------

describe('startApproval', () => {
  it('snapshots the steps with every decision pending and the first step open', () => {
    const state = startApproval([
      { approverIds: ['a', 'b'], requiredApprovals: 1 },
      { approverIds: ['c'], requiredApprovals: 1 },
    ]);
    expect(state).toEqual({
      status: 'pending',
      currentStep: 0,
      steps: [
        {
          requiredApprovals: 1,
          items: [
            { approverId: 'a', decision: 'pending' },
            { approverId: 'b', decision: 'pending' },
          ],
        },
        { requiredApprovals: 1, items: [{ approverId: 'c', decision: 'pending' }] },
      ],
    });
    expect(waitingApprovers(state)).toEqual(['a', 'b']);
  });

  it('is a snapshot: later changes to the input do not reach the request', () => {
    const approverIds = ['a', 'b'];
    const steps = [{ approverIds, requiredApprovals: 2 }];
    const state = startApproval(steps);
    approverIds.push('z');
    steps[0]!.requiredApprovals = 1;
    expect(state.steps[0]).toEqual({
      requiredApprovals: 2,
      items: [
        { approverId: 'a', decision: 'pending' },
        { approverId: 'b', decision: 'pending' },
      ],
    });
  });

  it('accepts a count equal to the number of approvers', () => {
    expect(startApproval([{ approverIds: ['a', 'b', 'c'], requiredApprovals: 3 }]).steps[0]!.requiredApprovals).toBe(3);
  });

  it('refuses a flow without steps', () => {
    expect(() => startApproval([])).toThrow('at least one step');
  });

  it.each([
    ['no approvers', { approverIds: [], requiredApprovals: 1 }],
    ['no approvers and count 0', { approverIds: [], requiredApprovals: 0 }],
    ['count 0', { approverIds: ['a'], requiredApprovals: 0 }],
    ['negative count', { approverIds: ['a'], requiredApprovals: -1 }],
    ['count above approvers', { approverIds: ['a', 'b'], requiredApprovals: 3 }],
  ])('refuses a step with %s', (_label, step) => {
    expect(() => startApproval([step])).toThrow('an approval step needs distinct approvers');
  });

  it('refuses a bad step anywhere, not just the first', () => {
    expect(() =>
      startApproval([
        { approverIds: ['a'], requiredApprovals: 1 },
        { approverIds: ['b'], requiredApprovals: 1 },
        { approverIds: [], requiredApprovals: 1 },
      ]),
    ).toThrow('an approval step needs distinct approvers');
    expect(() =>
      startApproval([
        { approverIds: ['a'], requiredApprovals: 1 },
        { approverIds: ['b'], requiredApprovals: 2 },
      ]),
    ).toThrow('an approval step needs distinct approvers');
  });
});

// ---------------------------------------------------------------------------------------------
// Deciding
// ---------------------------------------------------------------------------------------------

describe('decideApproval', () => {
  it('single step, single approver: the approval approves the request', () => {
    const state = startApproval([{ approverIds: ['a'], requiredApprovals: 1 }]);
    const result = decided(decideApproval(state, 'a', 'approved'));
    expect(result.outcome).toBe('approved');
    expect(result.openedStep).toBeNull();
    expect(result.state).toEqual({
      status: 'approved',
      currentStep: 0,
      steps: [{ requiredApprovals: 1, items: [{ approverId: 'a', decision: 'approved' }] }],
    });
  });

  it('walks a three-step request: step_completed, recorded, step_completed, approved', () => {
    let state = threeSteps();

    const first = decided(decideApproval(state, 'a', 'approved'));
    expect(first.outcome).toBe('step_completed');
    expect(first.openedStep).toBe(1);
    expect(first.state.status).toBe('pending');
    expect(first.state.currentStep).toBe(1);
    state = first.state;

    const second = decided(decideApproval(state, 'c', 'approved'));
    expect(second.outcome).toBe('recorded');
    expect(second.openedStep).toBeNull();
    expect(second.state.status).toBe('pending');
    expect(second.state.currentStep).toBe(1);
    state = second.state;

    const third = decided(decideApproval(state, 'b', 'approved'));
    expect(third.outcome).toBe('step_completed');
    expect(third.openedStep).toBe(2);
    expect(third.state.currentStep).toBe(2);
    expect(third.state.status).toBe('pending');
    state = third.state;

    const last = decided(decideApproval(state, 'e', 'approved'));
    expect(last.outcome).toBe('approved');
    expect(last.openedStep).toBeNull();
    expect(last.state.status).toBe('approved');
    expect(last.state.currentStep).toBe(2);
    expect(decisionsOf(last.state)).toEqual([['approved'], ['approved', 'approved', 'pending'], ['approved']]);
  });

  it('openedStep is the index of the next step each time', () => {
    const steps = [0, 1, 2, 3, 4].map((index) => ({ approverIds: [`u${index}`], requiredApprovals: 1 }));
    let state = startApproval(steps);
    for (let index = 0; index < 4; index += 1) {
      const result = decided(decideApproval(state, `u${index}`, 'approved'));
      expect(result.outcome).toBe('step_completed');
      expect(result.openedStep).toBe(index + 1);
      expect(result.state.currentStep).toBe(index + 1);
      state = result.state;
    }
    const last = decided(decideApproval(state, 'u4', 'approved'));
    expect(last.outcome).toBe('approved');
    expect(last.openedStep).toBeNull();
  });

  describe('rejection', () => {
    it.each([0, 1, 2])('rejects the whole request at step %i', (stepIndex) => {
      const approversBefore = [[], ['a', 'b'], ['a', 'b', 'c']][stepIndex]!;
      const rejecter = ['a', 'd', 'e'][stepIndex]!;
      const state = approveAll(threeSteps(), approversBefore);
      expect(state.currentStep).toBe(stepIndex);
      const result = decided(decideApproval(state, rejecter, 'rejected'));
      expect(result.outcome).toBe('rejected');
      expect(result.openedStep).toBeNull();
      expect(result.state.status).toBe('rejected');
      expect(result.state.currentStep).toBe(stepIndex);
      const rejectedItem = result.state.steps[stepIndex]!.items.find((item) => item.approverId === rejecter);
      expect(rejectedItem?.decision).toBe('rejected');
    });

    it('one rejection rejects even after another approval in the same step', () => {
      const state = startApproval([{ approverIds: ['a', 'b', 'c'], requiredApprovals: 2 }]);
      const afterOne = decided(decideApproval(state, 'a', 'approved')).state;
      const rejected = decided(decideApproval(afterOne, 'b', 'rejected'));
      expect(rejected.state.status).toBe('rejected');
      expect(decisionsOf(rejected.state)).toEqual([['approved', 'rejected', 'pending']]);
      expect(waitingApprovers(rejected.state)).toEqual([]);
    });

    it('the first approver may reject on the first step', () => {
      const result = decided(decideApproval(threeSteps(), 'a', 'rejected'));
      expect(result.state.status).toBe('rejected');
      expect(decisionsOf(result.state)).toEqual([['rejected'], ['pending', 'pending', 'pending'], ['pending']]);
    });
  });

  describe('refusals', () => {
    it.each<ApprovalRequestStatus>(['approved', 'rejected', 'reset'])('not_pending when the request is %s', (status) => {
      const state = stateWithStatus(status);
      expect(decideApproval(state, 'a', 'approved')).toEqual({ ok: false, refusal: 'not_pending' });
      expect(decideApproval(state, 'a', 'rejected')).toEqual({ ok: false, refusal: 'not_pending' });
      expect(decideApproval(state, 'stranger', 'approved')).toEqual({ ok: false, refusal: 'not_pending' });
    });

    it('not_pending after a real approval, rejection and reset', () => {
      const approved = decided(decideApproval(stateWithStatus('pending'), 'a', 'approved')).state;
      expect(decideApproval(approved, 'a', 'rejected')).toEqual({ ok: false, refusal: 'not_pending' });
      const rejected = decided(decideApproval(stateWithStatus('pending'), 'a', 'rejected')).state;
      expect(decideApproval(rejected, 'a', 'approved')).toEqual({ ok: false, refusal: 'not_pending' });
      const reset = resetApproval(threeSteps())!;
      expect(decideApproval(reset, 'a', 'approved')).toEqual({ ok: false, refusal: 'not_pending' });
    });

    it('not_current_approver for an approver of a later step', () => {
      const state = threeSteps();
      for (const later of ['b', 'c', 'd', 'e']) {
        expect(decideApproval(state, later, 'approved')).toEqual({ ok: false, refusal: 'not_current_approver' });
        expect(decideApproval(state, later, 'rejected')).toEqual({ ok: false, refusal: 'not_current_approver' });
      }
    });

    it('not_current_approver for an approver of an earlier step', () => {
      const state = approveAll(threeSteps(), ['a']);
      expect(decideApproval(state, 'a', 'approved')).toEqual({ ok: false, refusal: 'not_current_approver' });
      expect(decideApproval(state, 'a', 'rejected')).toEqual({ ok: false, refusal: 'not_current_approver' });
    });

    it('not_current_approver for a stranger', () => {
      expect(decideApproval(threeSteps(), 'stranger', 'approved')).toEqual({ ok: false, refusal: 'not_current_approver' });
      expect(decideApproval(threeSteps(), '', 'rejected')).toEqual({ ok: false, refusal: 'not_current_approver' });
    });

    it('already_decided for an approver who approved in the open step', () => {
      const state = startApproval([{ approverIds: ['a', 'b'], requiredApprovals: 2 }]);
      const afterA = decided(decideApproval(state, 'a', 'approved')).state;
      expect(decideApproval(afterA, 'a', 'approved')).toEqual({ ok: false, refusal: 'already_decided' });
      expect(decideApproval(afterA, 'a', 'rejected')).toEqual({ ok: false, refusal: 'already_decided' });
    });

    it('already_decided is checked per item: a rejected item in a hand-built pending state', () => {
      const state: ApprovalRequestState = {
        status: 'pending',
        currentStep: 0,
        steps: [
          {
            requiredApprovals: 1,
            items: [
              { approverId: 'a', decision: 'rejected' },
              { approverId: 'b', decision: 'pending' },
            ],
          },
        ],
      };
      expect(decideApproval(state, 'a', 'approved')).toEqual({ ok: false, refusal: 'already_decided' });
      expect(decided(decideApproval(state, 'b', 'approved')).outcome).toBe('approved');
    });

    it('checks the request status before the approver, and the approver before the decision', () => {
      const approvedState: ApprovalRequestState = {
        status: 'approved',
        currentStep: 0,
        steps: [{ requiredApprovals: 1, items: [{ approverId: 'a', decision: 'approved' }] }],
      };
      expect(decideApproval(approvedState, 'stranger', 'approved')).toEqual({ ok: false, refusal: 'not_pending' });
      expect(decideApproval(approvedState, 'a', 'approved')).toEqual({ ok: false, refusal: 'not_pending' });
    });
  });

  it('the same person in two steps approves each step in turn', () => {
    const state = startApproval([
      { approverIds: ['a'], requiredApprovals: 1 },
      { approverIds: ['b', 'a'], requiredApprovals: 2 },
      { approverIds: ['a'], requiredApprovals: 1 },
    ]);
    const step0 = decided(decideApproval(state, 'a', 'approved'));
    expect(step0.outcome).toBe('step_completed');
    expect(step0.openedStep).toBe(1);
    // The first approval did not count for the second step.
    expect(decisionsOf(step0.state)).toEqual([['approved'], ['pending', 'pending'], ['pending']]);
    expect(waitingApprovers(step0.state)).toEqual(['b', 'a']);

    const step1a = decided(decideApproval(step0.state, 'a', 'approved'));
    expect(step1a.outcome).toBe('recorded');
    expect(decideApproval(step1a.state, 'a', 'approved')).toEqual({ ok: false, refusal: 'already_decided' });

    const step1b = decided(decideApproval(step1a.state, 'b', 'approved'));
    expect(step1b.outcome).toBe('step_completed');
    expect(step1b.openedStep).toBe(2);

    const step2 = decided(decideApproval(step1b.state, 'a', 'approved'));
    expect(step2.outcome).toBe('approved');
    expect(decisionsOf(step2.state)).toEqual([['approved'], ['approved', 'approved'], ['approved']]);
  });

  it('a 2-of-3 step completes after the second approval; the third approver is then not_current_approver', () => {
    const state = startApproval([
      { approverIds: ['a', 'b', 'c'], requiredApprovals: 2 },
      { approverIds: ['d'], requiredApprovals: 1 },
    ]);
    const one = decided(decideApproval(state, 'a', 'approved'));
    expect(one.outcome).toBe('recorded');
    expect(approvalProgress(one.state)).toMatchObject({ currentStep: 0, approvedInStep: 1, requiredInStep: 2 });
    const two = decided(decideApproval(one.state, 'c', 'approved'));
    expect(two.outcome).toBe('step_completed');
    expect(two.openedStep).toBe(1);
    expect(decideApproval(two.state, 'b', 'approved')).toEqual({ ok: false, refusal: 'not_current_approver' });
    expect(decideApproval(two.state, 'b', 'rejected')).toEqual({ ok: false, refusal: 'not_current_approver' });
    // b's decision stays pending in the snapshot of the completed step.
    expect(decisionsOf(two.state)[0]).toEqual(['approved', 'pending', 'approved']);
  });

  it('a 2-of-3 last step approves after the second approval; the third approver is then not_pending', () => {
    const state = startApproval([{ approverIds: ['a', 'b', 'c'], requiredApprovals: 2 }]);
    const one = decided(decideApproval(state, 'b', 'approved'));
    expect(one.outcome).toBe('recorded');
    const two = decided(decideApproval(one.state, 'a', 'approved'));
    expect(two.outcome).toBe('approved');
    expect(two.state.status).toBe('approved');
    expect(decideApproval(two.state, 'c', 'approved')).toEqual({ ok: false, refusal: 'not_pending' });
    expect(decideApproval(two.state, 'c', 'rejected')).toEqual({ ok: false, refusal: 'not_pending' });
  });

  it('an n-of-n step needs everyone', () => {
    let state = startApproval([{ approverIds: ['a', 'b', 'c'], requiredApprovals: 3 }]);
    for (const approverId of ['c', 'a']) {
      const result = decided(decideApproval(state, approverId, 'approved'));
      expect(result.outcome).toBe('recorded');
      state = result.state;
    }
    expect(decided(decideApproval(state, 'b', 'approved')).outcome).toBe('approved');
  });

  it('does not mutate the input state (approval, step completion, approval of request, rejection)', () => {
    const original = threeSteps();
    const frozenCopy = structuredClone(original);
    deepFreeze(original);

    const completed = decided(decideApproval(original, 'a', 'approved'));
    expect(original).toEqual(frozenCopy);
    expect(completed.state).not.toBe(original);
    expect(completed.state.steps).not.toBe(original.steps);
    expect(completed.state.steps[0]).not.toBe(original.steps[0]);

    const intermediate = structuredClone(completed.state);
    deepFreeze(completed.state);
    const recorded = decided(decideApproval(completed.state, 'b', 'approved'));
    expect(completed.state).toEqual(intermediate);
    expect(recorded.state.steps[1]!.items[0]!.decision).toBe('approved');
    expect(completed.state.steps[1]!.items[0]!.decision).toBe('pending');

    const rejected = decided(decideApproval(recorded.state, 'c', 'rejected'));
    expect(recorded.state.status).toBe('pending');
    expect(recorded.state.steps[1]!.items[1]!.decision).toBe('pending');
    expect(rejected.state.status).toBe('rejected');

    const refused = decideApproval(original, 'stranger', 'approved');
    expect(refused.ok).toBe(false);
    expect(original).toEqual(frozenCopy);
  });
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Reading a request
// ---------------------------------------------------------------------------------------------

describe('waitingApprovers / isWaitingFor', () => {
  it('follow the open step over the life of a request until approval', () => {
    let state = threeSteps();
    expect(waitingApprovers(state)).toEqual(['a']);
    expect(isWaitingFor(state, 'a')).toBe(true);
    for (const other of ['b', 'c', 'd', 'e', 'stranger']) expect(isWaitingFor(state, other)).toBe(false);

    state = approveAll(state, ['a']);
    expect(waitingApprovers(state)).toEqual(['b', 'c', 'd']);
    expect(isWaitingFor(state, 'a')).toBe(false);
    expect(isWaitingFor(state, 'c')).toBe(true);

    state = approveAll(state, ['c']);
    expect(waitingApprovers(state)).toEqual(['b', 'd']);
    expect(isWaitingFor(state, 'c')).toBe(false);
    expect(isWaitingFor(state, 'b')).toBe(true);

    state = approveAll(state, ['d']);
    expect(waitingApprovers(state)).toEqual(['e']);
    expect(isWaitingFor(state, 'b')).toBe(false);
    expect(isWaitingFor(state, 'e')).toBe(true);

    state = approveAll(state, ['e']);
    expect(state.status).toBe('approved');
    expect(waitingApprovers(state)).toEqual([]);
    for (const anyone of ['a', 'b', 'c', 'd', 'e']) expect(isWaitingFor(state, anyone)).toBe(false);
  });

  it('are empty once rejected or reset', () => {
    const midway = approveAll(threeSteps(), ['a', 'b']);
    expect(waitingApprovers(midway)).toEqual(['c', 'd']);
    const rejected = decided(decideApproval(midway, 'c', 'rejected')).state;
    expect(waitingApprovers(rejected)).toEqual([]);
    expect(isWaitingFor(rejected, 'd')).toBe(false);
    const reset = resetApproval(midway)!;
    expect(waitingApprovers(reset)).toEqual([]);
    expect(isWaitingFor(reset, 'c')).toBe(false);
  });
});

describe('approvalProgress', () => {
  it('reports step index, step count and approvals of the open step over time', () => {
    let state = threeSteps();
    expect(approvalProgress(state)).toEqual({ currentStep: 0, stepCount: 3, approvedInStep: 0, requiredInStep: 1 });
    state = approveAll(state, ['a']);
    expect(approvalProgress(state)).toEqual({ currentStep: 1, stepCount: 3, approvedInStep: 0, requiredInStep: 2 });
    state = approveAll(state, ['d']);
    expect(approvalProgress(state)).toEqual({ currentStep: 1, stepCount: 3, approvedInStep: 1, requiredInStep: 2 });
    state = approveAll(state, ['b']);
    expect(approvalProgress(state)).toEqual({ currentStep: 2, stepCount: 3, approvedInStep: 0, requiredInStep: 1 });
    state = approveAll(state, ['e']);
    expect(approvalProgress(state)).toEqual({ currentStep: 2, stepCount: 3, approvedInStep: 1, requiredInStep: 1 });
  });

  it('stays on the step where the request was rejected and does not count the rejection', () => {
    const state = approveAll(threeSteps(), ['a', 'b']);
    const rejected = decided(decideApproval(state, 'd', 'rejected')).state;
    expect(approvalProgress(rejected)).toEqual({ currentStep: 1, stepCount: 3, approvedInStep: 1, requiredInStep: 2 });
  });
});

describe('requirementStageOfApproval', () => {
  it('only returns approval stages known to the required-field settings', () => {
    expect(REQUIREMENT_STAGES).toContain('first_approval');
    expect(REQUIREMENT_STAGES).toContain('last_approval');
  });

  it('single step, single approver: the only approval is the last', () => {
    expect(requirementStageOfApproval(startApproval([{ approverIds: ['a'], requiredApprovals: 1 }]))).toBe('last_approval');
  });

  it('every approval before the last step is the first; the one completing the last step is the last', () => {
    let state = threeSteps();
    expect(requirementStageOfApproval(state)).toBe('first_approval'); // a, completes step 0
    state = approveAll(state, ['a']);
    expect(requirementStageOfApproval(state)).toBe('first_approval'); // first of two in step 1
    state = approveAll(state, ['b']);
    expect(requirementStageOfApproval(state)).toBe('first_approval'); // completes step 1, not the last step
    state = approveAll(state, ['c']);
    expect(requirementStageOfApproval(state)).toBe('last_approval'); // e completes the last step
  });

  it('a 2-of-2 last step: the first approval is first_approval, the second last_approval', () => {
    let state = startApproval([
      { approverIds: ['a'], requiredApprovals: 1 },
      { approverIds: ['b', 'c'], requiredApprovals: 2 },
    ]);
    state = approveAll(state, ['a']);
    expect(requirementStageOfApproval(state)).toBe('first_approval');
    state = approveAll(state, ['c']);
    expect(requirementStageOfApproval(state)).toBe('last_approval');
    const done = decided(decideApproval(state, 'b', 'approved'));
    expect(done.outcome).toBe('approved');
  });

  it('a single 2-of-3 step: first_approval, then last_approval for the completing one', () => {
    let state = startApproval([{ approverIds: ['a', 'b', 'c'], requiredApprovals: 2 }]);
    expect(requirementStageOfApproval(state)).toBe('first_approval');
    state = approveAll(state, ['b']);
    expect(requirementStageOfApproval(state)).toBe('last_approval');
  });

  it('agrees with decideApproval: last_approval exactly when the approval approves the request', () => {
    const flows = [
      [{ approverIds: ['a'], requiredApprovals: 1 }],
      [
        { approverIds: ['a', 'b'], requiredApprovals: 1 },
        { approverIds: ['c', 'd', 'e'], requiredApprovals: 3 },
      ],
      [
        { approverIds: ['a', 'b', 'c'], requiredApprovals: 2 },
        { approverIds: ['a', 'b'], requiredApprovals: 2 },
        { approverIds: ['c'], requiredApprovals: 1 },
      ],
    ];
    for (const steps of flows) {
      let state = startApproval(steps);
      while (state.status === 'pending') {
        const approverId = waitingApprovers(state)[0]!;
        const stage = requirementStageOfApproval(state);
        const result = decided(decideApproval(state, approverId, 'approved'));
        expect(stage).toBe(result.outcome === 'approved' ? 'last_approval' : 'first_approval');
        state = result.state;
      }
      expect(state.status).toBe('approved');
    }
  });
});

describe('resetApproval', () => {
  it.each<ApprovalRequestStatus>(['pending', 'approved', 'rejected'])('closes a %s request as reset', (status) => {
    const state = stateWithStatus(status);
    const reset = resetApproval(state);
    expect(reset).not.toBeNull();
    expect(reset!.status).toBe('reset');
    expect(reset!.currentStep).toBe(state.currentStep);
    expect(reset!.steps).toEqual(state.steps);
    expect(state.status).toBe(status);
  });

  it('refuses to reset a request that is already reset', () => {
    expect(resetApproval(stateWithStatus('reset'))).toBeNull();
  });

  it('after a real rejection and a real approval', () => {
    const rejected = decided(decideApproval(threeSteps(), 'a', 'rejected')).state;
    expect(resetApproval(rejected)?.status).toBe('reset');
    const approved = approveAll(threeSteps(), ['a', 'b', 'c', 'e']);
    expect(approved.status).toBe('approved');
    const reset = resetApproval(approved)!;
    expect(reset.status).toBe('reset');
    expect(resetApproval(reset)).toBeNull();
    expect(decideApproval(reset, 'e', 'approved')).toEqual({ ok: false, refusal: 'not_pending' });
  });
});

describe('invoiceResetRefusal', () => {
  const RESETTABLE = new Set(['in_approval', 'approved', 'rejected']);

  it('knows every invoice status', () => {
    expect([...INVOICE_STATUSES].sort()).toEqual(
      ['new', 'in_approval', 'approved', 'rejected', 'cancelled', 'archived', 'exported', 'imported'].sort(),
    );
  });

  it.each(INVOICE_STATUSES.map((status) => ({ status, resettable: RESETTABLE.has(status) })))(
    'invoice status $status (resettable: $resettable) without a transaction',
    ({ status, resettable }) => {
      expect(invoiceResetRefusal(status, null)).toBe(resettable ? null : 'status');
    },
  );

  const transactionCases: { transaction: string | null; refusal: 'transaction_exported' | 'transaction_approved' | null }[] = [
    { transaction: 'exported', refusal: 'transaction_exported' },
    { transaction: 'approved', refusal: 'transaction_approved' },
    { transaction: 'new', refusal: null },
    { transaction: 'rejected', refusal: null },
    { transaction: 'pending', refusal: null },
    { transaction: null, refusal: null },
  ];

  for (const status of INVOICE_STATUSES) {
    it.each(transactionCases)(`invoice ${status} with transaction $transaction`, ({ transaction, refusal }) => {
      expect(invoiceResetRefusal(status, transaction)).toBe(RESETTABLE.has(status) ? refusal : 'status');
    });
  }

  it('refuses unknown invoice statuses', () => {
    expect(invoiceResetRefusal('', null)).toBe('status');
    expect(invoiceResetRefusal('APPROVED', null)).toBe('status');
  });
});

describe('startApproval refuses what would let one decision count twice', () => {
  it('refuses an approver listed twice in a step', () => {
    expect(() => startApproval([{ approverIds: ['a', 'a'], requiredApprovals: 2 }])).toThrow();
  });
  it('refuses a count that is not a whole number', () => {
    expect(() => startApproval([{ approverIds: ['a', 'b'], requiredApprovals: 1.5 }])).toThrow();
    expect(() => startApproval([{ approverIds: ['a', 'b'], requiredApprovals: Number.NaN }])).toThrow();
  });
});
