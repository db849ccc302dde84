import { describe, expect, it } from 'vitest';
import {
  checkImportFile,
  initialMapping,
  isImportFinished,
  mappingProblems,
  recentImportTone,
  selectableHeaders,
} from './import-model';

describe('counterparty import model', () => {
  it('accepts CSV and XLSX up to 10 MB and names what is wrong otherwise', () => {
    expect(checkImportFile({ name: 'Partner.CSV', size: 100 })).toBeNull();
    expect(checkImportFile({ name: 'partner.xlsx', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkImportFile({ name: 'partner.xls', size: 100 })).toBe('wrongType');
    expect(checkImportFile({ name: 'partner', size: 100 })).toBe('wrongType');
    expect(checkImportFile({ name: 'partner.csv', size: 10 * 1024 * 1024 + 1 })).toBe('tooLarge');
  });

  it('pre-fills the suggested headers and blocks the start until the name is mapped and no header is used twice', () => {
    const mapping = initialMapping({ suggestedMapping: { iban: 'IBAN', city: 'Ort' } });
    expect(mapping).toMatchObject({ name: '', iban: 'IBAN', city: 'Ort', vatNumber: '' });
    expect(mappingProblems(mapping)).toEqual({ missing: ['name'], duplicates: [] });
    expect(mappingProblems({ ...mapping, name: 'Firma' })).toEqual({ missing: [], duplicates: [] });
    expect(mappingProblems({ ...mapping, name: 'Ort' })).toEqual({ missing: [], duplicates: ['Ort'] });
  });

  it('offers each non-empty header once', () => {
    expect(selectableHeaders(['Name', '', ' ', 'Ort', 'Name'])).toEqual(['Name', 'Ort']);
  });

  it('treats done and failed imports as finished: their result can be read and nothing is polled any more', () => {
    expect(isImportFinished({ status: 'done' })).toBe(true);
    expect(isImportFinished({ status: 'failed' })).toBe(true);
    expect(isImportFinished({ status: 'running' })).toBe(false);
    expect(isImportFinished({ status: 'uploaded' })).toBe(false);
  });

  it('marks a listed import like its result: rows not created warn, a failure is an error', () => {
    expect(recentImportTone({ status: 'running', skippedCount: 0 })).toBe('info');
    expect(recentImportTone({ status: 'done', skippedCount: 0 })).toBe('success');
    expect(recentImportTone({ status: 'done', skippedCount: 2 })).toBe('warning');
    expect(recentImportTone({ status: 'failed', skippedCount: 0 })).toBe('danger');
  });
});
