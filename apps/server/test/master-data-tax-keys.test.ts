import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_TAX_KEYS, type ImportResult, type TaxKey } from '@kontor/domain';
import { invoices } from '../src/db/schema';
import { csvUpload } from './csv-upload';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';

describe('tax keys /api/tax-keys', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let member: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Steuer GmbH');
    member = await addMember(testApp, org.id, []);
  });
  afterAll(async () => testApp.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = org.admin.cookie) =>
    testApp.app.inject({ method, url, headers: browser(cookie), ...(payload ? { payload } : {}) });
  const list = async () => (await call('GET', '/api/tax-keys', undefined, member.cookie)).json<{ items: TaxKey[] }>().items;
  const systemKey = async (name: string) => (await list()).find((key) => key.name === name)!;

  it('seeds the 14 system keys of SPEC §3 for a new organisation, listed first in that order', async () => {
    const keys = await list();
    expect(keys).toHaveLength(14);
    expect(keys.map((key) => key.name)).toEqual(SYSTEM_TAX_KEYS.map((key) => key.name));
    expect(keys.every((key) => key.isSystem)).toBe(true);
    expect(keys.find((key) => key.name === 'PUR_STD')).toMatchObject({ type: 'PURCHASE', rate: 1900, externalCode: null });
  });

  it('lets a system key change only its external code', async () => {
    const key = await systemKey('PUR_STD');
    const updated = await call('PUT', `/api/tax-keys/${key.id}`, { externalCode: '9', version: key.version });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ externalCode: '9', rate: 1900, version: key.version + 1 });

    // The whole form with unchanged locked fields is fine; a changed one is refused.
    const sameForm = await call('PUT', `/api/tax-keys/${key.id}`, {
      ...updated.json<TaxKey>(),
      externalCode: 'VSt19',
      id: undefined,
      isSystem: undefined,
    });
    expect(sameForm.statusCode, sameForm.body).toBe(200);
    const renamed = await call('PUT', `/api/tax-keys/${key.id}`, { name: 'MINE', version: key.version + 2 });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().code).toBe('tax_key_system_locked');
    const rate = await call('PUT', `/api/tax-keys/${key.id}`, { rate: 1600, version: key.version + 2 });
    expect(rate.json().code).toBe('tax_key_system_locked');
    const deleted = await call('DELETE', `/api/tax-keys/${key.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().code).toBe('tax_key_system_locked');
    expect((await systemKey('PUR_STD')).externalCode).toBe('VSt19');
  });

  it('creates, edits and deletes custom keys with unique names', async () => {
    const created = await call('POST', '/api/tax-keys', {
      name: 'PUR_13',
      externalCode: '13',
      type: 'PURCHASE',
      description: 'Vorsteuer 13 %',
      rate: 1300,
    });
    expect(created.statusCode).toBe(201);
    const key = created.json<TaxKey>();
    expect(key).toMatchObject({ isSystem: false, rate: 1300, version: 1 });
    expect((await list()).at(-1)?.name).toBe('PUR_13');

    const duplicate = await call('POST', '/api/tax-keys', {
      name: 'PUR_13',
      externalCode: null,
      type: 'OTHER',
      description: null,
      rate: null,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'tax_key_name_exists', params: { name: 'PUR_13' } });
    const systemName = await call('POST', '/api/tax-keys', {
      name: 'SALE_STD',
      externalCode: null,
      type: 'SALE',
      description: null,
      rate: 1900,
    });
    expect(systemName.json().code).toBe('tax_key_name_exists');

    const updated = await call('PUT', `/api/tax-keys/${key.id}`, {
      name: 'PUR_13_AT',
      externalCode: '',
      type: 'PURCHASE',
      description: null,
      rate: 1300,
      version: 1,
    });
    expect(updated.json()).toMatchObject({ name: 'PUR_13_AT', externalCode: null, version: 2 });
    const renameToTaken = await call('PUT', `/api/tax-keys/${key.id}`, { name: 'PUR_RC', version: 2 });
    expect(renameToTaken.json().code).toBe('tax_key_name_exists');

    await testApp.database.db.insert(invoices).values({ organizationId: org.id, taxKeyId: key.id });
    const inUse = await call('DELETE', `/api/tax-keys/${key.id}`);
    expect(inUse.json()).toMatchObject({ code: 'master_data_in_use', params: { count: 1 } });

    const unused = (
      await call('POST', '/api/tax-keys', { name: 'TEMP', externalCode: null, type: 'OTHER', description: null, rate: null })
    ).json<TaxKey>();
    expect((await call('DELETE', `/api/tax-keys/${unused.id}?version=1`)).statusCode).toBe(204);
  });

  it('is admin only for writes', async () => {
    const key = await systemKey('SALE_STD');
    expect(
      (await call('PUT', `/api/tax-keys/${key.id}`, { externalCode: '1', version: key.version }, member.cookie)).statusCode,
    ).toBe(403);
  });

  it('imports custom keys, skipping existing names', async () => {
    const upload = csvUpload(
      'Name;Typ;Steuersatz;Externer Code;Beschreibung\nSALE_STD;Verkauf;19;;\nPUR_10;Vorsteuer;10,0 %;10;Zehn\nPUR_10;PURCHASE;10;;\nBAD;Irgendwas;5;;\nOTHER_0;other;;;\n',
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/tax-keys/import',
      headers: browser(org.admin.cookie, upload.headers),
      payload: upload.payload,
    });
    expect(response.json<ImportResult>()).toEqual({
      created: 2,
      skipped: [
        { row: 2, code: 'SALE_STD', reason: 'exists' },
        { row: 4, code: 'PUR_10', reason: 'duplicate_in_file' },
        { row: 5, code: 'BAD', reason: 'invalid' },
      ],
    });
    expect((await list()).find((key) => key.name === 'PUR_10')).toMatchObject({
      type: 'PURCHASE',
      rate: 1000,
      externalCode: '10',
      description: 'Zehn',
    });
  });
});
