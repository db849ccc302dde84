import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceListItem } from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import { invoices } from '../src/db/schema';
import { AppError } from '../src/lib/app-error';
import { exportInvoiceList } from '../src/modules/invoices/export-list';
import type { OrgContext } from '../src/plugins/session';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { createMasterData, insertInvoiceRow } from './invoice-fixtures';

/** More than one batch of the export (1,000 rows), so that the batches must join without gaps or repeats. */
const FILLER_COUNT = 1_203;

describe('GET /api/invoices/export', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let foreign: TestOrganization;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Export GmbH');
    foreign = await createOrganizationWithAdmin(testApp, 'Fremd GmbH');
    const master = await createMasterData(testApp, org.id);
    await insertInvoiceRow(testApp, org.id, {
      counterpartyName: 'Papierwerk Süd GmbH',
      counterpartyVat: 'DE123456789',
      counterpartyIban: 'DE89370400440532013000',
      invoiceNumber: 'RE-2026-0815',
      purchaseOrder: 'PO-77',
      date: '2026-03-15',
      dueDate: '2026-04-14',
      billingPeriodStart: '2026-02-01',
      billingPeriodEnd: '2026-02-28',
      netAmount: 100_000,
      taxAmount: 19_000,
      totalAmount: 119_000,
      currency: 'EUR',
      taxRate: 1_900,
      taxKeyId: master.taxKeyId,
      costCenterId: master.kost1Id,
      costCenter2Id: master.kost2Id,
      ledgerAccountId: master.ledgerId,
      skontoRate: 200,
      skontoAmount: 2_380,
      skontoDate: '2026-03-25',
      // A spreadsheet would run this as a formula: the CSV must quote it as text.
      remittanceInformation: '=HYPERLINK("http://example.test")',
      createdAt: new Date('2026-03-16T13:05:00Z'),
    });
    await testApp.database.db.insert(invoices).values([
      ...Array.from({ length: FILLER_COUNT }, (_, i) => ({
        organizationId: org.id,
        status: 'new' as const,
        counterpartyName: `Lieferant ${i % 30}`,
        invoiceNumber: `F-${String(i).padStart(5, '0')}`,
        totalAmount: 100 * (i % 500),
        currency: 'EUR',
        dueDate: i % 4 === 0 ? null : `2026-0${1 + (i % 9)}-1${i % 10}`,
      })),
      { organizationId: org.id, status: 'approved' as const, counterpartyName: 'Freigegeben AG', totalAmount: 1 },
      { organizationId: foreign.id, status: 'new' as const, counterpartyName: 'Fremdlieferant', totalAmount: 119_000 },
    ]);
  });
  afterAll(async () => testApp.close());

  const exportOf = (query: string, cookie = org.admin.cookie, language = 'de-DE') =>
    testApp.app.inject({
      method: 'GET',
      url: `/api/invoices/export?${query}`,
      headers: browser(cookie, { 'accept-language': language }),
    });

  /** The overview's own order, page by page, for comparison. */
  async function listedIds(query: string): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: InvoiceListItem[]; nextCursor: string | null } = (
        await testApp.app.inject({
          method: 'GET',
          url: `/api/invoices?${query}&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
          headers: browser(org.admin.cookie),
        })
      ).json();
      ids.push(...page.items.map((item) => item.invoiceNumber ?? ''));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  async function readWorkbook(body: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1) as string[];
    const rows: Record<string, ExcelJS.CellValue>[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const values = row.values as ExcelJS.CellValue[];
      rows.push(Object.fromEntries(header.map((name, index) => [name, values[index + 1] ?? null])));
    });
    return { sheet, header, rows };
  }

  it('answers every row of the tab as an Excel workbook in the overview order, with typed cells and German headers', async () => {
    const response = await exportOf('tab=new&sort=dueDate&direction=asc');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="Rechnungen-Neu-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const { sheet, header, rows } = await readWorkbook(response.rawPayload);
    expect(sheet.name).toBe('Rechnungen');
    expect(header.slice(0, 3)).toEqual(['Status', 'Art', 'Geschäftspartner']);
    expect(header).not.toContain('Freigabestand');
    expect(rows).toHaveLength(FILLER_COUNT + 1);
    expect(response.headers['x-row-count']).toBe(String(FILLER_COUNT + 1));
    // The same rows in the same order as the overview, across the export's batches.
    expect(rows.map((row) => row.Rechnungsnummer)).toEqual(await listedIds('tab=new&sort=dueDate&direction=asc'));
    expect(rows.some((row) => row['Geschäftspartner'] === 'Fremdlieferant' || row['Geschäftspartner'] === 'Freigegeben AG')).toBe(
      false,
    );

    const paper = rows.find((row) => row.Rechnungsnummer === 'RE-2026-0815')!;
    expect(paper).toMatchObject({
      Status: 'Neu',
      Art: 'Rechnung',
      'USt-IdNr.': 'DE123456789',
      IBAN: 'DE89370400440532013000',
      Bestellung: 'PO-77',
      Nettobetrag: 1000,
      Steuerbetrag: 190,
      Bruttobetrag: 1190,
      Währung: 'EUR',
      'Steuersatz (%)': 19,
      Sachkonto: '4400 - Büro',
      'Skonto (%)': 2,
      Skontobetrag: 23.8,
      Datei: 'inserted.png',
    });
    expect(paper['Kostenstelle (KOST1)']).toMatch(/^K1-\w+ - Vertrieb$/);
    expect(paper['Kostenstelle 2 (KOST2)']).toMatch(/^K2-\w+ - Projekt$/);
    expect(paper.Rechnungsdatum).toEqual(new Date('2026-03-15T00:00:00Z'));
    expect(paper['Leistungszeitraum bis']).toEqual(new Date('2026-02-28T00:00:00Z'));
    // 13:05 UTC in March is 14:05 in Berlin, the time a German reader expects.
    expect(paper['Hochgeladen am']).toEqual(new Date('2026-03-16T14:05:00Z'));
    // Shown as a German reader expects; the header stays in view and has filter buttons.
    const paperRow = sheet.getRow(rows.indexOf(paper) + 2);
    expect(paperRow.getCell(header.indexOf('Bruttobetrag') + 1).numFmt).toBe('#,##0.00');
    expect(paperRow.getCell(header.indexOf('Rechnungsdatum') + 1).numFmt).toBe('dd.mm.yyyy');
    expect(paperRow.getCell(header.indexOf('Hochgeladen am') + 1).numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe(`A1:${sheet.getColumn(header.length).letter}1`);
  });

  it('answers CSV in the caller language: search and filters apply, numbers and dates as English reads them, formulas defused', async () => {
    const response = await exportOf('tab=new&format=csv&search=Papierwerk', org.admin.cookie, 'en-GB');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="Invoices-New-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    const header = lines[0]!.split(',');
    const cells = Object.fromEntries(header.map((name, index) => [name, lines[1]!.split(',')[index]]));
    expect(cells).toMatchObject({
      Status: 'New',
      Counterparty: 'Papierwerk Süd GmbH',
      'Invoice date': '15/03/2026',
      'Total amount': '1190.00',
      'Tax rate (%)': '19.00',
      'Uploaded on': '16/03/2026 14:05',
    });
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://example.test"")"`);

    const german = await exportOf('tab=new&format=csv&search=Papierwerk&amountMin=100000');
    const germanLines = german.body.slice(1).trimEnd().split('\r\n');
    expect(germanLines[0]!.split(';')).toContain('Bruttobetrag');
    expect(germanLines[1]).toContain(';1190,00;');
    expect(germanLines[1]).toContain(';15.03.2026;');
    const filteredOut = await exportOf('tab=new&format=csv&search=Papierwerk&amountMax=100');
    expect(filteredOut.body.slice(1).trimEnd().split('\r\n')).toHaveLength(1);
  });

  it('shows a member without ap_invoices:manage only what the overview shows them', async () => {
    const member = await addMember(testApp, org.id, []);
    await insertInvoiceRow(testApp, org.id, {
      counterpartyName: 'Eigener Upload KG',
      uploadedBy: member.userId,
      totalAmount: 4_200,
    });
    const response = await exportOf('tab=new&format=csv', member.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Eigener Upload KG');
  });

  it('adds the approval progress on the approval tabs and the cancellation reason in the archive', async () => {
    await insertInvoiceRow(testApp, org.id, {
      status: 'cancelled',
      counterpartyName: 'Storno GmbH',
      cancelReason: 'Doppelt erfasst',
    });
    const archive = await readWorkbook((await exportOf('tab=archive')).rawPayload);
    expect(archive.header).toContain('Stornogrund');
    expect(archive.rows.find((row) => row['Geschäftspartner'] === 'Storno GmbH')?.Stornogrund).toBe('Doppelt erfasst');
    const approvals = await readWorkbook((await exportOf('tab=all-approvals')).rawPayload);
    expect(approvals.header).toContain('Freigabestand');
    expect(approvals.header).not.toContain('Stornogrund');
  });

  it('refuses a list longer than the limit with a sentence that says what to do, and an unknown format', async () => {
    const context: OrgContext = {
      orgId: asOrgId(org.id),
      userId: org.admin.userId,
      role: 'admin',
      permissions: [],
      slug: org.slug,
    };
    const tooMany = exportInvoiceList(
      testApp.database,
      context,
      { tab: 'new', sort: 'dueDate', direction: 'asc', format: 'csv' },
      'de',
      { maxRows: 1_000 },
    );
    await expect(tooMany).rejects.toBeInstanceOf(AppError);
    await expect(tooMany).rejects.toMatchObject({ code: 'list_export_too_large', params: { max: '1.000' } });

    const unknown = await exportOf('tab=new&format=pdf');
    expect(unknown.statusCode).toBe(400);
  });

  it('never exports another organisation', async () => {
    const response = await exportOf(`tab=new&format=csv&counterpartyId=${randomUUID()}`, foreign.admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Papierwerk');
    const all = await exportOf('tab=new&format=csv', foreign.admin.cookie);
    expect(all.body).toContain('Fremdlieferant');
    expect(all.body).not.toContain('Papierwerk');
  });
});
