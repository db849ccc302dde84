import { describe, expect, it } from 'vitest';
import { intlFormatter } from './intl';
import { formatMoney } from './money';
import { todayIso } from './dates';

describe('intlFormatter', () => {
  it('makes one formatter per constructor, locale and options, and formats as a fresh one does', () => {
    const first = intlFormatter(Intl.DateTimeFormat, 'de-DE', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(intlFormatter(Intl.DateTimeFormat, 'de-DE', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(first);
    expect(intlFormatter(Intl.DateTimeFormat, 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' })).not.toBe(first);
    expect(intlFormatter(Intl.DateTimeFormat, 'de-DE', { dateStyle: 'short', timeZone: 'UTC' })).not.toBe(first);
    expect(intlFormatter(Intl.NumberFormat, 'de-DE', {})).not.toBe(first);
    expect(first.format(Date.UTC(2026, 10, 21))).toBe('21.11.2026');
    expect(intlFormatter(Intl.NumberFormat, 'de-DE', {}).format(250000)).toBe('250.000');
  });

  it('keeps money and today as they were', () => {
    expect(formatMoney(123456, 'EUR')).toBe(
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1234.56),
    );
    expect(formatMoney(1234, 'JPY')).toBe(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'JPY' }).format(1234));
    expect(todayIso(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(todayIso(new Date('2026-11-21T23:30:00Z'), 'UTC')).toBe('2026-11-21');
  });
});
