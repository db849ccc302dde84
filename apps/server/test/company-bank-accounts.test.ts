import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyBankAccount } from '@kontor/domain';
import { invoices } from '../src/db/schema';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';

describe('company bank accounts /api/company-bank-accounts', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let member: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Konten GmbH');
    member = await addMember(testApp, org.id, []);
  });
  afterAll(async () => testApp.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = org.admin.cookie) =>
    testApp.app.inject({ method, url, headers: browser(cookie), ...(payload ? { payload } : {}) });
  const list = async () =>
    (await call('GET', '/api/company-bank-accounts', undefined, member.cookie)).json<{ items: CompanyBankAccount[] }>().items;
  const create = async (name: string, iban: string, isDefaultDebitor: boolean) =>
    (await call('POST', '/api/company-bank-accounts', { name, iban, bic: null, isDefaultDebitor })).json<CompanyBankAccount>();

  it('creates with a normalised IBAN and BIC, and keeps at most one default debitor', async () => {
    const created = await call('POST', '/api/company-bank-accounts', {
      name: 'Hausbank',
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
      isDefaultDebitor: true,
    });
    expect(created.statusCode).toBe(201);
    const first = created.json<CompanyBankAccount>();
    expect(first).toMatchObject({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      isDefaultDebitor: true,
      accessValidUntil: null,
      version: 1,
    });

    const second = await create('Sparkasse', 'DE02120300000000202051', true);
    let items = await list();
    expect(items.filter((item) => item.isDefaultDebitor).map((item) => item.id)).toEqual([second.id]);
    expect(items[0]!.id).toBe(second.id);

    // Making the first one default again through PUT clears the second.
    const current = items.find((item) => item.id === first.id)!;
    const updated = await call('PUT', `/api/company-bank-accounts/${first.id}`, {
      name: 'Hausbank',
      iban: current.iban,
      bic: current.bic,
      isDefaultDebitor: true,
      version: current.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    items = await list();
    expect(items.filter((item) => item.isDefaultDebitor).map((item) => item.id)).toEqual([first.id]);
  });

  it('refuses the same name and IBAN twice (409 bank_account_conflict), on create and on update', async () => {
    const duplicate = await call('POST', '/api/company-bank-accounts', {
      name: 'Hausbank',
      iban: 'DE89370400440532013000',
      bic: null,
      isDefaultDebitor: false,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('bank_account_conflict');
    const sameIbanOtherName = await create('Hausbank Tagesgeld', 'DE89370400440532013000', false);
    const renamed = await call('PUT', `/api/company-bank-accounts/${sameIbanOtherName.id}`, {
      name: 'Hausbank',
      iban: 'DE89370400440532013000',
      bic: null,
      isDefaultDebitor: false,
      version: sameIbanOtherName.version,
    });
    expect(renamed.json().code).toBe('bank_account_conflict');
  });

  it('validates the IBAN and answers stale versions with 409', async () => {
    const invalid = await call('POST', '/api/company-bank-accounts', {
      name: 'Falsch',
      iban: 'DE89370400440532013001',
      bic: null,
      isDefaultDebitor: false,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors.iban).toEqual(['Please enter a valid IBAN.']);
    const account = await create('Versioniert', 'AT611904300234573201', false);
    const stale = await call('PUT', `/api/company-bank-accounts/${account.id}`, {
      name: 'x',
      iban: account.iban,
      bic: null,
      isDefaultDebitor: false,
      version: 7,
    });
    expect(stale.json().code).toBe('stale_version');
  });

  it('refuses to delete an account invoices use as debitor, deletes an unused one', async () => {
    const used = await create('Benutzt', 'DE75512108001245126199', false);
    await testApp.database.db.insert(invoices).values({ organizationId: org.id, debitorBankAccountId: used.id });
    const refused = await call('DELETE', `/api/company-bank-accounts/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'master_data_in_use', params: { count: 1 } });
    const unused = await create('Unbenutzt', 'DE75512108001245126199', false);
    expect((await call('DELETE', `/api/company-bank-accounts/${unused.id}?version=1`)).statusCode).toBe(204);
  });

  it('is admin only for writes', async () => {
    const response = await call(
      'POST',
      '/api/company-bank-accounts',
      { name: 'M', iban: 'DE89370400440532013000', bic: null, isDefaultDebitor: false },
      member.cookie,
    );
    expect(response.statusCode).toBe(403);
  });
});
