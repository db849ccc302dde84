import { describe, expect, it } from 'vitest';
import { describeSplitBalance } from './split-balance-display';

const nbsp = (text: string) => text.replace(/\s/g, ' ');

describe('describeSplitBalance', () => {
  it('says nothing without split lines', () => {
    expect(describeSplitBalance(11_900, [], 'EUR')).toEqual({ state: 'none', difference: 0, message: null });
  });

  it('is balanced when the lines add up to the total', () => {
    expect(describeSplitBalance(11_900, [{ amount: 10_000 }, { amount: 1_900 }], 'EUR').state).toBe('balanced');
  });

  it('shows the amount left to allocate, formatted', () => {
    const display = describeSplitBalance(11_900, [{ amount: 10_000 }], 'EUR');
    expect(display.state).toBe('left');
    expect(display.difference).toBe(1_900);
    expect(display.message?.key).toBe('split_amount_left');
    expect(nbsp(String(display.message?.params.difference))).toBe('19,00 €');
  });

  it('shows by how much the lines exceed the total, in the invoice currency', () => {
    const display = describeSplitBalance(10_000, [{ amount: 8_000 }, { amount: 3_234_56 }], 'USD');
    expect(display.state).toBe('exceeds');
    expect(display.message?.key).toBe('split_sum_exceeds_total');
    expect(nbsp(String(display.message?.params.difference))).toBe('3.214,56 $');
  });

  it('counts a line still being typed as nothing allocated yet', () => {
    const display = describeSplitBalance(5_000, [{ amount: Number.NaN }, { amount: null }], null);
    expect(display.state).toBe('left');
    expect(display.difference).toBe(5_000);
  });
});
