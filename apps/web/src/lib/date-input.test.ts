import { describe, expect, it } from 'vitest';
import { formatDateForInput, isoOfLocalDate, localDateOf, parseTypedDate } from './date-input';

const TODAY = '2026-11-27';
const read = (text: string) => parseTypedDate(text, TODAY);

describe('parseTypedDate', () => {
  it.each([
    ['15.03.2026', '2026-03-15'],
    ['15.3.26', '2026-03-15'],
    ['1.4.2026', '2026-04-01'],
    ['15/03/2026', '2026-03-15'],
    ['15-03-2026', '2026-03-15'],
    [' 15. 03. 2026 ', '2026-03-15'],
    ['15.03.', '2026-03-15'],
    ['15.03', '2026-03-15'],
    ['150326', '2026-03-15'],
    ['15032026', '2026-03-15'],
    ['1503', '2026-03-15'],
    ['2026-03-15', '2026-03-15'],
    ['2026-3-5', '2026-03-05'],
    ['29.02.2028', '2028-02-29'],
    ['31.12.99', '1999-12-31'],
    ['01.01.76', '2076-01-01'],
  ])('reads %s as %s', (text, iso) => {
    expect(read(text)).toEqual({ ok: true, value: iso });
  });

  it.each([
    ['heute', '2026-11-27'],
    ['Heute', '2026-11-27'],
    ['h', '2026-11-27'],
    ['today', '2026-11-27'],
    ['T', '2026-11-27'],
    ['gestern', '2026-11-26'],
    ['morgen', '2026-11-28'],
    ['tomorrow', '2026-11-28'],
    ['+14', '2026-12-11'],
    ['+ 30', '2026-12-27'],
    ['-3', '2026-11-24'],
    ['+10t', '2026-12-07'],
    ['+10d', '2026-12-07'],
    ['+2w', '2026-12-11'],
    ['+1m', '2026-12-27'],
    ['+3M', '2027-02-27'],
    ['-1m', '2026-10-27'],
  ])('reads %s relative to today (27.11.2026) as %s', (text, iso) => {
    expect(read(text)).toEqual({ ok: true, value: iso });
  });

  it('ends a month later on the month last day when the day does not exist there', () => {
    expect(parseTypedDate('+1m', '2026-01-31')).toEqual({ ok: true, value: '2026-02-28' });
  });

  it('reads empty text as no date', () => {
    expect(read('')).toEqual({ ok: true, value: null });
    expect(read('   ')).toEqual({ ok: true, value: null });
  });

  it.each([
    '31.02.2026',
    '29.02.2027',
    '00.01.2026',
    '15.13.2026',
    '15.03.202',
    '15.03.2',
    'übermorgen',
    '+',
    '+14x',
    '14+',
    '12345',
    '2026-02-30',
    '15..03',
    '3/15/2026',
  ])('refuses %s', (text) => {
    expect(read(text)).toEqual({ ok: false });
  });
});

describe('formatDateForInput', () => {
  it('writes the day first in both languages', () => {
    expect(formatDateForInput('2026-03-05', 'de')).toBe('05.03.2026');
    expect(formatDateForInput('2026-03-05', 'en')).toBe('05/03/2026');
  });

  it('leaves empty and unreadable values as they are', () => {
    expect(formatDateForInput(null, 'de')).toBe('');
    expect(formatDateForInput('31.02.2026', 'de')).toBe('31.02.2026');
  });

  it('reads back what it writes', () => {
    expect(read(formatDateForInput('2026-12-31', 'de'))).toEqual({ ok: true, value: '2026-12-31' });
    expect(read(formatDateForInput('2026-12-31', 'en'))).toEqual({ ok: true, value: '2026-12-31' });
  });
});

describe('calendar days', () => {
  it('turns an ISO date into a local midnight and back to the same day', () => {
    const date = localDateOf('2026-03-29');
    expect(date?.getDate()).toBe(29);
    expect(date?.getHours()).toBe(0);
    expect(isoOfLocalDate(date as Date)).toBe('2026-03-29');
    expect(localDateOf('29.03.2026')).toBeUndefined();
  });
});
