import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadJob, Invoice } from '@kontor/domain';
import { decodeCp1252, readBmdFile, readDatevFile, readRzlFile } from '@kontor/formats';
import { browser, type TestOrganization } from './factories';
import type { TestApp } from './harness';
import { outboxFor } from './approval-fixtures';
import {
  startExportTest,
  exportActivity,
  exportFile,
  exportNow,
  readyInvoice,
  unzip,
  type ExportClient,
  type ExportMasterData,
} from './exports-fixtures';

describe('accounting export jobs end to end (issue 41)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let client: ExportClient;
  let master: ExportMasterData;

  beforeAll(async () => {
    ({ testApp, org, client, master } = await startExportTest('Buchhaltung GmbH'));
  });
  afterAll(async () => testApp.close());

  const invoice = async (id: string) =>
    (await testApp.app.inject({ method: 'GET', url: `/api/invoices/${id}`, headers: browser(org.admin.cookie) })).json<Invoice>();

  it('writes a DATEV complete export: bookings that read back, documents, index and document links; the invoices become exported', async () => {
    const first = await readyInvoice(testApp, org, master, { invoiceNumber: 'RE 2026/17' });
    const second = await readyInvoice(testApp, org, master, {
      invoiceNumber: 'GS-9',
      type: 'credit_note',
      netAmount: -5_000,
      taxAmount: -950,
      totalAmount: -5_950,
    });
    const job = await exportNow(testApp, org, client, {
      selection: { kind: 'invoices', invoiceIds: [first, second] },
      format: 'datev',
      type: 'complete',
    });
    expect(job).toMatchObject({ status: 'completed', itemCount: 2, doneCount: 2, bookingCount: 2, format: 'datev' });
    expect(job.fileName).toMatch(/^Kontor-Export-DATEV-\d{8}-\d{4}\.zip$/);

    const bytes = await exportFile(testApp, job.id);
    expect(job.fileSize).toBe(bytes.length);
    const entries = unzip(bytes);
    const bookingFile = Object.keys(entries).find((name) => name.startsWith('EXTF_'))!;
    expect(bookingFile).toBeDefined();
    const datev = readDatevFile(entries[bookingFile]!);
    expect(datev.header).toMatchObject({
      kennzeichen: 'EXTF',
      formatkategorie: 21,
      beraternummer: 29098,
      mandantennummer: 55003,
    });
    expect(datev.header.fields).toHaveLength(31);
    expect(datev.records).toHaveLength(2);
    const [invoiceRow, creditRow] = datev.records;
    expect(invoiceRow).toMatchObject({
      'Umsatz (ohne Soll/Haben-Kz)': '119,00',
      'Soll/Haben-Kennzeichen': 'H',
      Konto: '70001',
      'Gegenkonto (ohne BU-Schlüssel)': '3400',
    });
    expect(invoiceRow!['BU-Schlüssel']).toBe('9');
    expect(invoiceRow!['Belegfeld 1']).toBe('RE-2026/17');
    expect(creditRow).toMatchObject({ 'Umsatz (ohne Soll/Haben-Kz)': '59,50', 'Soll/Haben-Kennzeichen': 'S' });
    // Complete: the bookings link their document (BEDI), which the archive carries with document.xml.
    expect(invoiceRow!['Beleglink']).toMatch(/^BEDI "[0-9a-f-]{36}"$/i);
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(['document.xml', 'index.csv']));
    expect(Object.keys(entries).filter((name) => name.endsWith('.png'))).toHaveLength(2);
    expect(Buffer.from(entries['index.csv']!).toString('utf8')).toContain('GS-9');

    for (const id of [first, second]) {
      const exported = await invoice(id);
      expect(exported.status).toBe('exported');
      const activity = await exportActivity(testApp, id);
      expect(activity).toHaveLength(1);
      expect(activity[0]!.changes).toMatchObject({
        exportId: job.id,
        format: 'datev',
        type: 'complete',
        exportAgain: false,
        status: { from: 'approved', to: 'exported' },
      });
    }
    const items = (await client.items(job.id)).json<{ items: { invoiceId: string }[] }>();
    expect(items.items.map((item) => item.invoiceId)).toEqual([first, second]);
  });

  it('offers a finished file by a signed link and by e-mail (the link, never the file)', async () => {
    const id = await readyInvoice(testApp, org, master);
    const job = await exportNow(testApp, org, client, {
      selection: { kind: 'invoices', invoiceIds: [id] },
      format: 'kontor_csv',
      type: 'csv',
    });
    expect(job.fileName).toMatch(/\.csv$/);
    const link = (await client.link(job.id)).json<{ url: string; expiresAt: string }>();
    const downloaded = await testApp.app.inject({ method: 'GET', url: new URL(link.url).pathname });
    expect(downloaded.statusCode).toBe(200);
    expect(createHash('sha256').update(downloaded.rawPayload).digest('hex')).toBe(
      createHash('sha256')
        .update(await exportFile(testApp, job.id))
        .digest('hex'),
    );
    expect(downloaded.headers['content-disposition']).toContain(job.fileName!);

    const mailed = await client.mail(job.id);
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json()).toEqual({ sentTo: org.admin.email });
    const [mail] = await outboxFor(testApp, org.id, org.admin.email);
    expect(mail!.template).toBe('export_download_link');
    expect(mail!.textBody).toContain('/files/');

    const panel = (await client.panel()).json<{ items: DownloadJob[] }>();
    expect(panel.items[0]).toMatchObject({ id: job.id, status: 'completed' });
  });

  it('neutralises formulas in the Kontor CSV and writes UTF-8 with BOM', async () => {
    const id = await readyInvoice(testApp, org, master, {
      invoiceNumber: '=HYPERLINK("http://evil.test")',
      counterpartyName: '+Müller; "Söhne"',
      notes: '@SUM(A1)',
    });
    const job = await exportNow(testApp, org, client, {
      selection: { kind: 'invoices', invoiceIds: [id] },
      format: 'kontor_csv',
      type: 'csv',
    });
    const bytes = await exportFile(testApp, job.id);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(text).toContain(`"'+Müller; ""Söhne"""`);
    expect(text).toContain(`'@SUM(A1)`);
    expect(text).not.toMatch(/(^|;)[=+@]/m);
  });

  it('writes BMD as bookings with the personal accounts of suppliers new to BMD, once', async () => {
    const id = await readyInvoice(testApp, org, master, { invoiceNumber: 'BMD-1' });
    const job = await exportNow(testApp, org, client, {
      selection: { kind: 'invoices', invoiceIds: [id] },
      format: 'bmd',
      type: 'csv',
    });
    const entries = unzip(await exportFile(testApp, job.id));
    const bookings = readBmdFile(entries['buchungen.csv']!);
    expect(bookings.records).toHaveLength(1);
    expect(bookings.records[0]).toMatchObject({ konto: '70001', gkonto: '3400', belegnr: 'BMD-1', buchsymbol: 'ER' });
    const accounts = readBmdFile(entries['personenkonten.csv']!);
    expect(accounts.records.map((record) => record.konto)).toEqual(['70001']);

    const again = await readyInvoice(testApp, org, master, { invoiceNumber: 'BMD-2' });
    const later = await exportNow(testApp, org, client, {
      selection: { kind: 'invoices', invoiceIds: [again] },
      format: 'bmd',
      type: 'csv',
    });
    const laterEntries = unzip(await exportFile(testApp, later.id));
    expect(laterEntries['personenkonten.csv']).toBeUndefined();
  });

  it('writes RZL XML whose bookings read back', async () => {
    const id = await readyInvoice(testApp, org, master, { invoiceNumber: 'RZL-1' });
    const job = await exportNow(testApp, org, client, {
      selection: { kind: 'invoices', invoiceIds: [id] },
      format: 'rzl',
      type: 'csv',
    });
    expect(job.fileName).toMatch(/\.xml$/);
    const rzl = readRzlFile((await exportFile(testApp, job.id)).toString('utf8'));
    expect(rzl.bookings).toHaveLength(1);
    expect(rzl.bookings[0]).toMatchObject({ belegnummer: 'RZL-1', konto: '70001', gegenkonto: '3400', betrag: '119.00' });
  });

  it('exports again only when asked, marked as such, and writes the same bookings', async () => {
    const id = await readyInvoice(testApp, org, master, { invoiceNumber: 'AGAIN-1' });
    const body = { selection: { kind: 'invoices' as const, invoiceIds: [id] }, format: 'datev' as const, type: 'csv' as const };
    const first = await exportNow(testApp, org, client, body);
    const refused = await client.create(body);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().code).toBe('export_has_problems');
    const check = (await client.check(body)).json<{ problems: { code: string }[] }>();
    expect(check.problems.map((entry) => entry.code)).toEqual(['already_exported']);

    const again = await exportNow(testApp, org, client, { ...body, exportAgain: true });
    expect(again).toMatchObject({ status: 'completed', exportAgain: true });
    const [before, after] = [await exportFile(testApp, first.id), await exportFile(testApp, again.id)];
    const records = (bytes: Buffer) => readDatevFile(bytes).records;
    expect(records(after)).toEqual(records(before));
    const activity = await exportActivity(testApp, id);
    expect(activity.map((entry) => entry.changes.exportAgain)).toEqual([false, true]);
    expect((await invoice(id)).status).toBe('exported');
  });

  it('keeps the file of a DATEV export in Windows-1252 with CRLF', async () => {
    const id = await readyInvoice(testApp, org, master, { counterpartyName: 'Bäckerei Größe & Söhne' });
    const job = await exportNow(testApp, org, client, {
      selection: { kind: 'invoices', invoiceIds: [id] },
      format: 'datev',
      type: 'csv',
    });
    const bytes = await exportFile(testApp, job.id);
    expect(bytes.includes(Buffer.from([0xe4]))).toBe(true); // ä in Windows-1252
    expect(bytes.toString('latin1').split('\r\n').length).toBe(4); // header, headings, one booking, ''
    expect(decodeCp1252(bytes)).toContain('Bäckerei Größe & Söhne');
  });
});
