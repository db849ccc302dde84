import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeXlsx, type XlsxCell, type XlsxColumn } from './xlsx-writer';

async function readBack(columns: XlsxColumn[], rows: XlsxCell[][], name = 'Rechnungen') {
  const body = await writeXlsx({ name, columns, rows, dateFormat: 'dd.mm.yyyy', dateTimeFormat: 'dd.mm.yyyy hh:mm' });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

const text = (header: string): XlsxColumn => ({ header, width: 10, format: 'general' });

describe('writeXlsx', () => {
  it('writes typed cells that a spreadsheet reads back as written', async () => {
    const sheet = await readBack(
      [text('Name'), { header: 'Betrag', width: 12, format: 'amount' }, { header: 'Datum', width: 12, format: 'date' }],
      [
        ['Müller & Söhne <GmbH> "Nord"', 1190.5, new Date('2026-03-15T00:00:00Z')],
        ['  Leerzeichen  ', -0.01, null],
      ],
    );
    expect(sheet.name).toBe('Rechnungen');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Name', 'Betrag', 'Datum']);
    expect(sheet.getCell('A2').value).toBe('Müller & Söhne <GmbH> "Nord"');
    expect(sheet.getCell('B2').value).toBe(1190.5);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('C2').value).toEqual(new Date('2026-03-15T00:00:00Z'));
    expect(sheet.getCell('C2').numFmt).toBe('dd.mm.yyyy');
    expect(sheet.getCell('A3').value).toBe('  Leerzeichen  ');
    expect(sheet.getCell('B3').value).toBe(-0.01);
    expect(sheet.getCell('C3').value).toBeNull();
  });

  it('keeps later cells in their columns when earlier ones are empty, past column Z', async () => {
    const columns = Array.from({ length: 28 }, (_, index) => text(`S${index + 1}`));
    const row: XlsxCell[] = Array.from({ length: 28 }, () => null);
    row[26] = 'AA';
    row[27] = 42;
    const sheet = await readBack(columns, [row]);
    expect(sheet.getCell('AA1').value).toBe('S27');
    expect(sheet.getCell('AA2').value).toBe('AA');
    expect(sheet.getCell('AB2').value).toBe(42);
    expect(sheet.getCell('A2').value).toBeNull();
  });

  it('drops characters XML cannot carry and numbers that are not finite, instead of breaking the file', async () => {
    const sheet = await readBack(
      [text('Text'), text('Zahl')],
      [['Zeile\u0000mit\u0008Steuerzeichen\u0007', Number.NaN]],
      "O'Brien & Co",
    );
    expect(sheet.name).toBe("O'Brien & Co");
    expect(sheet.getCell('A2').value).toBe('ZeilemitSteuerzeichen');
    expect(sheet.getCell('B2').value).toBeNull();
  });

  it('writes rows across the slices it yields between, in order', async () => {
    const rows = Array.from({ length: 20_000 }, (_, index): XlsxCell[] => [`Lieferant ${index}`, index / 100]);
    const sheet = await readBack([text('Name'), { header: 'Betrag', width: 12, format: 'amount' }], rows);
    expect(sheet.rowCount).toBe(20_001);
    expect(sheet.getCell('B20001').value).toBe(199.99);
    expect(sheet.getCell('A2').value).toBe('Lieferant 0');
    expect(sheet.getCell('A2002').value).toBe('Lieferant 2000');
  });
});
