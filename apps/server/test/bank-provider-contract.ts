import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, isIban, todayIso } from '@kontor/domain';
import { BankProviderError, type BankDataProvider, type ConsentState } from '../src/modules/bank-connections/provider';

/** A provider under test and how a person answers its consent (each provider's test knows its bank's page). */
export interface ProviderUnderContract {
  provider: BankDataProvider;
  /** A country the provider offers banks in; the first of its institutions is connected. */
  country: string;
  /** The person allows access at the bank the redirect URL leads to. */
  grant(redirectUrl: string): Promise<void>;
  /** The person refuses; without it the denial case is skipped. */
  deny?(redirectUrl: string): Promise<void>;
}

const DAY_MS = 86_400_000;
const CALLBACK = 'http://localhost:3000/api/bank-connections/callback';

async function providerError(work: Promise<unknown>): Promise<BankProviderError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BankProviderError);
  return error as BankProviderError;
}

/**
 * What every BankDataProvider must do (issue 60), through the interface alone: institutions per
 * country, a consent that starts pending and is granted or denied by the person, the accounts and
 * transactions it covers, and its deletion. Run for the sandbox bank and for the GoCardless
 * adapter against its fake; `makeProvider` runs in this suite's beforeAll, after the caller's own.
 */
export function providerContract(name: string, makeProvider: () => ProviderUnderContract | Promise<ProviderUnderContract>): void {
  describe(`bank provider contract: ${name}`, () => {
    let subject: ProviderUnderContract;
    let institutionId: string;
    let validForDays: number;
    let consentId: string;
    let granted: ConsentState;

    beforeAll(async () => {
      subject = await makeProvider();
    });

    const start = (reference = `contract-${randomUUID()}`) =>
      subject.provider.startConsent({ institutionId, redirectUrl: CALLBACK, reference, validForDays });

    it('lists institutions of a country with what the connect flow shows', async () => {
      const institutions = await subject.provider.institutions(subject.country);
      expect(institutions.length).toBeGreaterThan(0);
      for (const institution of institutions) {
        expect(institution.id).not.toBe('');
        expect(institution.name).not.toBe('');
        expect(institution.countries).toContain(subject.country);
        expect(institution.transactionTotalDays).toBeGreaterThanOrEqual(90);
        expect(institution.maxAccessValidForDays).toBeGreaterThan(0);
      }
      institutionId = institutions[0]!.id;
      validForDays = Math.min(180, institutions[0]!.maxAccessValidForDays);
    });

    it('starts a consent that waits for the person, with a page to send them to', async () => {
      const started = await start();
      expect(started.consentId).not.toBe('');
      expect(new URL(started.redirectUrl).protocol).toMatch(/^https?:$/);
      const state = await subject.provider.consent(started.consentId);
      expect(state).toEqual({ status: 'pending', accountIds: [], validUntil: null });
      consentId = started.consentId;
      await subject.grant(started.redirectUrl);
      granted = await subject.provider.consent(consentId);
    });

    it('once granted, names its accounts and how long access lasts', () => {
      expect(granted.status).toBe('granted');
      expect(granted.accountIds.length).toBeGreaterThan(0);
      const days = (granted.validUntil!.getTime() - Date.now()) / DAY_MS;
      expect(days).toBeGreaterThan(validForDays - 1.01);
      expect(days).toBeLessThanOrEqual(validForDays + 0.01);
    });

    it('describes each account with a valid IBAN, a name, its currency and balance', async () => {
      for (const accountId of granted.accountIds) {
        const account = await subject.provider.account(accountId);
        expect(account.id).toBe(accountId);
        expect(isIban(account.iban)).toBe(true);
        expect(account.name).not.toBe('');
        expect(account.currency).toMatch(/^[A-Z]{3}$/);
        if (account.balance !== null) expect(Number.isInteger(account.balance)).toBe(true);
      }
    });

    it('answers the same booked transactions since a date, each once, in minor units', async () => {
      const since = addDaysIso(todayIso(), -60);
      const accountId = granted.accountIds[0]!;
      const first = await subject.provider.transactions(accountId, since);
      const again = await subject.provider.transactions(accountId, since);
      expect(first.length).toBeGreaterThan(0);
      expect(again.map((transaction) => transaction.id).sort()).toEqual(first.map((transaction) => transaction.id).sort());
      expect(new Set(first.map((transaction) => transaction.id)).size).toBe(first.length);
      for (const transaction of first) {
        expect(transaction.bookingDate >= since, `${transaction.bookingDate} before ${since}`).toBe(true);
        expect(transaction.bookingDate <= todayIso()).toBe(true);
        expect(Number.isInteger(transaction.amount)).toBe(true);
        expect(transaction.amount).not.toBe(0);
        expect(transaction.currency).toMatch(/^[A-Z]{3}$/);
      }
    });

    it('refuses an account it does not know, as no failure worth retrying', async () => {
      const error = await providerError(subject.provider.account(`unknown-${randomUUID()}`));
      expect(error.transient).toBe(false);
    });

    it('records a denial when the person refuses', async (context) => {
      if (!subject.deny) return context.skip();
      const started = await start();
      await subject.deny(started.redirectUrl);
      const state = await subject.provider.consent(started.consentId);
      expect(state.status).toBe('denied');
      expect(state.accountIds).toEqual([]);
    });

    it('deletes a consent: it is gone afterwards, and deleting an unknown one is no error', async () => {
      await subject.provider.deleteConsent(consentId);
      const error = await providerError(subject.provider.consent(consentId));
      expect(error.code).toBe('not_found');
      await subject.provider.deleteConsent(consentId);
    });
  });
}
