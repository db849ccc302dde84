import { describe, expect, it } from 'vitest';
import type { BankTransactionAccount } from '@kontor/domain/banking/bank-transaction-api';
import { endedSyncs, isSyncing, shownBalance, syncStatuses } from './account-status';

const account = (change: Partial<BankTransactionAccount> = {}): BankTransactionAccount => ({
  id: 'a1',
  name: 'Geschäftskonto',
  iban: 'DE89370400440532013000',
  connected: true,
  syncStatus: 'done',
  syncError: null,
  lastSyncAt: '2026-03-10T08:00:00+01:00',
  lastSyncAdded: 3,
  balance: null,
  balanceDate: null,
  transactionCount: 12,
  latestStatement: null,
  ...change,
});

const statement = (closing: number, date: string | null, periodTo: string | null = null, currency = 'EUR') => ({
  id: 's1',
  periodTo,
  closingBalance: { amount: closing, date },
  currency,
});

describe('account balance shown', () => {
  it('has none without a bank balance or a statement closing balance', () => {
    expect(shownBalance(account())).toBeNull();
    expect(
      shownBalance(account({ latestStatement: { id: 's1', periodTo: null, closingBalance: null, currency: 'EUR' } })),
    ).toBeNull();
  });

  it('takes the bank balance, or the latest statement when there is no bank balance', () => {
    expect(shownBalance(account({ balance: 5000, balanceDate: '2026-03-10' }))).toEqual({
      source: 'bank',
      amount: 5000,
      currency: 'EUR',
      date: '2026-03-10',
    });
    expect(shownBalance(account({ latestStatement: statement(-700, null, '2026-02-28', 'CHF') }))).toEqual({
      source: 'statement',
      amount: -700,
      currency: 'CHF',
      date: '2026-02-28',
    });
  });

  it('takes the newer of the two, the bank on a tie', () => {
    const both = (bankDate: string) =>
      shownBalance(account({ balance: 1, balanceDate: bankDate, latestStatement: statement(2, '2026-03-05') }))?.source;
    expect(both('2026-03-01')).toBe('statement');
    expect(both('2026-03-05')).toBe('bank');
    expect(both('2026-03-09T07:00:00Z')).toBe('bank');
  });
});

describe('sync progress', () => {
  it('is under way while pending or running', () => {
    expect(isSyncing({ syncStatus: 'pending' })).toBe(true);
    expect(isSyncing({ syncStatus: 'running' })).toBe(true);
    expect(isSyncing({ syncStatus: 'done' })).toBe(false);
    expect(isSyncing({ syncStatus: null })).toBe(false);
  });

  it('names the accounts whose sync ended since the last answer, none on the first', () => {
    const before = syncStatuses([
      account({ id: 'a', syncStatus: 'running' }),
      account({ id: 'b', syncStatus: 'pending' }),
      account({ id: 'c' }),
    ]);
    const now = [
      account({ id: 'a', syncStatus: 'done' }),
      account({ id: 'b', syncStatus: 'running' }),
      account({ id: 'c', syncStatus: 'failed' }),
      account({ id: 'd', syncStatus: 'done' }),
    ];
    expect(endedSyncs(before, now).map((item) => item.id)).toEqual(['a']);
    expect(endedSyncs(null, now)).toEqual([]);
    expect(
      endedSyncs(syncStatuses([account({ id: 'b', syncStatus: 'running' })]), [account({ id: 'b', syncStatus: 'failed' })]),
    ).toHaveLength(1);
  });
});
