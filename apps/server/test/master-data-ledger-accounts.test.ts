import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, LedgerAccount } from '@kontor/domain';
import { counterparties, invoiceSplits, invoices } from '../src/db/schema';
import { csvUpload } from './csv-upload';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';

describe('ledger accounts /api/ledger-accounts', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let member: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Sachkonten GmbH');
    member = await addMember(testApp, org.id, []);
  });
  afterAll(async () => testApp.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = org.admin.cookie) =>
    testApp.app.inject({ method, url, headers: browser(cookie), ...(payload ? { payload } : {}) });
  const importCsv = (content: string, fields: Record<string, string> = {}) => {
    const upload = csvUpload(content, fields);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/ledger-accounts/import',
      headers: browser(org.admin.cookie, upload.headers),
      payload: upload.payload,
    });
  };
  const list = async () =>
    (await call('GET', '/api/ledger-accounts', undefined, member.cookie)).json<{ items: LedgerAccount[] }>().items;

  it('creates, lists by code, updates with a version and deletes', async () => {
    const created = await call('POST', '/api/ledger-accounts', { code: '4930', name: 'Bürobedarf' });
    expect(created.statusCode).toBe(201);
    const account = created.json<LedgerAccount>();
    await call('POST', '/api/ledger-accounts', { code: '4200', name: 'Raumkosten' });
    expect((await list()).map((item) => item.code)).toEqual(['4200', '4930']);

    const updated = await call('PUT', `/api/ledger-accounts/${account.id}`, { code: '4930', name: 'Bürobedarf neu', version: 1 });
    expect(updated.json()).toMatchObject({ name: 'Bürobedarf neu', version: 2 });
    expect((await call('PUT', `/api/ledger-accounts/${account.id}`, { code: '4930', name: 'x', version: 1 })).statusCode).toBe(
      409,
    );
    expect((await call('DELETE', `/api/ledger-accounts/${account.id}?version=2`)).statusCode).toBe(204);
  });

  it('checks the code format and refuses a duplicate code', async () => {
    const invalid = await call('POST', '/api/ledger-accounts', { code: '49A', name: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors.code).toEqual(['Use the format "0000 - Name".']);
    const duplicate = await call('POST', '/api/ledger-accounts', { code: '4200', name: 'Nochmal' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'master_data_code_exists', params: { code: '4200' } });
  });

  it('refuses to delete an account used by an invoice or split line', async () => {
    const account = (
      await call('POST', '/api/ledger-accounts', { code: '4650', name: 'Bewirtungskosten' })
    ).json<LedgerAccount>();
    const [invoice] = await testApp.database.db
      .insert(invoices)
      .values({ organizationId: org.id })
      .returning({ id: invoices.id });
    await testApp.database.db
      .insert(invoiceSplits)
      .values({ organizationId: org.id, invoiceId: invoice!.id, position: 1, amount: 5, ledgerAccountId: account.id });
    const refused = await call('DELETE', `/api/ledger-accounts/${account.id}`);
    expect(refused.json()).toMatchObject({ code: 'master_data_in_use', params: { count: 1 } });
  });

  it('refuses to delete the default ledger account of a counterparty, with the count', async () => {
    const account = (await call('POST', '/api/ledger-accounts', { code: '5400', name: 'Wareneingang' })).json<LedgerAccount>();
    await testApp.database.db
      .insert(counterparties)
      .values({ organizationId: org.id, name: 'Lieferant mit Standardkonto', defaultLedgerAccountId: account.id });
    const refused = await call('DELETE', `/api/ledger-accounts/${account.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ledger_account_default_of_counterparties',
      params: { count: 1 },
      message:
        'This account is the default ledger account of 1 counterparty and cannot be deleted. Choose another default for it first.',
    });
  });

  it('is admin only for writes', async () => {
    expect((await call('POST', '/api/ledger-accounts', { code: '1', name: 'x' }, member.cookie)).statusCode).toBe(403);
  });

  it('imports code and name columns, skipping existing codes', async () => {
    const response = await importCsv(
      '\uFEFFKonto;Beschriftung\n4200;Raumkosten doppelt\n4920;Telefon\n4920;Telefon 2\n49x;Falsch\n',
    );
    expect(response.json<ImportResult>()).toEqual({
      created: 1,
      skipped: [
        { row: 2, code: '4200', reason: 'exists' },
        { row: 4, code: '4920', reason: 'duplicate_in_file' },
        { row: 5, code: '49x', reason: 'invalid' },
      ],
    });
  });

  it('imports one column in the "0000 - Name" format, with or without a header', async () => {
    const withHeader = await importCsv(
      'Sachkonto\n4980 - Sonstiger Betriebsbedarf\n4964 - Aufwendungen für Lizenzen\nkein Konto\n',
    );
    expect(withHeader.json<ImportResult>()).toEqual({ created: 2, skipped: [{ row: 4, code: 'kein Konto', reason: 'invalid' }] });
    const headerless = await importCsv('4670 - Reisekosten\n4806 - Wartungskosten Hard- und Software\n');
    expect(headerless.json<ImportResult>()).toEqual({ created: 2, skipped: [] });
    expect((await list()).find((item) => item.code === '4806')?.name).toBe('Wartungskosten Hard- und Software');
    const mapped = await importCsv('Nr;Konto komplett\n1;3400 - Wareneingang 19 % Vorsteuer\n', {
      mapping: JSON.stringify({ account: 'Konto komplett' }),
    });
    expect(mapped.json<ImportResult>()).toEqual({ created: 1, skipped: [] });
  });

  it('answers 400 import_missing_columns when neither layout fits', async () => {
    const response = await importCsv('Foo;Bar\n1;2\n');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'import_missing_columns', params: { columns: 'code, name' } });
    const codeOnly = await importCsv('Konto;Betrag\n4200;12\n');
    expect(codeOnly.json()).toMatchObject({ code: 'import_missing_columns', params: { columns: 'name' } });
  });
});
