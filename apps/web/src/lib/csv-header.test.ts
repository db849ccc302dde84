import { describe, expect, it } from 'vitest';
import {
  decodeCsvBytes,
  detectDelimiter,
  duplicateHeaders,
  guessMapping,
  missingRequiredColumns,
  readCsvHeader,
  readHeaderFromFile,
  toMappingPayload,
} from './csv-header';
import { COST_CENTER_COLUMNS, LEDGER_ACCOUNT_COLUMNS, TAX_KEY_COLUMNS } from '@kontor/domain/master-data-import';

describe('readCsvHeader', () => {
  it('reads a German Excel header (semicolons) and ignores the data rows', () => {
    expect(readCsvHeader('Kostenstelle;Bezeichnung;Typ\n4711;Marketing;1\n')).toEqual(['Kostenstelle', 'Bezeichnung', 'Typ']);
  });

  it('handles commas, tabs, quotes, doubled quotes and delimiters inside quotes', () => {
    expect(readCsvHeader('code,"Name, long","say ""hi"""\r\n1,2,3')).toEqual(['code', 'Name, long', 'say "hi"']);
    expect(readCsvHeader('Konto\tBeschriftung\n')).toEqual(['Konto', 'Beschriftung']);
  });

  it('skips leading blank lines and drops empty header cells', () => {
    expect(readCsvHeader('\n\n  code ; name ;;\n')).toEqual(['code', 'name']);
    expect(readCsvHeader('   ')).toEqual([]);
  });

  it('detects the delimiter outside quotes', () => {
    expect(detectDelimiter('"a;b",c,d\n')).toBe(',');
    expect(detectDelimiter('a;b;c')).toBe(';');
  });
});

describe('decodeCsvBytes', () => {
  it('strips a UTF-8 BOM', () => {
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe('a');
  });

  it('falls back to Windows-1252 (German Excel) when the bytes are not UTF-8', () => {
    // "Schlüssel" with ü as 0xFC
    const bytes = new Uint8Array([0x53, 0x63, 0x68, 0x6c, 0xfc, 0x73, 0x73, 0x65, 0x6c]);
    expect(decodeCsvBytes(bytes)).toBe('Schlüssel');
  });

  it('reads the header from a file', async () => {
    expect(await readHeaderFromFile(new Blob(['Konto;Beschriftung\n4400;Erlöse\n']))).toEqual(['Konto', 'Beschriftung']);
  });
});

describe('guessMapping', () => {
  it('pre-fills fields by header name, ignoring case and punctuation', () => {
    expect(guessMapping(['Kostenstellen-Nr.', 'Bezeichnung', 'TYP'], COST_CENTER_COLUMNS)).toEqual({
      code: 'Kostenstellen-Nr.',
      name: 'Bezeichnung',
      type: 'TYP',
    });
  });

  it('uses each header once and leaves unknown fields unmapped', () => {
    const mapping = guessMapping(['Code', 'Name'], TAX_KEY_COLUMNS);
    expect(mapping).toEqual({ name: 'Name', type: '', rate: '', externalCode: 'Code', description: '' });
  });
});

describe('missingRequiredColumns', () => {
  it('blocks the upload while a required column is unmapped', () => {
    expect(missingRequiredColumns({ code: 'Nr', name: '', type: '' }, COST_CENTER_COLUMNS)).toEqual(['type']);
    expect(missingRequiredColumns({ code: 'Nr', name: '', type: '' }, COST_CENTER_COLUMNS, new Set(['type'] as const))).toEqual(
      [],
    );
    expect(missingRequiredColumns({ code: '', name: 'x' }, LEDGER_ACCOUNT_COLUMNS)).toEqual(['code']);
  });
});

describe('duplicateHeaders and toMappingPayload', () => {
  it('finds a column chosen twice and sends only mapped fields', () => {
    expect(duplicateHeaders({ code: 'A', name: 'A', type: '' })).toEqual(['A']);
    expect(toMappingPayload({ code: 'A', name: '', type: 'T' })).toEqual({ code: 'A', type: 'T' });
  });
});
