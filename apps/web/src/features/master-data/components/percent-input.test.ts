import { describe, expect, it } from 'vitest';
import { formatBasisPoints, parsePercentToBasisPoints } from './percent-input';

describe('percent ↔ basis points', () => {
  it.each([
    ['19', 1900],
    ['7,5', 750],
    ['7.5 %', 750],
    ['0', 0],
    ['', null],
  ])('%s → %s', (text, expected) => {
    expect(parsePercentToBasisPoints(text)).toBe(expected);
  });

  it('reports unreadable input', () => {
    expect(parsePercentToBasisPoints('abc')).toBeUndefined();
    expect(parsePercentToBasisPoints('1,234')).toBeUndefined();
  });

  it('formats in the interface decimal style', () => {
    expect(formatBasisPoints(750, ',')).toBe('7,5');
    expect(formatBasisPoints(1900, '.')).toBe('19');
    expect(formatBasisPoints(null, ',')).toBe('');
  });
});
