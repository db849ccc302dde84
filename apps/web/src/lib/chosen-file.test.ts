import { describe, expect, it } from 'vitest';
import { checkChosenFile } from './chosen-file';

const CSV_ONLY = { extensions: ['csv', 'txt'], maxBytes: 1000 };

describe('checkChosenFile', () => {
  it('takes an accepted extension in any case within the size', () => {
    expect(checkChosenFile({ name: 'Kostenstellen.CSV', size: 1000 }, CSV_ONLY)).toBeNull();
    expect(checkChosenFile({ name: 'export.2026.txt', size: 1 }, CSV_ONLY)).toBeNull();
  });

  it('names a wrong or missing extension before the size', () => {
    expect(checkChosenFile({ name: 'konten.xlsx', size: 5000 }, CSV_ONLY)).toBe('wrongType');
    expect(checkChosenFile({ name: 'csv', size: 1 }, CSV_ONLY)).toBe('wrongType');
    expect(checkChosenFile({ name: 'liste.csv.pdf', size: 1 }, CSV_ONLY)).toBe('wrongType');
  });

  it('refuses a file above the size', () => {
    expect(checkChosenFile({ name: 'gross.csv', size: 1001 }, CSV_ONLY)).toBe('tooLarge');
  });
});
