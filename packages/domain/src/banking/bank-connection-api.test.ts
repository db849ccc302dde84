import { describe, expect, it } from 'vitest';
import { accessExpiry, isSyncInProgress, syncProgress, type BankConnectionAccount } from './bank-connection-api';

const now = new Date('2026-12-07T10:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe('accessExpiry', () => {
  it('warns 30, 14 and 3 days ahead, and once the access has lapsed', () => {
    expect(accessExpiry(inDays(90), now)).toBe('ok');
    expect(accessExpiry(inDays(30), now)).toBe('expiring_30');
    expect(accessExpiry(inDays(15), now)).toBe('expiring_30');
    expect(accessExpiry(inDays(14), now)).toBe('expiring_14');
    expect(accessExpiry(inDays(3), now)).toBe('expiring_3');
    expect(accessExpiry(inDays(0.5), now)).toBe('expiring_3');
    expect(accessExpiry(inDays(-1), now)).toBe('expired');
    expect(accessExpiry(null, now)).toBe('ok');
    expect(accessExpiry(inDays(10).toISOString(), now)).toBe('expiring_14');
  });
});

const account = (syncStatus: BankConnectionAccount['syncStatus'], connected = true): BankConnectionAccount => ({
  providerAccountId: `acc-${syncStatus}`,
  iban: 'DE89370400440532013000',
  name: 'Geschäftskonto',
  currency: 'EUR',
  balance: 100,
  companyBankAccountId: connected ? '00000000-0000-4000-8000-000000000001' : null,
  isConnectedElsewhere: false,
  syncStatus,
  lastSyncAt: null,
  syncError: null,
});

describe('sync progress', () => {
  it('counts the connected accounts whose sync ended, and polls while one waits or runs', () => {
    const connection = { accounts: [account('done'), account('running'), account('failed'), account(null, false)] };
    expect(syncProgress(connection)).toEqual({ done: 2, total: 3 });
    expect(isSyncInProgress(connection)).toBe(true);
    expect(isSyncInProgress({ accounts: [account('done'), account('failed')] })).toBe(false);
  });
});
