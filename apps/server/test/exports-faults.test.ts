import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadJob } from '@kontor/domain';
import { invoiceFiles, invoices } from '../src/db/schema';
import { FileUrlSigner } from '../src/plugins/storage-local';
import { browser, type TestOrganization } from './factories';
import type { TestApp } from './harness';
import {
  startExportTest,
  checkOf,
  exportActivity,
  exportFile,
  exportNow,
  readyInvoice,
  unzip,
  type ExportClient,
  type ExportMasterData,
} from './exports-fixtures';

/** Issue 58: a document gone from storage, a zip too large, a download link that no longer works. */
describe('accounting export faults (issue 58)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let client: ExportClient;
  let master: ExportMasterData;

  beforeAll(async () => {
    // A small zip limit, so that "too large" needs no gigabytes: two tiny invoices fit, three do not.
    ({ testApp, org, client, master } = await startExportTest('Speicher GmbH', { env: { EXPORT_ZIP_MAX_BYTES: '4096' } }));
  });
  afterAll(async () => testApp.close());

  const documentKey = async (invoiceId: string) => {
    const [file] = await testApp.database.db.select().from(invoiceFiles).where(eq(invoiceFiles.invoiceId, invoiceId));
    return file!.storageKey;
  };
  const invoiceRow = async (id: string) => (await testApp.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

  it('names an invoice whose document is gone from storage and exports the rest without claiming it', async () => {
    const kept = await readyInvoice(testApp, org, master, { invoiceNumber: 'KEEP-1' });
    const gone = await readyInvoice(testApp, org, master, { invoiceNumber: 'GONE-1' });
    await testApp.app.storage.delete(await documentKey(gone));
    const body = { selection: { kind: 'invoices' as const, invoiceIds: [kept, gone] }, format: 'datev' as const };

    const check = checkOf(await client.check({ ...body, type: 'complete' }));
    expect(check).toMatchObject({ total: 2, exportable: 1 });
    expect(check.problems).toEqual([
      expect.objectContaining({ code: 'document_missing', invoiceId: gone, invoiceNumber: 'GONE-1', severity: 'error' }),
    ]);
    expect(check.problems[0]!.params.fileName).toEqual(expect.any(String));
    // A booking file alone needs no document: nothing to name then.
    expect(checkOf(await client.check({ ...body, type: 'csv' })).problems).toEqual([]);

    const refused = await client.create({ ...body, type: 'complete' });
    expect(refused.json()).toMatchObject({ code: 'export_has_problems' });
    const job = await exportNow(testApp, org, client, { ...body, type: 'complete', skipProblems: true });
    expect(job).toMatchObject({ status: 'completed', itemCount: 1, missingDocumentCount: 0 });
    const entries = unzip(await exportFile(testApp, job.id));
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(['KEEP-1.png', 'index.csv']));
    expect(Object.keys(entries).some((name) => name.includes('GONE-1'))).toBe(false);
    expect(await invoiceRow(gone)).toMatchObject({ status: 'approved', exportingJobId: null, lastExportId: null });
    expect(await invoiceRow(kept)).toMatchObject({ status: 'exported', lastExportId: job.id });
  });

  it('leaves out an invoice whose document vanishes between check and run, releases it and says how many', async () => {
    const kept = await readyInvoice(testApp, org, master, { invoiceNumber: 'STAY-1' });
    const vanishing = await readyInvoice(testApp, org, master, { invoiceNumber: 'VANISH-1' });
    const created = await client.create({
      selection: { kind: 'invoices', invoiceIds: [kept, vanishing] },
      format: 'datev',
      type: 'simple',
    });
    expect(created.statusCode, created.body).toBe(202);
    const started = created.json<DownloadJob>();
    expect(await invoiceRow(vanishing)).toMatchObject({ exportingJobId: started.id });
    await testApp.app.storage.delete(await documentKey(vanishing));

    await testApp.app.exports.runner.run({ orgId: org.id, importId: started.id });
    const job = (await client.get(started.id)).json<DownloadJob>();
    expect(job).toMatchObject({ status: 'completed', itemCount: 1, doneCount: 1, bookingCount: 2, missingDocumentCount: 1 });
    const entries = unzip(await exportFile(testApp, job.id));
    expect(Object.keys(entries).filter((name) => name.endsWith('.png'))).toEqual(['STAY-1.png']);
    const bookingFile = Object.keys(entries).find((name) => name.startsWith('EXTF_'))!;
    const bookings = Buffer.from(entries[bookingFile]!).toString('latin1');
    expect(bookings).toContain('STAY-1');
    expect(bookings).not.toContain('VANISH-1');

    expect(await invoiceRow(vanishing)).toMatchObject({ status: 'approved', exportingJobId: null, lastExportId: null });
    expect(await invoiceRow(kept)).toMatchObject({ status: 'exported', lastExportId: job.id });
    const items = (await client.items(job.id)).json<{ items: { invoiceId: string }[] }>();
    expect(items.items.map((item) => item.invoiceId)).toEqual([kept]);
    const history = await testApp.app.inject({
      method: 'GET',
      url: `/api/invoices/${vanishing}/activity`,
      headers: browser(org.admin.cookie),
    });
    expect(history.body).toContain('export_left_out');
    expect(await exportActivity(testApp, vanishing)).toEqual([]);
  });

  it('refuses a zip above the limit before the job starts, and the booking file alone still goes', async () => {
    const ids = [
      await readyInvoice(testApp, org, master),
      await readyInvoice(testApp, org, master),
      await readyInvoice(testApp, org, master),
    ];
    const body = { selection: { kind: 'invoices' as const, invoiceIds: ids }, format: 'datev' as const };
    const check = checkOf(await client.check({ ...body, type: 'simple' }));
    expect(check.problems[0]).toMatchObject({ code: 'export_too_large', invoiceId: null, severity: 'error' });
    expect(check.problems[0]!.params).toMatchObject({ limitMb: 0, sizeMb: 1 });

    const refused = await client.create({ ...body, type: 'simple', skipProblems: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'export_too_large' });
    expect(refused.json().message).toContain('MB');
    for (const id of ids) expect(await invoiceRow(id)).toMatchObject({ exportingJobId: null });

    const bookingsOnly = await exportNow(testApp, org, client, { ...body, type: 'csv' });
    expect(bookingsOnly).toMatchObject({ status: 'completed', itemCount: 3 });
  });

  describe('a download link that no longer works', () => {
    let url: string;
    beforeAll(async () => {
      const id = await readyInvoice(testApp, org, master);
      const job = await exportNow(testApp, org, client, {
        selection: { kind: 'invoices', invoiceIds: [id] },
        format: 'kontor_csv',
        type: 'csv',
      });
      url = new URL((await client.link(job.id)).json<{ url: string }>().url).pathname;
    });
    const open = (path: string, headers: Record<string, string>) => testApp.app.inject({ method: 'GET', url: path, headers });
    const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

    it('shows a browser a translated page: 403 for a tampered link, nothing of the file named', async () => {
      const tampered = `${url.slice(0, -3)}${url.endsWith('AAA') ? 'BBB' : 'AAA'}`;
      const response = await open(tampered, { ...page, 'accept-language': 'de-DE,de;q=0.9' });
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('Dieser Download-Link ist abgelaufen oder ungültig');
      expect(response.body).toContain('href="http://localhost:3000/"');
      for (const secret of [org.id, 'Kontor-Export', '.csv', 'exports/']) expect(response.body).not.toContain(secret);

      // API clients keep the JSON answer.
      const api = await open(tampered, { accept: 'application/json' });
      expect(api.statusCode).toBe(403);
      expect(api.json()).toMatchObject({ code: 'signed_url_invalid' });
    });

    it('answers 410 for an expired link, in English by default', async () => {
      const token = url.slice(url.lastIndexOf('/') + 1);
      const key = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')).k as string;
      const expired = new FileUrlSigner(testApp.app.config.session.secret).sign({
        key,
        expiresAt: new Date(Date.now() - 1000),
        downloadName: 'Kontor-Export.csv',
      });
      const response = await open(`/files/${expired}`, page);
      expect(response.statusCode).toBe(410);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('This download link has expired or is not valid.');
      expect(response.body).toContain('Open Kontor');
      expect(response.body).not.toContain(org.id);
      expect(response.body).not.toContain('Kontor-Export.csv');
      expect((await open(`/files/${expired}`, {})).json()).toMatchObject({ code: 'signed_url_invalid' });
    });
  });
});
