import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { counterparties } from '../src/db/schema';
import { browser } from './factories';
import { createCounterparty, useCounterpartyTestContext } from './counterparty-fixtures';

/** More than one batch of the export (1,000 rows): the batches must join without gaps or repeats. */
const FILLER_COUNT = 1_050;

describe('GET /api/counterparties/export', () => {
  const context = useCounterpartyTestContext('Partnerexport GmbH');

  const exportOf = (query: string, cookie = context.org.admin.cookie, language = 'de-DE') =>
    context.testApp.app.inject({
      method: 'GET',
      url: `/api/counterparties/export?${query}`,
      headers: browser(cookie, { 'accept-language': language }),
    });

  it('answers every counterparty of the list, in its order, with address, bank accounts, numbers and terms', async () => {
    const { testApp, org, foreign } = context;
    await createCounterparty(testApp, org.admin.cookie, {
      name: 'Alpen Papier GmbH',
      vatNumber: 'ATU12345675',
      email: 'buchhaltung@alpen-papier.example',
      street: 'Hauptplatz 1',
      zip: '5020',
      city: 'Salzburg',
      country: 'AT',
      paymentTermsDays: 30,
      skontoDays: 10,
      skontoRate: 250,
      bankAccounts: [
        { name: 'Hausbank', iban: 'AT611904300234573201', bic: 'BKAUATWW' },
        { name: '', iban: 'DE89370400440532013000', bic: null },
      ],
    });
    await testApp.database.db.insert(counterparties).values(
      Array.from({ length: FILLER_COUNT }, (_, index) => ({
        organizationId: org.id,
        name: `Lieferant ${String(index).padStart(4, '0')} KG`,
      })),
    );
    await createCounterparty(testApp, foreign.admin.cookie, { name: 'Fremdpartner AG' });

    const response = await exportOf('format=xlsx');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="Geschaeftspartner-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(response.headers['x-row-count']).toBe(String(FILLER_COUNT + 1));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1) as string[];
    const column = (name: string) => header.indexOf(name) + 1;
    const names = Array.from({ length: sheet.rowCount - 1 }, (_, index) => sheet.getRow(index + 2).getCell(1).value);
    expect(sheet.name).toBe('Geschäftspartner');
    expect(names).toHaveLength(FILLER_COUNT + 1);
    expect(new Set(names).size).toBe(FILLER_COUNT + 1);
    expect(names[0]).toBe('Alpen Papier GmbH');
    expect(names.at(-1)).toBe(`Lieferant ${String(FILLER_COUNT - 1).padStart(4, '0')} KG`);
    expect(names).not.toContain('Fremdpartner AG');

    const alpen = sheet.getRow(2);
    expect(alpen.getCell(column('Kreditorennummer')).value).toMatch(/^\d+$/);
    expect(alpen.getCell(column('USt-IdNr.')).value).toBe('ATU12345675');
    expect(alpen.getCell(column('Ort')).value).toBe('Salzburg');
    expect(alpen.getCell(column('Bankkonten (IBAN)')).value).toBe('Hausbank: AT611904300234573201; DE89370400440532013000');
    expect(alpen.getCell(column('BIC')).value).toBe('BKAUATWW');
    expect(alpen.getCell(column('Zahlungsziel (Tage)')).value).toBe(30);
    expect(alpen.getCell(column('Skonto (%)')).value).toBe(2.5);
    expect(alpen.getCell(column('Vertrauenswürdig')).value).toBe('Nein');
    expect(alpen.getCell(column('Verifizierung')).value).toBe('Nicht verifiziert');
  });

  it('applies the search and filters, and speaks the caller language in CSV', async () => {
    const csv = await exportOf('format=csv&search=Alpen', context.org.admin.cookie, 'en-GB');
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Name,AP number,AR number,VAT number');
    expect(lines[1]).toContain('Alpen Papier GmbH');
    expect(lines[1]).toContain('2.50');

    const trusted = await exportOf('format=csv&trusted=true');
    expect(
      trusted.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
    expect((await exportOf('format=ods')).statusCode).toBe(400);
  });
});
