import { describe, expect, it } from 'vitest';
import { describeCounterpartyChanges, historyNote, historyVerb } from './history';

describe('counterparty history', () => {
  it('reads trust updates as trust and untrust', () => {
    expect(historyVerb('update', { isTrusted: { from: false, to: true }, trustedAt: { from: null, to: 'x' } })).toBe('trust');
    expect(historyVerb('update', { isTrusted: { from: true, to: false } })).toBe('untrust');
    expect(historyVerb('update', { isTrusted: { from: false, to: true }, name: { from: 'a', to: 'b' } })).toBe('update');
    expect(historyVerb('trust', null)).toBe('trust');
  });

  it('reads the trust the system removed for changed bank details as untrust, with the reason as its note', () => {
    const changes = {
      isTrusted: { from: true, to: false },
      trustRemovedBecause: 'bank_details_changed',
      newIbans: ['DE02120300000000202051'],
    };
    expect(historyVerb('update', changes)).toBe('untrust');
    expect(historyNote('update', changes)).toEqual({ kind: 'trustRemoved', reason: 'bank_details_changed' });
    expect(describeCounterpartyChanges(changes)).toEqual([{ field: 'isTrusted', from: '✓', to: '✗', hasValues: true }]);
    expect(historyNote('update', { ...changes, trustRemovedBecause: 'unknown' })).toBeNull();
  });

  it('names the counterparty a merge took in', () => {
    expect(historyNote('merge', { mergedId: 'b1', mergedName: 'Schneider', name: { from: 'A', to: 'B' } })).toEqual({
      kind: 'mergedWith',
      name: 'Schneider',
    });
    expect(historyNote('merge', { mergedId: 'b1' })).toBeNull();
    expect(historyNote('update', { name: { from: 'A', to: 'B' } })).toBeNull();
    expect(historyNote('merge', null)).toBeNull();
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
