import { describe, expect, it } from 'vitest';
import { isoWeekday } from '../dates';
import { easterSunday } from './easter';

describe('easterSunday', () => {
  it('gives the known Easter dates', () => {
    expect(easterSunday(2000)).toBe('2000-04-23');
    expect(easterSunday(2011)).toBe('2011-04-24');
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('reaches the earliest and latest possible dates, 22 March and 25 April', () => {
    expect(easterSunday(2285)).toBe('2285-03-22');
    expect(easterSunday(1943)).toBe('1943-04-25');
  });

  it('is always a Sunday between 22 March and 25 April', () => {
    for (let year = 1900; year <= 2200; year++) {
      const easter = easterSunday(year);
      expect(isoWeekday(easter), easter).toBe(7);
      expect(easter.slice(5) >= '03-22' && easter.slice(5) <= '04-25', easter).toBe(true);
    }
  });

  it('refuses years outside the four-digit Gregorian calendar', () => {
    expect(() => easterSunday(1582)).toThrow(RangeError);
    expect(() => easterSunday(10000)).toThrow(RangeError);
    expect(() => easterSunday(2026.5)).toThrow(RangeError);
  });
});
