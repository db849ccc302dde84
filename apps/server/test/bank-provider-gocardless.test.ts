import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGoCardlessProvider } from '../src/modules/bank-connections/gocardless/gocardless-provider';
import { BankProviderError, type BankDataProvider } from '../src/modules/bank-connections/provider';
import { startGoCardlessFake, type GoCardlessFake } from './fakes/gocardless-fake';

const DAY_MS = 86_400_000;
const START = Date.parse('2025-03-14T09:00:00.000Z');
const REDIRECT = 'https://kontor.example/api/bank-connections/callback';

describe('GoCardless Bank Account Data adapter against the fake API', () => {
  let fake: GoCardlessFake;
  let clock = START;
  const now = () => clock;
  let provider: BankDataProvider;
  let references = 0;

  const make = (overrides: { secretKey?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
    createGoCardlessProvider({
      baseUrl: overrides.baseUrl ?? fake.baseUrl,
      secretId: fake.secretId,
      secretKey: overrides.secretKey ?? fake.secretKey,
      timeoutMs: overrides.timeoutMs,
      now,
    });
  const count = (request: string) => fake.requests.filter((item) => item === `POST /api/v2/${request}`).length;
  const startConsent = (institutionId = 'DEMOBANK_DEMODEXX', validForDays = 180) =>
    provider.startConsent({ institutionId, redirectUrl: REDIRECT, reference: `state-${++references}`, validForDays });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('expected a BankProviderError'),
      (error: unknown) => {
        expect(error).toBeInstanceOf(BankProviderError);
        return error as BankProviderError;
      },
    );
  async function connectedAccounts(institutionId = 'DEMOBANK_DEMODEXX') {
    const started = await startConsent(institutionId);
    await fake.visit(started.redirectUrl);
    return (await provider.consent(started.consentId)).accountIds;
  }

  beforeAll(async () => {
    fake = await startGoCardlessFake({ now });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    clock = START;
    fake.requests.length = 0;
    fake.delayMs = 0;
    provider = make();
  });
  afterEach(() => {
    fake.delayMs = 0;
  });

  describe('tokens', () => {
    it('asks for one token for concurrent calls and reuses it', async () => {
      await Promise.all([provider.institutions('DE'), provider.institutions('AT'), provider.institutions('DE')]);
      await provider.institutions('DE');
      expect(count('token/new/')).toBe(1);
      expect(count('token/refresh/')).toBe(0);
    });

    it('refreshes the access token shortly before its 24 hours end, and gets a new pair after 30 days', async () => {
      await provider.institutions('DE');
      clock += 24 * 3_600_000 - 30_000; // within the last minute of the access token
      await provider.institutions('DE');
      expect([count('token/new/'), count('token/refresh/')]).toEqual([1, 1]);
      clock += 2 * 3_600_000;
      await provider.institutions('DE');
      expect([count('token/new/'), count('token/refresh/')]).toEqual([1, 1]);
      clock += 31 * DAY_MS;
      await provider.institutions('DE');
      expect([count('token/new/'), count('token/refresh/')]).toEqual([2, 1]);
    });

    it('replaces a token the API no longer accepts, by refresh or else by a new pair', async () => {
      await provider.institutions('DE');
      fake.expireAccessTokens();
      expect(await provider.institutions('DE')).toHaveLength(2);
      expect([count('token/new/'), count('token/refresh/')]).toEqual([1, 1]);
      fake.expireAccessTokens();
      fake.expireRefreshTokens();
      expect(await provider.institutions('DE')).toHaveLength(2);
      expect([count('token/new/'), count('token/refresh/')]).toEqual([2, 2]);
    });

    it('reports wrong secrets as refused', async () => {
      const error = await failure(make({ secretKey: 'wrong' }).institutions('DE'));
      expect(error).toMatchObject({ code: 'refused', transient: false });
      expect(error.message).not.toContain('wrong');
    });
  });

  it('lists the institutions of a country', async () => {
    const german = await provider.institutions('de');
    expect(german.map((item) => item.id)).toEqual(['DEMOBANK_DEMODEXX', 'SPARKASSE_BERLIN_BELADEBEXXX']);
    expect(german[0]).toEqual({
      id: 'DEMOBANK_DEMODEXX',
      name: 'Demo Bank',
      bic: 'DEMODEXX',
      logoUrl: 'https://cdn-logos.gocardless.com/ais/DEMODEXX.png',
      countries: ['DE'],
      transactionTotalDays: 540,
      maxAccessValidForDays: 180,
    });
    expect(await provider.institutions('FR')).toEqual([]);
  });

  describe('consent', () => {
    it('starts pending, is granted at the bank and then covers the accounts until accepted + days', async () => {
      const started = await startConsent();
      expect(started.redirectUrl).toBe(fake.requisition(started.consentId)!.link);
      expect(await provider.consent(started.consentId)).toEqual({ status: 'pending', accountIds: [], validUntil: null });

      clock += 5 * 60_000; // the person takes five minutes at the bank
      const back = await fake.visit(started.redirectUrl);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get('ref')).toBe(`state-${references}`);

      const state = await provider.consent(started.consentId);
      expect(state.status).toBe('granted');
      expect(state.accountIds).toEqual(fake.requisition(started.consentId)!.accounts);
      expect(state.accountIds).toHaveLength(2);
      expect(state.validUntil).toEqual(new Date(START + 5 * 60_000 + 180 * DAY_MS));
    });

    it('asks the bank for its full history and no longer access than it allows', async () => {
      const started = await startConsent('ERSTE_BANK_GIBAATWW', 180);
      await fake.visit(started.redirectUrl);
      expect((await provider.consent(started.consentId)).validUntil).toEqual(new Date(START + 90 * DAY_MS));
      const demo = await startConsent('DEMOBANK_DEMODEXX', 30);
      await fake.visit(demo.redirectUrl);
      expect((await provider.consent(demo.consentId)).validUntil).toEqual(new Date(START + 30 * DAY_MS));
    });

    it('is denied when the person refuses at the bank', async () => {
      const started = await startConsent();
      const back = await fake.visit(started.redirectUrl, 'deny');
      expect(back.searchParams.get('error')).toBe('UserCancelledSession');
      expect(await provider.consent(started.consentId)).toEqual({ status: 'denied', accountIds: [], validUntil: null });
    });

    it('expires when its days are over, and its accounts are then refused', async () => {
      const started = await startConsent('ERSTE_BANK_GIBAATWW', 90);
      await fake.visit(started.redirectUrl);
      const [accountId] = (await provider.consent(started.consentId)).accountIds;
      clock += 91 * DAY_MS;
      expect((await provider.consent(started.consentId)).status).toBe('expired');
      expect(await failure(provider.account(accountId!))).toMatchObject({ code: 'refused', transient: false });
    });

    it('is deleted at the provider; deleting an unknown consent is no error', async () => {
      const started = await startConsent();
      await provider.deleteConsent(started.consentId);
      expect(await failure(provider.consent(started.consentId))).toMatchObject({ code: 'not_found', transient: false });
      await expect(provider.deleteConsent(started.consentId)).resolves.toBeUndefined();
    });

    it('refuses an unknown institution and removes the agreement when the requisition fails', async () => {
      expect(await failure(startConsent('NO_SUCH_BANK'))).toMatchObject({ code: 'not_found' });
      fake.failNext(500, { match: 'POST requisitions/' });
      expect(await failure(startConsent())).toMatchObject({ code: 'unavailable', transient: true });
      expect(fake.requests.filter((item) => item.startsWith('DELETE /api/v2/agreements/enduser/'))).toHaveLength(1);
      const error = await failure(
        provider.startConsent({ institutionId: 'DEMOBANK_DEMODEXX', redirectUrl: 'not a url', reference: 'x', validForDays: 90 }),
      );
      expect(error).toMatchObject({ code: 'refused', transient: false });
      expect(error.message).toContain('redirect');
    });
  });

  describe('accounts', () => {
    it('reads IBAN, name, owner and the booked balance in minor units', async () => {
      const [business, second] = await connectedAccounts();
      expect(await provider.account(business!)).toEqual({
        id: business,
        iban: 'DE89370400440532013000',
        name: 'Geschäftskonto',
        ownerName: 'Muster GmbH',
        currency: 'EUR',
        balance: 123450,
        balanceDate: '2025-03-13',
      });
      expect(await provider.account(second!)).toMatchObject({
        iban: 'DE02300209000106531065',
        name: 'Muster GmbH',
        balance: -10,
      });
    });

    it('takes the IBAN from the account metadata when the bank leaves it out, and says when there is no balance', async () => {
      const [accountId] = await connectedAccounts('SPARKASSE_BERLIN_BELADEBEXXX');
      expect(await provider.account(accountId!)).toMatchObject({
        iban: 'DE75512108001245126199',
        name: 'Sparkassen-Giro',
        balance: null,
        balanceDate: null,
      });
    });

    it('answers not_found for an unknown account', async () => {
      expect(await failure(provider.account('00000000-0000-0000-0000-000000000000'))).toMatchObject({
        code: 'not_found',
        transient: false,
      });
    });

    it('lists booked transactions since a date with the counterparty by the sign', async () => {
      const [business] = await connectedAccounts();
      const transactions = await provider.transactions(business!, '2025-03-01');
      expect(transactions).toEqual([
        {
          id: 'TX-2025-0001',
          bookingDate: '2025-03-03',
          valueDate: '2025-03-03',
          amount: 119000,
          currency: 'EUR',
          counterpartyName: 'Kunde AG',
          counterpartyIban: 'DE02120300000000202051',
          remittanceInformation: 'Rechnung RE-2025-014',
          endToEndId: 'E2E-RE-2025-014',
        },
        {
          id: 'TX-2025-0002',
          bookingDate: '2025-03-05',
          valueDate: '2025-03-06',
          amount: -12345,
          currency: 'EUR',
          counterpartyName: 'Bürobedarf Schmidt KG',
          counterpartyIban: 'DE02500105170137075030',
          remittanceInformation: 'RE 4711 Kundennr. 0815',
          endToEndId: null,
        },
        {
          id: 'b6f1a0c2d3e4f5a6b7c8d9e0f1a2b3c4',
          bookingDate: '2025-03-10',
          valueDate: null,
          amount: -10,
          currency: 'EUR',
          counterpartyName: null,
          counterpartyIban: null,
          remittanceInformation: 'Kontoführung',
          endToEndId: null,
        },
      ]);
      expect(fake.requests).toContain(`GET /api/v2/accounts/${business}/transactions/`);
      expect((await provider.transactions(business!, '2025-01-01')).map((item) => item.amount)).toContain(25000);
    });
  });

  describe('faults', () => {
    it('maps 5xx to unavailable and transient', async () => {
      await provider.institutions('DE');
      fake.failNext(500);
      expect(await failure(provider.institutions('DE'))).toMatchObject({ code: 'unavailable', transient: true });
      fake.failNext(503);
      expect(await failure(provider.institutions('DE'))).toMatchObject({ code: 'unavailable', transient: true });
      expect(await provider.institutions('DE')).toHaveLength(2);
    });

    it('maps 429 to rate_limited and names the wait from Retry-After or the rate-limit headers', async () => {
      const [accountId] = await connectedAccounts();
      fake.failNext(429, { retryAfter: 7 });
      const limited = await failure(provider.institutions('DE'));
      expect(limited).toMatchObject({ code: 'rate_limited', transient: true });
      expect(limited.message).toContain('retry after 7 s');
      fake.failNext(429, { match: '/transactions/', retryAfter: 86_000, rateLimitHeaders: true });
      const daily = await failure(provider.transactions(accountId!, '2025-03-01'));
      expect(daily).toMatchObject({ code: 'rate_limited', transient: true });
      expect(daily.message).toContain('retry after 86000 s');
    });

    it('maps a token request that fails to the same errors', async () => {
      fake.failNext(502, { match: 'token/new/' });
      expect(await failure(provider.institutions('DE'))).toMatchObject({ code: 'unavailable', transient: true });
      expect(await provider.institutions('DE')).toHaveLength(2);
    });

    it('gives up on a slow answer after the time-out, as unavailable', async () => {
      const quick = make({ timeoutMs: 300 });
      await quick.institutions('DE');
      fake.delayMs = 2_000;
      const error = await failure(quick.institutions('DE'));
      expect(error).toMatchObject({ code: 'unavailable', transient: true });
      expect(error.message).toContain('no answer within 300 ms');
    });

    it('reports a provider that cannot be reached as unavailable', async () => {
      const error = await failure(make({ baseUrl: 'http://127.0.0.1:9/api/v2/' }).institutions('DE'));
      expect(error).toMatchObject({ code: 'unavailable', transient: true });
      expect(error.message).toContain('network error');
    });
  });
});
