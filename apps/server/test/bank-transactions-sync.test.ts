import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIso, type BankConnection, type BankTransactionAccount, type BankTransactionList } from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import { bankTransactions, companyBankAccounts } from '../src/db/schema';
import type { BankDataProvider, ProviderTransaction } from '../src/modules/bank-connections/provider';
import { SYNC_JOB } from '../src/modules/bank-connections/sync';
import { storeSyncedTransactions } from '../src/modules/bank-transactions/synced-transactions';
import {
  connectedConnection,
  createSandboxTestApp,
  runSync,
  switchableProvider,
  type SandboxTestApp,
} from './bank-connection-fixtures';
import { bankTransactionsGet, importStatement, statementFile } from './bank-statement-fixtures';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization } from './factories';

/** The sandbox bank, except that a test may say which transactions one account answers next (a page of its own). */
type ScriptedProvider = BankDataProvider & {
  isDown: boolean;
  next: ProviderTransaction[] | null;
  scriptedAccount: string | null;
};

function scriptedProvider(inner: BankDataProvider): ScriptedProvider {
  const switchable = switchableProvider(inner);
  const passThrough = switchable.transactions;
  const scripted: ScriptedProvider = Object.assign(switchable, {
    next: null as ProviderTransaction[] | null,
    scriptedAccount: null as string | null,
    transactions: (id: string, since: string) =>
      !scripted.isDown && scripted.next && id === scripted.scriptedAccount
        ? Promise.resolve(scripted.next)
        : passThrough(id, since),
  });
  return scripted;
}

const line = (id: string, bookingDate: string, amount: number, remittance: string, extra: Partial<ProviderTransaction> = {}) => ({
  id,
  bookingDate,
  valueDate: bookingDate,
  amount,
  currency: 'EUR',
  counterpartyName: 'Hansen Maschinenbau GmbH',
  counterpartyIban: 'DE75512108001245126199',
  remittanceInformation: remittance,
  endToEndId: null,
  ...extra,
});

/** Issue 61 item 3: what a connection's sync stores, and that it stores it once. */
describe('bank transactions: sync', () => {
  let testApp: SandboxTestApp;
  let provider: ScriptedProvider;
  let org: TestOrganization;
  let connection: BankConnection;
  let accountId: string;

  const count = async () =>
    (
      await testApp.database.db
        .select({ id: bankTransactions.id })
        .from(bankTransactions)
        .where(and(eq(bankTransactions.organizationId, org.id), eq(bankTransactions.companyBankAccountId, accountId)))
    ).length;
  const accounts = () => bankTransactionsGet<{ items: BankTransactionAccount[] }>(testApp, org.admin.cookie, '/accounts');

  beforeAll(async () => {
    testApp = await createSandboxTestApp({
      wrapProvider: (sandbox) => {
        provider = scriptedProvider(sandbox);
        return provider;
      },
    });
    org = await createOrganizationWithAdmin(testApp, 'Sync GmbH');
    connection = await connectedConnection(testApp, org);
    accountId = connection.accounts[0]!.companyBankAccountId!;
    provider.scriptedAccount = connection.accounts[0]!.providerAccountId;
  });
  afterAll(async () => testApp.close());

  it('stores what the bank booked in its 90 days, with the account’s last sync and count', async () => {
    const providerAccountId = connection.accounts[0]!.providerAccountId;
    const booked = await testApp.sandbox.transactions(providerAccountId, addDaysIso(todayIso(), -90));
    expect(booked.length).toBeGreaterThan(40);
    expect(await count()).toBe(booked.length);

    const [account] = (await accounts()).items.filter((item) => item.id === accountId);
    expect(account).toMatchObject({
      connected: true,
      syncStatus: 'done',
      syncError: null,
      lastSyncAdded: booked.length,
      transactionCount: booked.length,
      balance: expect.any(Number),
    });
    const list = await bankTransactionsGet<BankTransactionList>(testApp, org.admin.cookie, `?accountId=${accountId}&limit=200`);
    // Newest first; the bank may book several on its newest day, in an order of its own.
    const newest = booked[0]!;
    expect(list.items[0]!.bookingDate).toBe(newest.bookingDate);
    expect(list.items.filter((item) => item.bookingDate === newest.bookingDate)).toContainEqual(
      expect.objectContaining({
        amount: Math.abs(newest.amount),
        direction: newest.amount < 0 ? 'outgoing' : 'incoming',
        source: 'sync',
      }),
    );
  });

  it('adds nothing when the same page comes twice, and only the new days of an overlapping window', async () => {
    const before = await count();
    expect(await runSync(testApp, org.id, connection.id)).toMatchObject({ outcome: 'done', transactions: 0 });
    expect(await count()).toBe(before);

    const day = addDaysIso(todayIso(), -200);
    const first = [line('scripted-1', day, 10_000, 'AR-1'), line('scripted-2', addDaysIso(day, 1), 20_000, 'AR-2')];
    provider.next = first;
    expect(await runSync(testApp, org.id, connection.id)).toMatchObject({ transactions: 2 });
    provider.next = first;
    expect(await runSync(testApp, org.id, connection.id)).toMatchObject({ transactions: 0 });
    // The next window starts a day earlier than the last ended: its first line is known.
    provider.next = [first[1]!, line('scripted-3', addDaysIso(day, 2), 30_000, 'AR-3')];
    expect(await runSync(testApp, org.id, connection.id)).toMatchObject({ transactions: 1 });
    expect(await count()).toBe(before + 3);
    provider.next = null;
  });

  it('keeps two equal bookings of one day apart, and recognises them without the provider’s ids', async () => {
    const before = await count();
    const day = addDaysIso(todayIso(), -300);
    provider.next = [line('fee-a', day, -250, 'Kontoführung'), line('fee-b', day, -250, 'Kontoführung')];
    expect(await runSync(testApp, org.id, connection.id)).toMatchObject({ transactions: 2 });
    // The same bookings under new ids (a renewed consent may renumber them): their content decides.
    provider.next = [line('fee-x', day, -250, 'Kontoführung'), line('fee-y', day, -250, 'KONTOFÜHRUNG ')];
    expect(await runSync(testApp, org.id, connection.id)).toMatchObject({ transactions: 0 });
    expect(await count()).toBe(before + 2);
    provider.next = null;
  });

  it('resumes a sync that failed half-way without storing anything twice', async () => {
    const before = await count();
    const day = addDaysIso(todayIso(), -400);
    const page = Array.from({ length: 10 }, (_, index) => line(`half-${index}`, day, 1_000 + index, `AR-H-${index}`));
    // The first attempt stored half before it broke off.
    await storeSyncedTransactions(testApp.database, asOrgId(org.id), accountId, page.slice(0, 5));
    provider.next = page;
    provider.isDown = true;
    await expect(runSync(testApp, org.id, connection.id)).rejects.toThrow('bank down');
    const [waiting] = (await accounts()).items.filter((item) => item.id === accountId);
    expect(waiting!.syncStatus).toBe('pending');
    provider.isDown = false;
    expect(await runSync(testApp, org.id, connection.id, 2)).toMatchObject({ outcome: 'done', transactions: 5 });
    expect(await count()).toBe(before + 10);
    provider.next = null;
  });

  it('takes a statement overlapping the sync without adding its lines twice', async () => {
    const before = await count();
    const day = addDaysIso(todayIso(), -500);
    provider.next = [line('both-1', day, 45_000, 'AR-2026-0815 Zahlung'), line('both-2', day, -12_000, 'Miete')];
    await runSync(testApp, org.id, connection.id);
    provider.next = null;
    const [account] = await testApp.database.db.select().from(companyBankAccounts).where(eq(companyBankAccounts.id, accountId));
    const file = statementFile([
      {
        account: account!.iban,
        id: 'OVERLAP-1',
        from: day,
        to: day,
        opening: '0.00',
        closing: '330.00',
        entries: [
          {
            amount: '450.00',
            creditDebit: 'CRDT',
            bookingDate: day,
            name: 'Hansen Maschinenbau GmbH',
            iban: 'DE75512108001245126199',
            remittance: 'AR-2026-0815 Zahlung',
          },
          {
            amount: '120.00',
            creditDebit: 'DBIT',
            bookingDate: day,
            name: 'Hansen Maschinenbau GmbH',
            iban: 'DE75512108001245126199',
            remittance: 'Miete',
          },
        ],
      },
    ]);
    const result = await importStatement(testApp, org, file);
    expect(result).toMatchObject({ status: 'completed', createdCount: 0, skippedCount: 2 });
    expect(await count()).toBe(before + 2);
  });

  it('starts an on-demand sync of one account, and refuses one that is not connected', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/bank-transactions/accounts/${accountId}/sync`,
      headers: browser(org.admin.cookie),
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ id: accountId, syncStatus: 'pending' });
    const queued = await testApp.database.pool.query(`select data from pgboss.job where name = $1 and data->>'orgId' = $2`, [
      SYNC_JOB,
      org.id,
    ]);
    expect(queued.rows.map((row: { data: unknown }) => row.data)).toContainEqual({
      orgId: org.id,
      connectionId: connection.id,
      accountIds: [accountId],
    });

    const [manual] = await testApp.database.db
      .insert(companyBankAccounts)
      .values({ organizationId: org.id, name: 'Kasse', iban: 'DE89370400440532013000' })
      .returning();
    const refused = await testApp.app.inject({
      method: 'POST',
      url: `/api/bank-transactions/accounts/${manual!.id}/sync`,
      headers: browser(org.admin.cookie),
      payload: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'bank_account_not_connected' });

    const clerk = await addMember(testApp, org.id, ['ap_invoices:manage']);
    const forbidden = await testApp.app.inject({ method: 'GET', url: '/api/bank-transactions', headers: browser(clerk.cookie) });
    expect(forbidden.statusCode).toBe(403);
  });
});
