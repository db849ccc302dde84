import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('formats minor units as de-DE currency', () => {
    expect(formatMoney(123456)).toBe('1.234,56\u00a0€');
    expect(formatMoney(-5, 'EUR')).toBe('-0,05\u00a0€');
    expect(formatMoney(100n, 'USD')).toBe('1,00\u00a0$');
  });
});
