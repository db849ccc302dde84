import { describe, expect, it } from 'vitest';
import { barShares, monthLabel } from './volume-chart';

describe('volume chart', () => {
  it('scales bars to the largest month', () => {
    expect(barShares([0, 50, 200, 100])).toEqual([0, 0.25, 1, 0.5]);
    expect(barShares([0, 0])).toEqual([0, 0]);
    expect(barShares([])).toEqual([]);
  });

  it('names months in the interface language', () => {
    expect(monthLabel('2026-03', 'de')).toMatch(/^März? 26$/);
    expect(monthLabel('2026-03', 'en')).toBe('Mar 26');
    expect(monthLabel('garbage', 'en')).toBe('garbage');
  });
});
