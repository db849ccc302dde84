import { describe, expect, it } from 'vitest';
import { datePeriodRange } from './dates';

describe('datePeriodRange', () => {
  it('gives the months, quarters and years around a day', () => {
    const today = '2026-11-27';
    expect(datePeriodRange('thisMonth', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(datePeriodRange('lastMonth', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(datePeriodRange('thisQuarter', today)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(datePeriodRange('lastQuarter', today)).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(datePeriodRange('thisYear', today)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(datePeriodRange('lastYear', today)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('reaches back over the turn of the year, and knows February in a leap year', () => {
    expect(datePeriodRange('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(datePeriodRange('lastQuarter', '2026-02-10')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(datePeriodRange('thisQuarter', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(datePeriodRange('lastMonth', '2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});
