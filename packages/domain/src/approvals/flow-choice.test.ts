import { describe, expect, it } from 'vitest';
import type { ChoosableFlow, FlowSubject } from './approval-engine';
import { explainFlowChoice, unmetConditions } from './flow-choice';

const subject: FlowSubject = { amount: 80_000, currency: 'EUR', costCenterIds: ['cc-1'], counterpartyId: 'cp-1' };
const flow = (id: string, conditions: ChoosableFlow['conditions'], isDefault = false, position = 0): ChoosableFlow => ({
  id,
  type: 'invoice',
  isDefault,
  position,
  conditions,
});
const large = flow('large', [{ kind: 'amount_above', amount: 500_000, currency: 'EUR' }], false, 1);
const marketing = flow('marketing', [{ kind: 'cost_center', costCenterIds: ['cc-1'] }], false, 2);
const standard = flow('standard', [], true, 3);

describe('unmetConditions', () => {
  it('names the conditions the invoice does not meet, not those it meets', () => {
    const mixed = flow('mixed', [
      { kind: 'amount_above', amount: 500_000, currency: 'EUR' },
      { kind: 'currency', currencies: ['EUR'] },
    ]);
    expect(unmetConditions(mixed, subject)).toEqual([{ kind: 'amount_above', amount: 500_000, currency: 'EUR' }]);
    expect(unmetConditions(marketing, subject)).toEqual([]);
  });

  it('has none for the default flow and for a flow without conditions', () => {
    expect(unmetConditions(flow('d', [{ kind: 'amount_above', amount: 1, currency: 'USD' }], true), subject)).toEqual([]);
    expect(unmetConditions(flow('hand', []), subject)).toEqual([]);
  });
});

describe('explainFlowChoice', () => {
  it('says whether the conditions chose the flow or the default applies because none matched', () => {
    expect(explainFlowChoice([large, marketing, standard], 'invoice', subject)).toMatchObject({
      flow: { id: 'marketing' },
      reason: 'conditions',
    });
    expect(explainFlowChoice([large, standard], 'invoice', subject)).toMatchObject({
      flow: { id: 'standard' },
      reason: 'default',
    });
    expect(explainFlowChoice([large], 'invoice', subject)).toBeNull();
  });
});
