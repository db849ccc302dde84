import { describe, expect, it } from 'vitest';
import { describeCounterpartyChanges, historyVerb } from './history';

describe('counterparty history', () => {
  it('reads trust updates as trust and untrust', () => {
    expect(historyVerb('update', { isTrusted: { from: false, to: true }, trustedAt: { from: null, to: 'x' } })).toBe('trust');
    expect(historyVerb('update', { isTrusted: { from: true, to: false } })).toBe('untrust');
    expect(historyVerb('update', { isTrusted: { from: false, to: true }, name: { from: 'a', to: 'b' } })).toBe('update');
    expect(historyVerb('trust', null)).toBe('trust');
  });

  it('shows values people can read and names lists and ids only', () => {
    expect(
      describeCounterpartyChanges({
        name: { from: 'Old', to: 'New' },
        skontoRate: { from: null, to: 250 },
        bankAccounts: { from: [], to: [{}] },
        defaultLedgerAccountId: { from: null, to: 'b1' },
        version: { from: 1, to: 2 },
        note: 'not a change',
      }),
    ).toEqual([
      { field: 'name', from: 'Old', to: 'New', hasValues: true },
      { field: 'skontoRate', from: null, to: '2,5 %', hasValues: true },
      { field: 'bankAccounts', from: null, to: null, hasValues: false },
      { field: 'defaultLedgerAccountId', from: null, to: null, hasValues: false },
    ]);
  });
});
