import { describe, expect, it } from 'vitest';
import { groupIban, invoiceFormat } from './invoice-formatting';
import { isLeitwegId } from './letterhead';
import { countryName } from './postal-address';
import { unitName } from './unit-names';

describe('invoiceFormat', () => {
  const de = invoiceFormat('de', 'EUR');
  const en = invoiceFormat('en', 'EUR');

  it('formats money from minor units with plain spaces', () => {
    expect(de.money(123_456)).toBe('1.234,56 €');
    expect(en.money(123_456)).toBe('€1,234.56');
    expect(de.money(-50_000)).toBe('-500,00 €');
    expect(de.money(5)).toBe('0,05 €');
    expect(invoiceFormat('de', 'JPY').money(1234)).toBe('1.234 ¥');
    expect(invoiceFormat('en', 'USD').money(100)).toBe('US$1.00');
  });

  it('formats dates and leaves anything else alone', () => {
    expect(de.date('2026-12-31')).toBe('31.12.2026');
    expect(en.date('2026-12-31')).toBe('31 Dec 2026');
    expect(en.date('2026-03-06')).toBe('6 Mar 2026');
    expect(de.date('31.12.2026')).toBe('31.12.2026');
  });

  it('formats quantities with up to four decimals and rates from basis points', () => {
    expect(de.quantity(1234.5)).toBe('1.234,5');
    expect(en.quantity(0.125)).toBe('0.125');
    expect(de.quantity(1.23456)).toBe('1,2346');
    expect(de.percent(1900)).toBe('19 %');
    expect(de.percent(550)).toBe('5,5 %');
    expect(en.percent(550)).toBe('5.5 %');
  });

  it('groups an IBAN in fours', () => {
    expect(groupIban('DE02120300000000202051')).toBe('DE02 1203 0000 0000 2020 51');
    expect(groupIban('at61 1904 3002 3457 3201')).toBe('AT61 1904 3002 3457 3201');
  });
});

describe('unit names, country names and Leitweg-IDs', () => {
  it('shows UN/ECE rec. 20 codes as readable units, unknown codes as they are', () => {
    expect(['C62', 'HUR', 'DAY', 'MON', 'KGM', 'MTR', 'LS'].map((code) => unitName(code, 'de'))).toEqual([
      'Stk.',
      'Std.',
      'Tag',
      'Monat',
      'kg',
      'm',
      'pausch.',
    ]);
    expect(['C62', 'HUR', 'DAY', 'MON', 'LS'].map((code) => unitName(code, 'en'))).toEqual([
      'pcs',
      'h',
      'day',
      'month',
      'lump sum',
    ]);
    expect(unitName('XYZ', 'de')).toBe('XYZ');
  });

  it('names countries in the document language', () => {
    expect(countryName('AT', 'de')).toBe('Österreich');
    expect(countryName('AT', 'en')).toBe('Austria');
    expect(countryName('not a code', 'de')).toBe('not a code');
  });

  it('tells a Leitweg-ID from another buyer reference', () => {
    expect(isLeitwegId('04011000-12345-03')).toBe(true);
    expect(isLeitwegId('991-33333TEST-33')).toBe(true);
    expect(isLeitwegId('PO-2026-118')).toBe(false);
  });
});
