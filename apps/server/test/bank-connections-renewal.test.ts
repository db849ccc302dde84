import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankConnection } from '@kontor/domain';
import { bankConnections, companyBankAccounts } from '../src/db/schema';
import type { BankDataProvider } from '../src/modules/bank-connections/provider';
import { SYNC_RETRY_LIMIT } from '../src/modules/bank-connections/sync';
import {
  answerConsent,
  bankClient,
  connectedConnection,
  createSandboxTestApp,
  runSync,
  switchableProvider,
  type SandboxTestApp,
} from './bank-connection-fixtures';
import { createOrganizationWithAdmin, type TestOrganization } from './factories';

const DAY_MS = 86_400_000;

/** Issue 60: renewal keeps the accounts, disconnect keeps them as master data, a bank that is down loses nothing. */
describe('bank connections: renewal, disconnect, faults', () => {
  let testApp: SandboxTestApp;
  let bank: BankDataProvider & { isDown: boolean };
  let org: TestOrganization;

  beforeAll(async () => {
    testApp = await createSandboxTestApp({ wrapProvider: (sandbox) => (bank = switchableProvider(sandbox)) });
    org = await createOrganizationWithAdmin(testApp, 'Erneuerung GmbH');
  });
  afterAll(async () => testApp.close());

  /** Access that ends in `days` days, as if connected long ago. */
  async function endingIn(connectionId: string, days: number): Promise<Date> {
    const until = new Date(Date.now() + days * DAY_MS);
    await testApp.database.db
      .update(bankConnections)
      .set({ accessValidUntil: until })
      .where(eq(bankConnections.id, connectionId));
    await testApp.database.db
      .update(companyBankAccounts)
      .set({ accessValidUntil: until })
      .where(eq(companyBankAccounts.bankConnectionId, connectionId));
    return until;
  }

  it('renews: a new consent at the same bank, the same accounts with their history and the new validity', async () => {
    const connected = await connectedConnection(testApp, org, 'SANDBOX_SPARKASSE_DE');
    await endingIn(connected.id, 10);
    const client = bankClient(testApp, org.admin);
    const before = (await client.get(connected.id)).json<BankConnection>();
    expect(before.accessExpiry).toBe('expiring_14');
    const [oldConsent] = await testApp.database.db.select().from(bankConnections).where(eq(bankConnections.id, connected.id));

    const renewal = await client.renew(connected.id);
    expect(renewal.statusCode).toBe(200);
    const { id, redirectUrl } = renewal.json<{ id: string; redirectUrl: string }>();
    expect(id).toBe(connected.id);
    // Until the bank answers, the old consent stays in force.
    expect((await client.get(id)).json<BankConnection>()).toMatchObject({ status: 'active', accessExpiry: 'expiring_14' });

    const back = await client.callback(await answerConsent(testApp, redirectUrl, 'allow'));
    expect(back.headers.location).toBe(`/${org.slug}/settings/bank-accounts/connect/${id}`);
    const renewed = (await client.get(id)).json<BankConnection>();
    expect(renewed).toMatchObject({ status: 'active', accessExpiry: 'ok' });
    expect((Date.parse(renewed.accessValidUntil!) - Date.now()) / DAY_MS).toBeGreaterThan(179.9);
    expect(renewed.accounts.map((account) => [account.companyBankAccountId, account.iban, account.lastSyncAt])).toEqual(
      before.accounts.map((account) => [account.companyBankAccountId, account.iban, account.lastSyncAt]),
    );
    expect(renewed.accounts[0]!.providerAccountId).not.toBe(before.accounts[0]!.providerAccountId);
    await expect(bank.consent(oldConsent!.consentId)).rejects.toMatchObject({ code: 'not_found' });
    expect(await runSync(testApp, org.id, id)).toMatchObject({ outcome: 'done', failed: 0 });
    const [account] = await testApp.database.db
      .select()
      .from(companyBankAccounts)
      .where(eq(companyBankAccounts.id, renewed.accounts[0]!.companyBankAccountId!));
    expect(account!.accessValidUntil?.toISOString()).toBe(renewed.accessValidUntil);
  });

  it('keeps the old consent when the renewal is denied at the bank', async () => {
    const connected = await connectedConnection(testApp, org, 'SANDBOX_VOLKSBANK_DE');
    const until = await endingIn(connected.id, 3);
    const client = bankClient(testApp, org.admin);
    const { redirectUrl } = (await client.renew(connected.id)).json<{ redirectUrl: string }>();
    const back = await client.callback(await answerConsent(testApp, redirectUrl, 'deny'));
    expect(back.headers.location).toBe(`/${org.slug}/settings/bank-accounts/connect/${connected.id}?error=bank_consent_denied`);
    const after = (await client.get(connected.id)).json<BankConnection>();
    expect(after).toMatchObject({ status: 'active', accessValidUntil: until.toISOString(), accessExpiry: 'expiring_3' });
    expect(await runSync(testApp, org.id, connected.id)).toMatchObject({ outcome: 'done', failed: 0 });
  });

  it('expires when access ends: the sync stops and says why', async () => {
    const connected = await connectedConnection(testApp, org, 'SANDBOX_DIREKTBANK_DE');
    expect(await runSync(testApp, org.id, connected.id, 1, new Date(Date.now() + 181 * DAY_MS))).toEqual({ outcome: 'expired' });
    const expired = (await bankClient(testApp, org.admin).get(connected.id)).json<BankConnection>();
    expect(expired).toMatchObject({ status: 'expired', accessExpiry: 'expired' });
    expect(
      expired.accounts.every((account) => account.syncStatus === 'failed' && account.syncError === 'bank_access_expired'),
    ).toBe(true);
    // Renewing an expired connection brings it back.
    const client = bankClient(testApp, org.admin);
    const { redirectUrl } = (await client.renew(connected.id)).json<{ redirectUrl: string }>();
    await client.callback(await answerConsent(testApp, redirectUrl, 'allow'));
    expect((await client.get(connected.id)).json<BankConnection>()).toMatchObject({ status: 'active', accessExpiry: 'ok' });
  });

  it('expires when the bank ends the consent before its date', async () => {
    const connected = await connectedConnection(testApp, org, 'SANDBOX_ERSTE_AT');
    const [row] = await testApp.database.db.select().from(bankConnections).where(eq(bankConnections.id, connected.id));
    await testApp.database.pool.query(
      `update sandbox_bank_consents set valid_until = now() - interval '1 second' where id = $1`,
      [row!.consentId],
    );
    expect(await runSync(testApp, org.id, connected.id)).toEqual({ outcome: 'expired' });
  });

  it('disconnects: the consent ends at the bank, the accounts stay without access', async () => {
    const connected = await connectedConnection(testApp, org, 'SANDBOX_RAIFFEISEN_AT');
    const [row] = await testApp.database.db.select().from(bankConnections).where(eq(bankConnections.id, connected.id));
    const client = bankClient(testApp, org.admin);
    expect((await client.disconnect(connected.id)).statusCode).toBe(204);
    await expect(bank.consent(row!.consentId)).rejects.toMatchObject({ code: 'not_found' });
    expect((await client.list()).json<{ items: BankConnection[] }>().items.map((item) => item.id)).not.toContain(connected.id);
    const accounts = await testApp.database.db
      .select()
      .from(companyBankAccounts)
      .where(eq(companyBankAccounts.organizationId, org.id));
    const kept = accounts.filter((account) => connected.accounts.some((item) => item.companyBankAccountId === account.id));
    expect(kept).toHaveLength(connected.accounts.length);
    for (const account of kept) {
      expect(account).toMatchObject({
        bankConnectionId: null,
        providerAccountId: null,
        accessValidUntil: null,
        syncStatus: null,
      });
      expect(account.lastSyncAt).not.toBeNull();
    }
    expect((await client.disconnect(connected.id)).statusCode).toBe(404);
    expect((await client.renew(connected.id)).json().code).toBe('bank_connection_action_refused');
  });

  describe('while the bank is down', () => {
    it('answers the connection error for the bank list, and works again once it is back', async () => {
      bank.isDown = true;
      const client = bankClient(testApp, org.admin);
      const down = await client.institutions('LU');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'bank_connection_error', message: expect.stringContaining('support') });
      expect((await client.start('SANDBOX_SPARKASSE_DE', 'DE')).json().code).toBe('bank_connection_error');
      bank.isDown = false;
      expect((await client.institutions('LU')).statusCode).toBe(200);
    });

    it('keeps the state usable when the bank cannot be asked on the way back', async () => {
      const client = bankClient(testApp, org.admin);
      const { id, redirectUrl } = (await client.start('SANDBOX_SPARKASSE_DE')).json<{ id: string; redirectUrl: string }>();
      const location = await answerConsent(testApp, redirectUrl, 'allow');
      bank.isDown = true;
      expect((await client.callback(location)).headers.location).toBe(
        `/${org.slug}/settings/bank-accounts/connect/${id}?error=bank_connection_error`,
      );
      bank.isDown = false;
      expect((await client.callback(location)).headers.location).toBe(`/${org.slug}/settings/bank-accounts/connect/${id}`);
      expect((await client.get(id)).json<BankConnection>().status).toBe('awaiting_accounts');
    });

    it('retries the sync, and marks the accounts failed after the last attempt', async () => {
      const connected = await connectedConnection(testApp, org, 'SANDBOX_KBC_BE');
      bank.isDown = true;
      await expect(runSync(testApp, org.id, connected.id, 1)).rejects.toMatchObject({ transient: true });
      const client = bankClient(testApp, org.admin);
      expect((await client.get(connected.id)).json<BankConnection>().accounts.map((account) => account.syncStatus)).toEqual([
        'pending',
        'pending',
      ]);
      expect(await runSync(testApp, org.id, connected.id, SYNC_RETRY_LIMIT + 1)).toMatchObject({ outcome: 'done', failed: 2 });
      const failed = (await client.get(connected.id)).json<BankConnection>();
      expect(failed.status).toBe('active');
      expect(failed.accounts.map((account) => [account.syncStatus, account.syncError])).toEqual([
        ['failed', 'bank_sync_failed'],
        ['failed', 'bank_sync_failed'],
      ]);
      bank.isDown = false;
      expect(await runSync(testApp, org.id, connected.id)).toMatchObject({ outcome: 'done', failed: 0 });
    });

    it('refuses to disconnect and changes nothing', async () => {
      const connected = await connectedConnection(testApp, org, 'SANDBOX_ING_NL');
      bank.isDown = true;
      const refused = await bankClient(testApp, org.admin).disconnect(connected.id);
      bank.isDown = false;
      expect(refused.statusCode).toBe(502);
      expect(refused.json().code).toBe('bank_connection_delete_failed');
      expect((await bankClient(testApp, org.admin).get(connected.id)).json<BankConnection>().status).toBe('active');
    });
  });
});
