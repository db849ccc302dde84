import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankConnection, CompanyBankAccount } from '@kontor/domain';
import { companyBankAccounts } from '../src/db/schema';
import { sandboxIban } from '../src/modules/bank-connections/sandbox/sandbox-institutions';
import { SYNC_JOB } from '../src/modules/bank-connections/sync';
import {
  answerConsent,
  bankClient,
  consentedConnection,
  createSandboxTestApp,
  runSync,
  type SandboxTestApp,
} from './bank-connection-fixtures';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization } from './factories';

const DAY_MS = 86_400_000;
const daysFromNow = (iso: string | null) => (new Date(iso!).getTime() - Date.now()) / DAY_MS;

/** Issue 60: connecting the sandbox bank through the API, and what is refused on the way. */
describe('bank connections: connect', () => {
  let testApp: SandboxTestApp;
  let org: TestOrganization;
  let other: TestOrganization;

  beforeAll(async () => {
    testApp = await createSandboxTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Verbunden GmbH');
    other = await createOrganizationWithAdmin(testApp, 'Fremd AG');
  });
  afterAll(async () => testApp.close());

  it('lists the banks of a country by name', async () => {
    const response = await bankClient(testApp, org.admin).institutions('DE');
    expect(response.statusCode).toBe(200);
    const names = response.json<{ items: { name: string }[] }>().items.map((item) => item.name);
    expect(names).toEqual([
      'Sandbox Direktbank',
      'Sandbox Handelsbank (10.000 Buchungen)',
      'Sandbox Sparkasse',
      'Sandbox Volksbank',
    ]);
    expect((await bankClient(testApp, org.admin).institutions('de')).statusCode).toBe(400);
  });

  it('connects: consent at the bank, back to the chosen accounts, first sync done, access for 180 days', async () => {
    const client = bankClient(testApp, org.admin);
    const started = await client.start('SANDBOX_SPARKASSE_DE');
    expect(started.statusCode).toBe(201);
    const { id, redirectUrl } = started.json<{ id: string; redirectUrl: string }>();
    expect(redirectUrl).toMatch(/^http:\/\/localhost:3000\/sandbox-bank\/consent\/[0-9a-f-]{36}$/);
    expect((await client.get(id)).json<BankConnection>()).toMatchObject({ status: 'pending_consent', accounts: [] });

    const back = await client.callback(await answerConsent(testApp, redirectUrl, 'allow'));
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/${org.slug}/settings/bank-accounts/connect/${id}`);

    const consented = (await client.get(id)).json<BankConnection>();
    expect(consented).toMatchObject({
      status: 'awaiting_accounts',
      institutionName: 'Sandbox Sparkasse',
      country: 'DE',
      accessExpiry: 'ok',
    });
    expect(daysFromNow(consented.accessValidUntil)).toBeGreaterThan(179.9);
    expect(consented.accounts).toEqual([
      expect.objectContaining({
        iban: sandboxIban('SANDBOX_SPARKASSE_DE', 0),
        name: 'Geschäftskonto',
        companyBankAccountId: null,
        isConnectedElsewhere: false,
      }),
      expect.objectContaining({
        iban: sandboxIban('SANDBOX_SPARKASSE_DE', 1),
        name: 'Tagesgeldkonto',
        isConnectedElsewhere: false,
      }),
    ]);
    expect(consented.accounts.every((account) => Number.isInteger(account.balance))).toBe(true);

    const chosen = await client.choose(id, [consented.accounts[0]!.providerAccountId], consented.version);
    expect(chosen.statusCode, chosen.body).toBe(200);
    const active = chosen.json<BankConnection>();
    expect(active.status).toBe('active');
    expect(active.accounts).toEqual([
      expect.objectContaining({
        iban: sandboxIban('SANDBOX_SPARKASSE_DE', 0),
        syncStatus: 'pending',
        companyBankAccountId: expect.any(String),
      }),
    ]);
    const queued = await testApp.database.pool.query(
      `select data from pgboss.job where name = $1 and data->>'connectionId' = $2`,
      [SYNC_JOB, id],
    );
    expect(queued.rows).toEqual([{ data: { orgId: org.id, connectionId: id } }]);

    expect(await runSync(testApp, org.id, id)).toMatchObject({ outcome: 'done', accounts: 1, failed: 0 });
    const synced = (await client.get(id)).json<BankConnection>();
    expect(synced.accounts[0]).toMatchObject({ syncStatus: 'done', syncError: null, balance: expect.any(Number) });
    expect(Date.now() - Date.parse(synced.accounts[0]!.lastSyncAt!)).toBeLessThan(60_000);

    const accounts = await testApp.app.inject({
      method: 'GET',
      url: '/api/company-bank-accounts',
      headers: browser(org.admin.cookie),
    });
    const account = accounts
      .json<{ items: CompanyBankAccount[] }>()
      .items.find((item) => item.id === active.accounts[0]!.companyBankAccountId);
    expect(account).toMatchObject({
      name: 'Sandbox Sparkasse · Geschäftskonto',
      iban: sandboxIban('SANDBOX_SPARKASSE_DE', 0),
      lastSyncAt: expect.any(String),
    });
    expect(daysFromNow(account!.accessValidUntil)).toBeGreaterThan(179.9);
    expect((await client.list()).json<{ items: BankConnection[] }>().items.map((item) => item.id)).toContain(id);
  });

  it('links a company bank account that has the IBAN already instead of adding a second', async () => {
    const iban = sandboxIban('SANDBOX_VOLKSBANK_DE', 0);
    const [kept] = await testApp.database.db
      .insert(companyBankAccounts)
      .values({ organizationId: org.id, name: 'Hausbank', iban, isDefaultDebitor: true })
      .returning();
    const consented = await consentedConnection(testApp, org, 'SANDBOX_VOLKSBANK_DE');
    const response = await bankClient(testApp, org.admin).choose(
      consented.id,
      [consented.accounts[0]!.providerAccountId],
      consented.version,
    );
    expect(response.json<BankConnection>().accounts[0]).toMatchObject({ companyBankAccountId: kept!.id, name: 'Hausbank' });
    const rows = await testApp.database.db
      .select()
      .from(companyBankAccounts)
      .where(and(eq(companyBankAccounts.organizationId, org.id), eq(companyBankAccounts.iban, iban)));
    expect(rows).toEqual([expect.objectContaining({ id: kept!.id, isDefaultDebitor: true, bankConnectionId: consented.id })]);
  });

  it('refuses an account another connection holds already', async () => {
    const second = await consentedConnection(testApp, org, 'SANDBOX_SPARKASSE_DE');
    expect(second.accounts.map((account) => account.isConnectedElsewhere)).toEqual([true, false]);
    const client = bankClient(testApp, org.admin);
    const refused = await client.choose(second.id, [second.accounts[0]!.providerAccountId], second.version);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('bank_account_already_connected');
    // The other one can still be chosen.
    expect((await client.choose(second.id, [second.accounts[1]!.providerAccountId], second.version)).statusCode).toBe(200);
  });

  it('refuses stale versions, accounts outside the consent, and choosing twice', async () => {
    const consented = await consentedConnection(testApp, org, 'SANDBOX_DIREKTBANK_DE');
    const client = bankClient(testApp, org.admin);
    const first = consented.accounts[0]!.providerAccountId;
    expect((await client.choose(consented.id, [first], consented.version + 1)).json().code).toBe('stale_version');
    expect((await client.choose(consented.id, ['someone-elses-account'], consented.version)).json().code).toBe(
      'bank_account_not_offered',
    );
    const none = await client.choose(consented.id, [], consented.version);
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors.providerAccountIds).toEqual(['Choose at least one account.']);
    expect((await client.choose(consented.id, [first], consented.version)).statusCode).toBe(200);
    const again = await client.choose(consented.id, [first], consented.version + 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('bank_connection_action_refused');
  });

  it('records a denial at the bank and says so on the way back', async () => {
    const client = bankClient(testApp, org.admin);
    const { id, redirectUrl } = (await client.start('SANDBOX_SPARKASSE_DE')).json<{ id: string; redirectUrl: string }>();
    const back = await client.callback(await answerConsent(testApp, redirectUrl, 'deny'));
    expect(back.headers.location).toBe(`/${org.slug}/settings/bank-accounts/connect/${id}?error=bank_consent_denied`);
    expect((await client.get(id)).json<BankConnection>()).toMatchObject({ status: 'consent_denied', accounts: [] });
  });

  it('refuses a replayed, altered, unknown or foreign state', async () => {
    const client = bankClient(testApp, org.admin);
    const { redirectUrl } = (await client.start('SANDBOX_SPARKASSE_DE')).json<{ redirectUrl: string }>();
    const location = await answerConsent(testApp, redirectUrl, 'allow');
    const refused = `/${org.slug}/settings/bank-accounts?error=bank_connection_state_invalid`;
    // Someone else's: another organisation's admin, or another person of this one, arriving with it.
    expect((await bankClient(testApp, other.admin).callback(location)).headers.location).toBe(
      `/${other.slug}/settings/bank-accounts?error=bank_connection_state_invalid`,
    );
    const colleague = await addMember(testApp, org.id, ['bank_accounts:manage']);
    expect((await bankClient(testApp, colleague).callback(location)).headers.location).toBe(refused);
    const ref = new URL(location).searchParams.get('ref')!;
    const altered = `${ref.slice(0, -2)}${ref.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await client.callback(`/api/bank-connections/callback?ref=${altered}`)).headers.location).toBe(refused);
    expect((await client.callback('/api/bank-connections/callback')).headers.location).toBe(refused);
    // Signed out at the bank: the start page to sign in, not a JSON answer; the state stays unused.
    const signedOut = await testApp.app.inject({ method: 'GET', url: location });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/');
    // Its own person once, then never again.
    expect((await client.callback(location)).headers.location).toMatch(/\/connect\/[0-9a-f-]{36}$/);
    expect((await client.callback(location)).headers.location).toBe(refused);
  });

  it('sends a member without the permission back with a reason, and refuses the API with 403', async () => {
    const clerk = await addMember(testApp, org.id, ['ap_invoices:manage']);
    const { redirectUrl } = (await bankClient(testApp, org.admin).start('SANDBOX_SPARKASSE_DE')).json<{ redirectUrl: string }>();
    const location = await answerConsent(testApp, redirectUrl, 'allow');
    expect((await bankClient(testApp, clerk).callback(location)).headers.location).toBe(
      `/${org.slug}/settings/bank-accounts?error=permission_denied`,
    );
    for (const response of [await bankClient(testApp, clerk).list(), await bankClient(testApp, clerk).institutions('DE')]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('permission_denied');
    }
    const manager = await addMember(testApp, org.id, ['bank_accounts:manage']);
    expect((await bankClient(testApp, manager).list()).statusCode).toBe(200);
  });

  it('answers 404 for another organisation’s connection and changes nothing there', async () => {
    const foreign = await consentedConnection(testApp, other, 'SANDBOX_SPARKASSE_DE');
    const client = bankClient(testApp, org.admin);
    for (const response of [
      await client.get(foreign.id),
      await client.choose(foreign.id, [foreign.accounts[0]!.providerAccountId], foreign.version),
      await client.renew(foreign.id),
      await client.disconnect(foreign.id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('bank_connection_not_found');
    }
    expect((await bankClient(testApp, other.admin).get(foreign.id)).json<BankConnection>().status).toBe('awaiting_accounts');
  });
});
