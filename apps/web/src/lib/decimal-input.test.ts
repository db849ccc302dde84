import { describe, expect, it } from 'vitest';
import {
  formatMoneyInput,
  formatPercentInput,
  formatQuantityInput,
  parseMoneyInput,
  parsePercentInput,
  parseQuantityInput,
} from './decimal-input';

describe('money input', () => {
  it.each([
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['1234,5', 123450],
    ['1234', 123400],
    ['1.234', 123400],
    ['1.234.567,89', 123456789],
    ['12.5', 1250],
    ['0,07', 7],
    [',5', 50],
    ['-12,30', -1230],
    ['1 234,56 €', 123456],
    ['EUR 99,99', 9999],
    ['0', 0],
    ['-0', 0],
  ])('reads %s as %i minor units', (text, expected) => {
    expect(parseMoneyInput(text)).toEqual({ ok: true, value: expected });
  });

  it('treats empty text as no amount', () => {
    expect(parseMoneyInput('  ')).toEqual({ ok: true, value: null });
  });

  it.each(['abc', '1,2,3', '12,345', '1.23.4', '1.2345,00', '-', ',', '1e5', '99999999999999999999'])('refuses %s', (text) => {
    expect(parseMoneyInput(text)).toEqual({ ok: false });
  });

  it('formats minor units in German', () => {
    expect(formatMoneyInput(123456)).toBe('1.234,56');
    expect(formatMoneyInput(-5)).toBe('-0,05');
    expect(formatMoneyInput(100)).toBe('1,00');
    expect(formatMoneyInput(null)).toBe('');
    expect(formatMoneyInput(Number.NaN)).toBe('');
  });

  it('round-trips what it formats', () => {
    for (const value of [0, 1, 99, 100_000, 123_456_789, -4_200]) {
      expect(parseMoneyInput(formatMoneyInput(value))).toEqual({ ok: true, value });
    }
  });
});

describe('percent input', () => {
  it('reads percentages as basis points', () => {
    expect(parsePercentInput('19')).toEqual({ ok: true, value: 1900 });
    expect(parsePercentInput('7,5 %')).toEqual({ ok: true, value: 750 });
    expect(parsePercentInput('2,25')).toEqual({ ok: true, value: 225 });
    expect(parsePercentInput('2,255')).toEqual({ ok: false });
  });

  it('shows basis points without needless decimals', () => {
    expect(formatPercentInput(1900)).toBe('19');
    expect(formatPercentInput(750)).toBe('7,5');
    expect(formatPercentInput(225)).toBe('2,25');
  });
});

describe('quantity input', () => {
  it('reads and shows thousandths', () => {
    expect(parseQuantityInput('1,5')).toEqual({ ok: true, value: 1500 });
    expect(parseQuantityInput('2')).toEqual({ ok: true, value: 2000 });
    expect(parseQuantityInput('0,125')).toEqual({ ok: true, value: 125 });
    expect(formatQuantityInput(1500)).toBe('1,5');
    expect(formatQuantityInput(1_234_000)).toBe('1.234');
  });
});
