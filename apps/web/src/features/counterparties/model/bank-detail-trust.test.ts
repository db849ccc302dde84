import { describe, expect, it } from 'vitest';
import { hasLostTrust, willRemoveTrust } from './bank-detail-trust';

const OLD = 'DE89370400440532013000';
const NEW = 'DE02120300000000202051';
const account = (iban: string) => ({ id: 'a1', name: 'Haupt', iban, bic: null, createdAt: '2025-01-01T00:00:00Z' });

describe('trust and the bank accounts of the form', () => {
  it('warns before saving a new or changed IBAN on a trusted counterparty', () => {
    const trusted = { isTrusted: true, bankAccounts: [account(OLD)] };
    expect(willRemoveTrust(trusted, [{ iban: 'DE02 1203 0000 0000 2020 51' }])).toBe(true);
    expect(willRemoveTrust(trusted, [{ iban: 'DE89 3704 0044 0532 0130 00' }, { iban: NEW }])).toBe(true);
  });

  it('does not warn for the same IBANs, a removed account, an IBAN being typed or an untrusted counterparty', () => {
    const trusted = { isTrusted: true, bankAccounts: [account(OLD)] };
    expect(willRemoveTrust(trusted, [{ iban: 'DE89 3704 0044 0532 0130 00' }])).toBe(false);
    expect(willRemoveTrust(trusted, [])).toBe(false);
    expect(willRemoveTrust(trusted, [{ iban: 'DE02 1203' }, { iban: '' }, {}])).toBe(false);
    expect(willRemoveTrust({ isTrusted: false, bankAccounts: [account(OLD)] }, [{ iban: NEW }])).toBe(false);
    expect(willRemoveTrust(null, [{ iban: NEW }])).toBe(false);
  });

  it('tells a save that took the trust away', () => {
    expect(hasLostTrust({ isTrusted: true }, { isTrusted: false })).toBe(true);
    expect(hasLostTrust({ isTrusted: true }, { isTrusted: true })).toBe(false);
    expect(hasLostTrust({ isTrusted: false }, { isTrusted: false })).toBe(false);
    expect(hasLostTrust(null, { isTrusted: false })).toBe(false);
  });
});
