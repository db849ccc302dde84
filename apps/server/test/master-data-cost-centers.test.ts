import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostCenter, ImportResult } from '@kontor/domain';
import { approvalFlows, invoiceSplits, invoices } from '../src/db/schema';
import { csvUpload } from './csv-upload';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';

describe('cost centres /api/cost-centers', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let member: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Kostenstellen GmbH');
    member = await addMember(testApp, org.id, ['ap_invoices:manage']);
  });
  afterAll(async () => testApp.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = org.admin.cookie) =>
    testApp.app.inject({ method, url, headers: browser(cookie), ...(payload ? { payload } : {}) });
  const importCsv = (content: string | Buffer, fields: Record<string, string> = {}) => {
    const upload = csvUpload(content, fields);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/cost-centers/import',
      headers: browser(org.admin.cookie, upload.headers),
      payload: upload.payload,
    });
  };

  it('creates, lists sorted by type and code, filters by type, updates with a version and deletes', async () => {
    const created = await call('POST', '/api/cost-centers', { code: '200', name: 'Vertrieb', type: 1 });
    expect(created.statusCode).toBe(201);
    const sales = created.json<CostCenter>();
    expect(sales).toMatchObject({ code: '200', name: 'Vertrieb', type: 1, version: 1 });
    await call('POST', '/api/cost-centers', { code: '100', name: 'Verwaltung', type: 1 });
    await call('POST', '/api/cost-centers', { code: '100', name: 'Projekt A', type: 2 });

    const all = (await call('GET', '/api/cost-centers')).json<{ items: CostCenter[] }>().items;
    expect(all.map((item) => `${item.type}:${item.code}`)).toEqual(['1:100', '1:200', '2:100']);
    const kost2 = (await call('GET', '/api/cost-centers?type=2', undefined, member.cookie)).json<{ items: CostCenter[] }>().items;
    expect(kost2.map((item) => item.name)).toEqual(['Projekt A']);

    const updated = await call('PUT', `/api/cost-centers/${sales.id}`, {
      code: '210',
      name: 'Vertrieb Nord',
      type: 1,
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ code: '210', name: 'Vertrieb Nord', version: 2 });
    const stale = await call('PUT', `/api/cost-centers/${sales.id}`, { code: '211', name: 'x', type: 1, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');

    expect((await call('DELETE', `/api/cost-centers/${sales.id}?version=1`)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/cost-centers/${sales.id}?version=2`)).statusCode).toBe(204);
    const gone = await call('DELETE', `/api/cost-centers/${sales.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('master_data_not_found');
  });

  it('refuses a duplicate code within a type with 409 and the code, but allows it in the other type', async () => {
    await call('POST', '/api/cost-centers', { code: 'DUP', name: 'eins', type: 1 });
    const duplicate = await call('POST', '/api/cost-centers', { code: 'DUP', name: 'zwei', type: 1 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'master_data_code_exists', params: { code: 'DUP' } });
    expect((await call('POST', '/api/cost-centers', { code: 'DUP', name: 'zwei', type: 2 })).statusCode).toBe(201);
    const invalid = await call('POST', '/api/cost-centers', { code: '', name: 'x', type: 3 });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fieldErrors)).toEqual(expect.arrayContaining(['code', 'type']));
  });

  it('refuses to delete a cost centre used by an invoice or a split line, with the count', async () => {
    const direct = (await call('POST', '/api/cost-centers', { code: 'USED1', name: '', type: 1 })).json<CostCenter>();
    const viaSplit = (await call('POST', '/api/cost-centers', { code: 'USED2', name: '', type: 2 })).json<CostCenter>();
    const { db } = testApp.database;
    await db.insert(invoices).values([
      { organizationId: org.id, costCenterId: direct.id },
      { organizationId: org.id, costCenter2Id: direct.id },
    ]);
    const [invoice] = await db.insert(invoices).values({ organizationId: org.id }).returning({ id: invoices.id });
    await db
      .insert(invoiceSplits)
      .values({ organizationId: org.id, invoiceId: invoice!.id, position: 1, amount: 100, costCenter2Id: viaSplit.id });

    const refused = await call('DELETE', `/api/cost-centers/${direct.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'master_data_in_use',
      params: { count: 2 },
      message: 'This entry is used by 2 invoices and cannot be deleted.',
    });
    const refusedSplit = await call('DELETE', `/api/cost-centers/${viaSplit.id}`);
    // One invoice reads in the singular.
    expect(refusedSplit.json()).toMatchObject({
      code: 'master_data_in_use',
      params: { count: 1 },
      message: 'This entry is used by 1 invoice and cannot be deleted.',
    });
  });

  it('refuses a type change while invoices use the cost centre; a name change, or an unused one, is fine', async () => {
    const used = (await call('POST', '/api/cost-centers', { code: 'TYP1', name: 'Vertrieb', type: 1 })).json<CostCenter>();
    await testApp.database.db.insert(invoices).values({ organizationId: org.id, costCenterId: used.id });
    const refused = await call('PUT', `/api/cost-centers/${used.id}`, { code: 'TYP1', name: 'Vertrieb', type: 2, version: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'cost_center_type_in_use', params: { count: 1 } });
    const renamed = await call('PUT', `/api/cost-centers/${used.id}`, {
      code: 'TYP1',
      name: 'Vertrieb Nord',
      type: 1,
      version: 1,
    });
    expect(renamed.json()).toMatchObject({ name: 'Vertrieb Nord', type: 1, version: 2 });
    const unused = (await call('POST', '/api/cost-centers', { code: 'TYP2', name: '', type: 1 })).json<CostCenter>();
    const retyped = await call('PUT', `/api/cost-centers/${unused.id}`, { code: 'TYP2', name: '', type: 2, version: 1 });
    expect(retyped.json()).toMatchObject({ type: 2 });
  });

  it('refuses to delete a cost centre an approval flow names in a condition, naming the flows', async () => {
    const named = (await call('POST', '/api/cost-centers', { code: 'FLOW1', name: '', type: 1 })).json<CostCenter>();
    const other = (await call('POST', '/api/cost-centers', { code: 'FLOW2', name: '', type: 1 })).json<CostCenter>();
    const step = [{ approverIds: [org.admin.userId], requiredApprovals: 1 }];
    await testApp.database.db.insert(approvalFlows).values([
      {
        organizationId: org.id,
        name: 'Marketing > 5.000',
        type: 'invoice',
        position: 1,
        steps: step,
        conditions: [{ kind: 'cost_center', costCenterIds: [other.id, named.id] }],
      },
      {
        organizationId: org.id,
        name: 'Nur Betrag',
        type: 'invoice',
        position: 2,
        steps: step,
        conditions: [{ kind: 'amount_above', amount: 100, currency: 'EUR' }],
      },
    ]);
    const refused = await call('DELETE', `/api/cost-centers/${named.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'cost_center_in_approval_flows', params: { flows: 'Marketing > 5.000' } });
    expect((await call('GET', '/api/cost-centers')).json<{ items: CostCenter[] }>().items.map((item) => item.code)).toContain(
      'FLOW1',
    );
  });

  it('lets only admins write (403 for a member)', async () => {
    const post = await call('POST', '/api/cost-centers', { code: 'M1', name: '', type: 1 }, member.cookie);
    expect(post.statusCode).toBe(403);
    expect(post.json().code).toBe('admin_only');
  });

  describe('CSV import', () => {
    it('reads German headers, `;`, a BOM and Windows-1252-free UTF-8; skips existing code+type and duplicates', async () => {
      await call('POST', '/api/cost-centers', { code: '500', name: 'Bestehend', type: 1 });
      const csv =
        '\uFEFFKostenstelle;Bezeichnung;Typ\r\n500;Schon da;1\r\n500;Gleicher Code, anderer Typ;2\r\n510;Lager;KOST1\r\n510;Doppelt;1\r\n;Ohne Code;1\r\n520;Falscher Typ;7\r\n530;Geschäftsführung;1\r\n';
      const response = await importCsv(csv);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ImportResult>()).toEqual({
        created: 3,
        skipped: [
          { row: 2, code: '500', reason: 'exists' },
          { row: 5, code: '510', reason: 'duplicate_in_file' },
          { row: 6, code: '', reason: 'invalid' },
          { row: 7, code: '520', reason: 'invalid' },
        ],
      });
      const items = (await call('GET', '/api/cost-centers')).json<{ items: CostCenter[] }>().items;
      expect(items.find((item) => item.code === '530')?.name).toBe('Geschäftsführung');
      expect(items.find((item) => item.code === '500' && item.type === 2)?.name).toBe('Gleicher Code, anderer Typ');
    });

    it('tolerates Windows-1252 and `,`, and follows an explicit mapping', async () => {
      const csv = Buffer.from('Nr,Text,Art\n600,B\xfcro,2\n', 'latin1');
      const response = await importCsv(csv, { mapping: JSON.stringify({ code: 'Nr', name: 'Text', type: 'Art' }) });
      expect(response.json<ImportResult>()).toEqual({ created: 1, skipped: [] });
      const items = (await call('GET', '/api/cost-centers?type=2')).json<{ items: CostCenter[] }>().items;
      expect(items.find((item) => item.code === '600')?.name).toBe('Büro');
    });

    it('takes the type for the whole file from the `type` field when there is no type column', async () => {
      const response = await importCsv('Code;Name\n700;Projekt X\n', { type: '2' });
      expect(response.json<ImportResult>()).toEqual({ created: 1, skipped: [] });
    });

    it('answers 400 import_missing_columns with the columns, and 400 import_malformed_csv', async () => {
      const missing = await importCsv('Foo;Bar\n1;2\n');
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'import_missing_columns', params: { columns: 'code, type' } });
      const badMapping = await importCsv('Code;Typ\n1;1\n', { mapping: JSON.stringify({ code: 'Nummer' }) });
      expect(badMapping.json()).toMatchObject({ code: 'import_missing_columns', params: { columns: 'code' } });
      const malformed = await importCsv('Code;Typ\n"800;1\n801;1\n');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe('import_malformed_csv');
      const notJson = await importCsv('Code;Typ\n1;1\n', { mapping: '{nope' });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().fieldErrors.mapping).toBeDefined();
    });

    it('refuses a file over 5 MB and a request without a file', async () => {
      const big = await importCsv(`Code;Typ\n${'9;1\n'.repeat(1_400_000)}`);
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ code: 'import_too_large', params: { maxMb: 5 } });
      const upload = csvUpload('x');
      const withoutFile = await testApp.app.inject({
        method: 'POST',
        url: '/api/cost-centers/import',
        headers: browser(org.admin.cookie, upload.headers),
        payload: Buffer.from(`--${upload.headers['content-type']!.split('boundary=')[1]}--\r\n`),
      });
      expect(withoutFile.statusCode).toBe(400);
      expect(withoutFile.json().code).toBe('upload_no_files');
      const json = await call('POST', '/api/cost-centers/import', { file: 'Code;Typ' });
      expect(json.statusCode).toBe(415);
    });

    it('is admin only', async () => {
      const upload = csvUpload('Code;Typ\n1;1\n');
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/cost-centers/import',
        headers: browser(member.cookie, upload.headers),
        payload: upload.payload,
      });
      expect(response.statusCode).toBe(403);
    });
  });
});
