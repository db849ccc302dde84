import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { decodeCsvText, detectDelimiter, normalizeHeader, readCsvTable, resolveColumns } from './csv-table';
import { parseCostCenterType } from './cost-center-service';
import { parseTaxKeyType, parseTaxRate } from './tax-key-service';

describe('CSV table reading', () => {
  it('decodes UTF-8 with and without BOM, and Windows-1252', () => {
    expect(decodeCsvText(Buffer.from('\uFEFFGrüße', 'utf8'))).toBe('Grüße');
    expect(decodeCsvText(Buffer.from('Grüße', 'utf8'))).toBe('Grüße');
    expect(decodeCsvText(Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65, 0x20, 0x80]))).toBe('Grüße €');
  });

  it('detects `;`, `,` and tab from the header line, ignoring quoted delimiters', () => {
    expect(detectDelimiter('Code;Name;Typ\n1,5;x;1')).toBe(';');
    expect(detectDelimiter('"a;b";c,d,e\n')).toBe(',');
    expect(detectDelimiter('a\tb\n')).toBe('\t');
    expect(detectDelimiter('\n\nsingle\n')).toBe(',');
  });

  it('reports file line numbers, skipping empty lines, and answers malformed quotes with import_malformed_csv', () => {
    const table = readCsvTable(Buffer.from('Code;Name\n\n1;"Eins; mit Semikolon"\n;\n2;Zwei\n'));
    expect(table.headers).toEqual(['Code', 'Name']);
    expect(table.rows).toEqual([
      { line: 3, values: ['1', 'Eins; mit Semikolon'] },
      { line: 5, values: ['2', 'Zwei'] },
    ]);
    expect(() => readCsvTable(Buffer.from('a;b\n"x;y\n'))).toThrowError(
      expect.objectContaining({ code: 'import_malformed_csv' }) as Error,
    );
  });

  it('resolves columns by alias or mapping and lists the missing required ones', () => {
    expect(normalizeHeader(' Kostenstellen-Nr. ')).toBe('kostenstellennr');
    const specs = [
      { key: 'code', required: true, aliases: ['code', 'nummer'] },
      { key: 'type', required: true, aliases: ['typ'] },
      { key: 'name', required: false, aliases: ['name'] },
    ] as const;
    expect(resolveColumns(['NUMMER', 'Typ'], specs, null)).toEqual({ code: 0, type: 1 });
    expect(resolveColumns(['A', 'B'], specs, { code: 'b', type: 'A' })).toEqual({ code: 1, type: 0 });
    try {
      resolveColumns(['x'], specs, null);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).params).toEqual({ columns: 'code, type' });
    }
  });

  it('parses cost centre types, tax key types and rates', () => {
    expect(['1', 'KOST2', 'Kostenstelle 1', 'kost 2', '3', ''].map(parseCostCenterType)).toEqual([1, 2, 1, 2, null, null]);
    expect(['Vorsteuer', 'SALE', 'sonstige', 'x'].map(parseTaxKeyType)).toEqual(['PURCHASE', 'SALE', 'OTHER', null]);
    expect(['19', '7,00 %', '5.5', '', 'abc'].map(parseTaxRate)).toEqual([1900, 700, 550, null, undefined]);
  });
});
