import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterpartyImportStatus, CounterpartyImportUpload } from '@kontor/domain';
import { counterparties, counterpartyBankAccounts, organizations } from '../src/db/schema';
import { CHECK_VAT_JOB, type VatCheckJob } from '../src/modules/vat-check/service';
import { caller, createCounterparty, createCounterpartyTestOrganization } from './counterparty-fixtures';
import { browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';

const VALID_IBAN = 'DE89370400440532013000';
const EXISTING_VAT = 'DE311245677';

/** A multipart body with part `file` under the given name and type, as the browser's upload sends it. */
function fileUpload(content: Buffer | string, fileName: string, contentType = 'text/csv') {
  const boundary = `----kontor${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** 1,000 rows; row 100 has an invalid IBAN, row 500 no name, row 800 the VAT number of an existing counterparty. */
function thousandRowCsv(): string {
  const lines = ['Name;USt-IdNr.;IBAN;Land;Zahlungsziel;Skonto %;Skontotage'];
  for (let row = 1; row <= 1000; row += 1) {
    const name = row === 500 ? '' : `Lieferant ${String(row).padStart(4, '0')} GmbH`;
    const iban = row === 100 ? 'DE00 1234 5678 9012 3456 78' : VALID_IBAN;
    const vat = row === 800 ? EXISTING_VAT : '';
    lines.push([name, vat, iban, row % 2 ? 'Deutschland' : 'AT', '30', '2,5', '10'].join(';'));
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe('counterparty import (CSV and XLSX)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let clerk: TestUser;
  let viewer: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp();
    ({ org, clerk, viewer } = await createCounterpartyTestOrganization(testApp, 'Import GmbH'));
    other = await createOrganizationWithAdmin(testApp, 'Fremd AG');
    await testApp.database.db
      .update(organizations)
      .set({ apStartNumber: 70000, arStartNumber: 10000 })
      .where(eq(organizations.id, org.id));
    await createCounterparty(testApp, clerk.cookie, { name: 'Schon da', vatNumber: EXISTING_VAT });
  });
  afterAll(async () => testApp.close());

  const upload = (file: Buffer | string, fileName: string, cookie = clerk.cookie, contentType?: string) => {
    const body = fileUpload(file, fileName, contentType);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/counterparties/imports',
      headers: browser(cookie, body.headers),
      payload: body.payload,
    });
  };
  const uploaded = async (file: Buffer | string, fileName: string) => {
    const response = await upload(file, fileName);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CounterpartyImportUpload>();
  };
  const start = (id: string, mapping: Record<string, string>, cookie = clerk.cookie) =>
    caller(testApp)('POST', `/api/counterparties/imports/${id}/start`, cookie, { mapping });
  /** Starts with the suggested mapping and runs the job in place of a worker. */
  const runImport = async (preview: CounterpartyImportUpload, mapping = preview.suggestedMapping, orgId = org.id) => {
    const started = await start(preview.id, mapping);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json<CounterpartyImportStatus>().status).toBe('running');
    await testApp.app.counterpartyImport.runner.run({ orgId, importId: preview.id });
    const status = await caller(testApp)('GET', `/api/counterparties/imports/${preview.id}?outcome=skipped`, viewer.cookie);
    expect(status.statusCode, status.body).toBe(200);
    return status.json<CounterpartyImportStatus>();
  };

  it('imports 1,000 rows: creates 997, skips the three bad ones with their reasons and row numbers', async () => {
    const preview = await uploaded(thousandRowCsv(), 'lieferanten.csv');
    expect(preview).toMatchObject({ format: 'csv', totalRows: 1000 });
    expect(preview.previewRows).toHaveLength(20);
    expect(preview.previewRows[0]).toEqual(['Lieferant 0001 GmbH', '', VALID_IBAN, 'Deutschland', '30', '2,5', '10']);
    expect(preview.suggestedMapping).toEqual({
      name: 'Name',
      vatNumber: 'USt-IdNr.',
      iban: 'IBAN',
      country: 'Land',
      paymentTermsDays: 'Zahlungsziel',
      skontoPercent: 'Skonto %',
      skontoDays: 'Skontotage',
    });

    const result = await runImport(preview);
    expect(result).toMatchObject({ status: 'done', totalRows: 1000, processedRows: 1000, createdCount: 997, skippedCount: 3 });
    expect(result.results.total).toBe(3);
    expect(result.results.items.map(({ row, outcome, problems }) => ({ row, outcome, problems }))).toEqual([
      {
        row: 100,
        outcome: 'skipped',
        problems: [{ field: 'iban', code: 'invalid_iban', message: 'Please enter a valid IBAN.' }],
      },
      { row: 500, outcome: 'skipped', problems: [{ field: 'name', code: 'required', message: 'This field is required.' }] },
      {
        row: 800,
        outcome: 'skipped',
        problems: [
          { field: 'vatNumber', code: 'vat_number_exists', message: 'A counterparty with this VAT number already exists.' },
        ],
      },
    ]);

    const rows = await testApp.database.db
      .select()
      .from(counterparties)
      .where(and(eq(counterparties.organizationId, org.id)))
      .orderBy(asc(counterparties.accountsPayableNumber));
    expect(rows).toHaveLength(998);
    const first = rows.find((row) => row.name === 'Lieferant 0001 GmbH')!;
    expect(first).toMatchObject({ country: 'DE', paymentTermsDays: 30, skontoRate: 250, skontoDays: 10 });
    expect(rows.find((row) => row.name === 'Lieferant 0002 GmbH')!.country).toBe('AT');
    // Numbered like single creates, in file order, without gaps for skipped rows.
    const numbers = rows.map((row) => row.accountsPayableNumber).filter((number) => number !== null);
    expect(new Set(numbers).size).toBe(998);
    expect(first.accountsPayableNumber).toBe('70001');
    const accounts = await testApp.database.db
      .select({ iban: counterpartyBankAccounts.iban })
      .from(counterpartyBankAccounts)
      .where(eq(counterpartyBankAccounts.organizationId, org.id));
    expect(accounts).toHaveLength(997);

    const created = await caller(testApp)(
      'GET',
      `/api/counterparties/imports/${preview.id}?outcome=created&offset=990&limit=50`,
      viewer.cookie,
    );
    const page = created.json<CounterpartyImportStatus>().results;
    expect(page.total).toBe(997);
    expect(page.items).toHaveLength(7);
    expect(page.items.at(-1)).toMatchObject({ row: 1000, outcome: 'created', name: 'Lieferant 1000 GmbH' });

    const csv = await testApp.app.inject({
      method: 'GET',
      url: `/api/counterparties/imports/${preview.id}/result.csv`,
      headers: browser(viewer.cookie, { 'accept-language': 'de-DE' }),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('lieferanten-result.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(1001);
    expect(lines[0]).toBe('Zeile;Ergebnis;Name;Gründe');
    expect(lines[100]).toBe('100;nicht angelegt;Lieferant 0100 GmbH;IBAN: Bitte geben Sie eine gültige IBAN ein.');
    expect(lines[800]).toBe(
      '800;nicht angelegt;Lieferant 0800 GmbH;USt-IdNr.: Ein Geschäftspartner mit dieser USt-IdNr. existiert bereits.',
    );
    expect(lines[1]).toBe('1;angelegt;Lieferant 0001 GmbH;');
  });

  it('imports the first worksheet of an XLSX workbook, with numbers and names as Excel stores them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Partner');
    sheet.addRow(['Firma', 'E-Mail', 'IBAN', 'Land', 'Skonto %', 'Skontotage', 'Kreditorennummer']);
    sheet.addRow(['Excel Werke AG', 'info@excel-werke.de', VALID_IBAN, 'Österreich', 3, 14, 80001]);
    sheet.addRow([{ richText: [{ text: 'Reich ' }, { text: 'Text KG' }] }, null, null, 'FR', null, null, null]);
    sheet.addRow(['Doppelt GmbH', null, null, null, null, null, 80001]);
    workbook.addWorksheet('Ignored').addRow(['Name']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

    const preview = await uploaded(buffer, 'partner.xlsx');
    expect(preview).toMatchObject({
      format: 'xlsx',
      totalRows: 3,
      headers: ['Firma', 'E-Mail', 'IBAN', 'Land', 'Skonto %', 'Skontotage', 'Kreditorennummer'],
    });
    expect(preview.suggestedMapping).toMatchObject({ name: 'Firma', email: 'E-Mail', accountsPayableNumber: 'Kreditorennummer' });

    const result = await runImport(preview);
    expect(result).toMatchObject({ status: 'done', createdCount: 2, skippedCount: 1 });
    expect(result.results.items).toEqual([
      {
        row: 3,
        outcome: 'skipped',
        counterpartyId: null,
        name: 'Doppelt GmbH',
        problems: [
          {
            field: 'accountsPayableNumber',
            code: 'number_repeated',
            message: 'This number is already used by row 1 of the file.',
          },
        ],
      },
    ]);
    const [excel] = await testApp.database.db.select().from(counterparties).where(eq(counterparties.name, 'Excel Werke AG'));
    expect(excel).toMatchObject({
      country: 'AT',
      skontoRate: 300,
      skontoDays: 14,
      accountsPayableNumber: '80001',
      email: 'info@excel-werke.de',
    });
    const [rich] = await testApp.database.db.select().from(counterparties).where(eq(counterparties.name, 'Reich Text KG'));
    expect(rich?.country).toBe('FR');
  });

  it('reads a semicolon-separated Windows-1252 file with umlauts', async () => {
    const text =
      'Name;Straße;Ort;Land\r\nMüller & Söhne GmbH;Königsallee 1;Düsseldorf;Deutschland\r\nÆrø Øl ApS;Havnegade 2;Ærøskøbing;Dänemark\r\n';
    const preview = await uploaded(Buffer.from(text, 'latin1'), 'umlaute.csv');
    expect(preview.headers).toEqual(['Name', 'Straße', 'Ort', 'Land']);
    expect(preview.previewRows[0]).toEqual(['Müller & Söhne GmbH', 'Königsallee 1', 'Düsseldorf', 'Deutschland']);
    const result = await runImport(preview);
    expect(result).toMatchObject({ status: 'done', createdCount: 2, skippedCount: 0 });
    const [row] = await testApp.database.db.select().from(counterparties).where(eq(counterparties.name, 'Müller & Söhne GmbH'));
    expect(row).toMatchObject({ street: 'Königsallee 1', city: 'Düsseldorf', country: 'DE' });
    const [danish] = await testApp.database.db.select().from(counterparties).where(eq(counterparties.name, 'Ærø Øl ApS'));
    expect(danish?.country).toBe('DK');
  });

  it('checks imported VAT numbers like created ones: pending, with their VIES jobs queued a second apart', async () => {
    testApp.config.vatCheck.enabled = true;
    try {
      const vatNumbers = ['DE136695976', 'DE811569869', 'DE129273398'];
      const text = ['Name;USt-IdNr.', ...vatNumbers.map((vat, index) => `VIES Lieferant ${index + 1} GmbH;${vat}`)].join('\r\n');
      const result = await runImport(await uploaded(`${text}\r\n`, 'vies.csv'));
      expect(result).toMatchObject({ status: 'done', createdCount: 3, skippedCount: 0 });
      const rows = await testApp.database.db
        .select({ id: counterparties.id, vatNumber: counterparties.vatNumber, vatCheck: counterparties.vatCheck })
        .from(counterparties)
        .where(and(eq(counterparties.organizationId, org.id), inArray(counterparties.vatNumber, vatNumbers)));
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(row.vatCheck).toMatchObject({ status: 'pending' });

      const jobs = await testApp.database.pool.query<{ data: VatCheckJob; start_after: Date }>(
        `select data, start_after from pgboss.job where name = $1 and data->>'orgId' = $2 order by start_after`,
        [CHECK_VAT_JOB, org.id],
      );
      expect(jobs.rows.map((job) => job.data)).toEqual(
        rows
          .map((row) => ({ orgId: org.id, counterpartyId: row.id, vatNumber: row.vatNumber, retryAt: null }))
          .sort((a, b) => vatNumbers.indexOf(a.vatNumber!) - vatNumbers.indexOf(b.vatNumber!)),
      );
      // Spread out so that a large import does not ask VIES thousands of times at once.
      const starts = jobs.rows.map((job) => job.start_after.getTime());
      expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(900);
      expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(900);
    } finally {
      testApp.config.vatCheck.enabled = false;
    }
  });

  it('reads UTF-8 with BOM and comma or tab delimiters, and reports repeated VAT numbers within the file', async () => {
    const text = '\uFEFFName,VAT number\r\n"Komma, Punkt GmbH",ATU13585627\r\nZweite GmbH,ATU13585627\r\n';
    const preview = await uploaded(text, 'comma.csv');
    expect(preview.previewRows[0]).toEqual(['Komma, Punkt GmbH', 'ATU13585627']);
    const result = await runImport(preview);
    expect(result.results.items).toEqual([
      expect.objectContaining({
        row: 2,
        problems: [expect.objectContaining({ code: 'vat_number_repeated', message: expect.stringContaining('row 1') })],
      }),
    ]);
    const tabbed = await uploaded('Name\tOrt\nTab GmbH\tBerlin\n', 'tab.tsv');
    expect(tabbed.previewRows).toEqual([['Tab GmbH', 'Berlin']]);
  });

  it('refuses a wrong file type (415), an oversized file (413), malformed CSV and XLSX, and an empty file (400)', async () => {
    const pdf = await upload(Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n'), 'invoice.pdf', clerk.cookie, 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toMatchObject({ code: 'import_unsupported_type', message: expect.stringContaining('.xlsx') });
    const oldExcel = await upload(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'alt.csv');
    expect(oldExcel.statusCode).toBe(415);

    const oversized = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), 'big.csv');
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toMatchObject({ code: 'import_too_large', params: { maxMb: 10 } });

    const brokenCsv = await upload('Name;Ort\n"Offen;Berlin\nZweite;Hamburg\n', 'broken.csv');
    expect(brokenCsv.statusCode).toBe(400);
    expect(brokenCsv.json().code).toBe('import_malformed_csv');

    const brokenXlsx = await upload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(200)]), 'broken.xlsx');
    expect(brokenXlsx.statusCode).toBe(400);
    expect(brokenXlsx.json().code).toBe('import_malformed_xlsx');

    const headerOnly = await upload('Name;Ort\n', 'leer.csv');
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().code).toBe('import_empty');
  });

  it('refuses to start without every required column mapped (400 naming them), with an unknown header, or twice (409)', async () => {
    const preview = await uploaded('Firmenbezeichnung;Ort\nOhne Zuordnung GmbH;Köln\n', 'mapping.csv');
    expect(preview.suggestedMapping).toEqual({ city: 'Ort' });
    const missing = await start(preview.id, { city: 'Ort' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'import_missing_columns', params: { columns: 'name' } });
    const unknown = await start(preview.id, { name: 'Gibt es nicht' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toHaveProperty(['mapping.name']);

    const result = await runImport(preview, { name: 'Firmenbezeichnung', city: 'Ort' });
    expect(result).toMatchObject({ status: 'done', createdCount: 1 });
    expect((await start(preview.id, { name: 'Firmenbezeichnung' })).statusCode).toBe(409);
    // A second run of the job (a late duplicate delivery) creates nothing more.
    await testApp.app.counterpartyImport.runner.run({ orgId: org.id, importId: preview.id });
    expect(
      await testApp.database.db.select().from(counterparties).where(eq(counterparties.name, 'Ohne Zuordnung GmbH')),
    ).toHaveLength(1);
  });

  it("answers 404 for another organisation's import and 403 without the permission to create", async () => {
    const preview = await uploaded('Name\nGeheim GmbH\n', 'geheim.csv');
    const foreignCall = caller(testApp);
    for (const [method, url, body] of [
      ['GET', `/api/counterparties/imports/${preview.id}`, undefined],
      ['GET', `/api/counterparties/imports/${preview.id}/result.csv`, undefined],
      ['POST', `/api/counterparties/imports/${preview.id}/start`, { mapping: { name: 'Name' } }],
    ] as const) {
      const response = await foreignCall(method, url, other.admin.cookie, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('counterparty_import_not_found');
    }

    const refused = await upload('Name\nNicht erlaubt GmbH\n', 'nein.csv', viewer.cookie);
    expect(refused.statusCode).toBe(403);
    expect((await start(preview.id, { name: 'Name' }, viewer.cookie)).statusCode).toBe(403);
    // Reading an import is for every member.
    expect((await caller(testApp)('GET', `/api/counterparties/imports/${preview.id}`, viewer.cookie)).statusCode).toBe(200);
  });
});
