import { describe, expect, it } from 'vitest';
import { displayParams } from './display-params';

// Intl separates amount and currency with a no-break space.
const plain = (params: Record<string, string | number>) =>
  Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? value.replace(/\u00a0/g, ' ') : value]),
  );

describe('display params of flags and import problems', () => {
  it('shows minor units and bank-file decimals as money in their currency', () => {
    expect(plain(displayParams({ amount: 123456, averageAmount: 5000, currency: 'EUR', count: 4 }, 'en'))).toEqual({
      amount: '1.234,56 €',
      averageAmount: '50,00 €',
      currency: 'EUR',
      count: 4,
    });
    expect(plain(displayParams({ amount: '99.5', currency: 'USD' }, 'de')).amount).toBe('99,50 $');
    expect(displayParams({ amount: '12.00', currency: 'XX1' }, 'de').amount).toBe('12.00 XX1');
    expect(displayParams({ amount: 'n/a' }, 'de').amount).toBe('n/a');
  });

  it('groups IBANs and formats dates, leaving the rest alone', () => {
    expect(displayParams({ iban: 'DE89370400440532013000', from: '2026-11-02', status: 'PDNG' }, 'de')).toEqual({
      iban: 'DE89 3704 0044 0532 0130 00',
      from: '02.11.2026',
      status: 'PDNG',
    });
    expect(displayParams(undefined, 'en')).toEqual({});
  });
});
