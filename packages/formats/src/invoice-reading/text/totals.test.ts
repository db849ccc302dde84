import { describe, expect, it } from 'vitest';
import { chooseTotals, isUsualRate, type AmountCandidate } from './totals.js';

const c = (value: number, weight = 0.9, line = 1): AmountCandidate => ({ value, weight, line });

describe('chooseTotals', () => {
  it('takes the net, tax and total that add up, among look-alike amounts', () => {
    // A tax table's rows (19,25 and 37,62), a line total, and the summary 473,00 + 56,87 = 529,87.
    const choice = chooseTotals([c(49225, 0.6), c(47300)], [c(1925, 0.85), c(3762, 0.85), c(5687)], [c(52987), c(0, 0.9, 9)]);
    expect(choice.net?.value).toBe(47300);
    expect(choice.tax?.value).toBe(5687);
    expect(choice.total?.value).toBe(52987);
    expect(choice.doubts).toEqual([]);
    expect(choice.total!.confidence).toBeGreaterThan(0.9);
  });

  it('prefers the combination the stronger labels support', () => {
    const choice = chooseTotals([c(16000, 0.55), c(49600, 0.85)], [c(0, 0.5), c(7504, 0.9)], [c(16000, 0.6), c(57104, 0.7)]);
    expect([choice.net?.value, choice.tax?.value, choice.total?.value]).toEqual([49600, 7504, 57104]);
  });

  it('keeps an unambiguous total and leaves net and tax empty with the reason when nothing adds up', () => {
    const choice = chooseTotals([c(100000)], [c(12345)], [c(146913)]);
    expect(choice.total?.value).toBe(146913);
    expect(choice.net).toBeUndefined();
    expect(choice.tax).toBeUndefined();
    expect(choice.doubts).toEqual([
      { field: 'netAmount', reason: 'totals_disagree' },
      { field: 'taxAmount', reason: 'totals_disagree' },
    ]);
  });

  it('leaves the total empty when two equally strong totals differ', () => {
    const choice = chooseTotals([], [], [c(10000, 0.9, 3), c(12000, 0.9, 8)]);
    expect(choice.total).toBeUndefined();
    expect(choice.doubts).toContainEqual({ field: 'totalAmount', reason: 'several_totals' });
  });

  it('derives the tax from net and total only when it lands on a usual rate', () => {
    const usual = chooseTotals([c(10000)], [], [c(11900)]);
    expect(usual.tax?.value).toBe(1900);
    expect(usual.tax!.confidence).toBeLessThan(0.8);
    const odd = chooseTotals([c(10000)], [], [c(11234)]);
    expect(odd.tax).toBeUndefined();
    expect(odd.net).toBeUndefined();
  });

  it('derives the net from total and a single tax amount (no net line)', () => {
    const choice = chooseTotals([], [c(0, 0.85)], [c(411)]);
    expect([choice.net?.value, choice.tax?.value]).toEqual([411, 0]);
  });

  it('accepts negative amounts of a correction invoice', () => {
    const choice = chooseTotals([c(-767)], [c(-112)], [c(-879)]);
    expect([choice.net?.value, choice.tax?.value, choice.total?.value]).toEqual([-767, -112, -879]);
  });
});

describe('isUsualRate', () => {
  it('knows the European rates and the rounding of the tax', () => {
    expect(isUsualRate(19800, 3762)).toBe(true);
    expect(isUsualRate(27500, 1925)).toBe(true);
    expect(isUsualRate(10000, 0)).toBe(true);
    expect(isUsualRate(10000, 1234)).toBe(false);
    expect(isUsualRate(-767, -146)).toBe(true);
    expect(isUsualRate(10000, -1900)).toBe(false);
  });
});
