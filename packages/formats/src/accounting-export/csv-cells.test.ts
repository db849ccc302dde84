import { describe, expect, it } from 'vitest';
import { formatCsvCell, formatCsvLine, neutraliseFormula, quoteCsvCell, quoteCsvText } from './csv-cells';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['Müller', 'Müller'],
  ])('neutralises and quotes %j', (input, expected) => {
    expect(formatCsvCell(input, ';')).toBe(expected);
  });

  it('quotes per RFC 4180 only where needed', () => {
    expect(quoteCsvCell('a;b', ';')).toBe('"a;b"');
    expect(quoteCsvCell('a,b', ';')).toBe('a,b');
    expect(quoteCsvCell('a,b', ',')).toBe('"a,b"');
    expect(quoteCsvCell('say "hi"', ';')).toBe('"say ""hi"""');
    expect(quoteCsvCell('two\nlines', ';')).toBe('"two\nlines"');
    expect(quoteCsvCell('-12,50', ';')).toBe('-12,50');
  });

  it('quotes always for DATEV text, an empty one too', () => {
    expect(quoteCsvText('')).toBe('""');
    expect(quoteCsvText('BEDI "abc"')).toBe('"BEDI ""abc"""');
  });

  it('leaves harmless text alone and joins a line', () => {
    expect(neutraliseFormula('12 = 12')).toBe('12 = 12');
    expect(formatCsvLine(['a', 1, '=1'], ',')).toBe("a,1,'=1");
  });
});
