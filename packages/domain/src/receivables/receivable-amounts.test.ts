import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  lineNetAmount,
  quantityThousandths,
  receivableTaxBreakdown,
  receivableTotals,
  totalsDifferences,
  type DeclaredTotals,
  type ReceivableAmountLine,
} from './receivable-amounts';

const line = (quantity: number, unitPrice: number, taxRate: number): ReceivableAmountLine => ({ quantity, unitPrice, taxRate });

describe('lineNetAmount', () => {
  it('multiplies whole quantities exactly', () => {
    expect(lineNetAmount(3, 1_000)).toBe(3_000);
    expect(lineNetAmount(1, 0)).toBe(0);
  });

  it('takes fractional quantities of up to three decimals and rounds half away from zero', () => {
    expect(lineNetAmount(0.025, 1_999)).toBe(50); // 49.975 → 50
    expect(lineNetAmount(0.025, 10)).toBe(0); // 0.25 → 0
    expect(lineNetAmount(1.5, 1_234)).toBe(1_851);
    expect(lineNetAmount(0.001, 500)).toBe(1); // 0.5 → 1
    expect(lineNetAmount(-0.001, 500)).toBe(-1); // -0.5 → -1
    expect(lineNetAmount(0.001, -500)).toBe(-1);
    expect(lineNetAmount(0.003, 500)).toBe(2); // 1.5 → 2
    expect(lineNetAmount(-0.003, 500)).toBe(-2);
  });

  it('is exact where floating point is not', () => {
    // 1.005 × 100 is 100.49999999999999 in floating point, which would round to 100.
    expect(1.005 * 100).toBeLessThan(100.5);
    expect(lineNetAmount(1.005, 100)).toBe(101);
    expect(lineNetAmount(-1.005, 100)).toBe(-101);
    // A product beyond 2^53 still rounds correctly: 123456.789 × 99 999 999 / 1000 = 12 345 678 776 543.211.
    expect(lineNetAmount(123_456.789, 99_999_999)).toBe(12_345_678_776_543);
  });

  it('makes credit-note lines the exact negative of invoice lines', () => {
    expect(lineNetAmount(-2, 4_999)).toBe(-9_998);
    expect(lineNetAmount(-0.025, 1_999)).toBe(-50);
  });

  it('refuses what it cannot compute exactly instead of rounding it', () => {
    expect(() => lineNetAmount(0.0005, 100)).toThrow(RangeError);
    expect(() => lineNetAmount(Number.NaN, 100)).toThrow(RangeError);
    expect(() => lineNetAmount(1, 1.5)).toThrow(RangeError);
    expect(() => lineNetAmount(1_000_000_000, 1_000_000_000_000)).toThrow(RangeError); // 1e21 cents
  });
});

describe('quantityThousandths', () => {
  it('reads quantities with up to three decimals as integer thousandths', () => {
    expect(quantityThousandths(0.025)).toBe(25);
    expect(quantityThousandths(1.5)).toBe(1_500);
    expect(quantityThousandths(-0.001)).toBe(-1);
    expect(quantityThousandths(1_000_000_000)).toBe(1_000_000_000_000);
    expect(Object.is(quantityThousandths(-0), 0)).toBe(true);
  });

  it('answers null for more decimals or no number', () => {
    expect(quantityThousandths(0.0005)).toBeNull();
    expect(quantityThousandths(1.0001)).toBeNull();
    expect(quantityThousandths(Number.POSITIVE_INFINITY)).toBeNull();
    expect(quantityThousandths(Number.NaN)).toBeNull();
  });
});

describe('receivableTotals and receivableTaxBreakdown (worked examples)', () => {
  it('one rate: 3 × 10,00 € at 19 %', () => {
    expect(receivableTotals([line(3, 1_000, 1_900)])).toEqual({
      netAmount: 3_000,
      taxAmount: 570,
      totalAmount: 3_570,
      taxBreakdown: [{ rate: 1_900, basis: 3_000, tax: 570 }],
    });
  });

  it('19 % and 7 %: summed per rate, rounded once per rate, highest rate first', () => {
    const lines = [line(1.5, 1_234, 700), line(2, 4_999, 1_900), line(1, 1, 1_900)];
    // 19 %: 9 998 + 1 = 9 999 → 1 899.81 → 1 900; 7 %: 1 851 → 129.57 → 130.
    expect(receivableTaxBreakdown(lines)).toEqual([
      { rate: 1_900, basis: 9_999, tax: 1_900 },
      { rate: 700, basis: 1_851, tax: 130 },
    ]);
    expect(receivableTotals(lines)).toMatchObject({ netAmount: 11_850, taxAmount: 2_030, totalAmount: 13_880 });
  });

  it('0 %: a basis without tax still has its breakdown entry', () => {
    expect(receivableTotals([line(1, 50_000, 0)])).toEqual({
      netAmount: 50_000,
      taxAmount: 0,
      totalAmount: 50_000,
      taxBreakdown: [{ rate: 0, basis: 50_000, tax: 0 }],
    });
  });

  it('rounds the tax per rate, not per line (EN 16931 BR-CO-17)', () => {
    // Per line each 0.5 cent would round up to 1 cent (2 in all); per rate 10 cents × 10 % = 1 cent.
    expect(receivableTaxBreakdown([line(1, 5, 1_000), line(1, 5, 1_000)])).toEqual([{ rate: 1_000, basis: 10, tax: 1 }]);
  });

  it('rounds a half cent of tax away from zero in both signs', () => {
    expect(receivableTaxBreakdown([line(1, 250, 1_900)])).toEqual([{ rate: 1_900, basis: 250, tax: 48 }]); // 47.5
    expect(receivableTaxBreakdown([line(-1, 250, 1_900)])).toEqual([{ rate: 1_900, basis: -250, tax: -48 }]);
    expect(receivableTaxBreakdown([line(1, 5, 1_000)])).toEqual([{ rate: 1_000, basis: 5, tax: 1 }]); // 0.5
    expect(receivableTaxBreakdown([line(1, -5, 1_000)])).toEqual([{ rate: 1_000, basis: -5, tax: -1 }]);
    expect(receivableTaxBreakdown([line(1, 249, 1_900)])).toEqual([{ rate: 1_900, basis: 249, tax: 47 }]); // 47.31
  });

  it('credit note: every figure negative', () => {
    expect(receivableTotals([line(-2, 4_999, 1_900), line(-0.5, 1_000, 700)])).toEqual({
      netAmount: -10_498,
      taxAmount: -1_935, // -1 899.62 → -1 900; -35
      totalAmount: -12_433,
      taxBreakdown: [
        { rate: 1_900, basis: -9_998, tax: -1_900 },
        { rate: 700, basis: -500, tax: -35 },
      ],
    });
  });

  it('a discount line inside an invoice lowers its rate’s basis', () => {
    expect(receivableTaxBreakdown([line(10, 1_000, 1_900), line(-1, 1_500, 1_900)])).toEqual([
      { rate: 1_900, basis: 8_500, tax: 1_615 },
    ]);
  });

  it('no lines: zero totals and an empty breakdown', () => {
    expect(receivableTotals([])).toEqual({ netAmount: 0, taxAmount: 0, totalAmount: 0, taxBreakdown: [] });
  });

  it('refuses a negative or fractional tax rate', () => {
    expect(() => receivableTotals([line(1, 100, -1)])).toThrow(RangeError);
    expect(() => receivableTotals([line(1, 100, 19.5)])).toThrow(RangeError);
  });
});

describe('totalsDifferences (worked examples)', () => {
  const lines = [line(2, 4_999, 1_900), line(1.5, 1_234, 700)];
  // 19 %: 9 998 → 1 899.62 → 1 900; 7 %: 1 851 → 130.
  const correct: DeclaredTotals = {
    netAmount: 11_849,
    taxAmount: 2_030,
    totalAmount: 13_879,
    taxBreakdown: [
      { rate: 1_900, basis: 9_998, tax: 1_900 },
      { rate: 700, basis: 1_851, tax: 130 },
    ],
  };

  it('is empty when everything adds up, with or without a breakdown', () => {
    expect(totalsDifferences(lines, correct)).toEqual([]);
    expect(totalsDifferences(lines, { netAmount: 11_849, taxAmount: 2_030, totalAmount: 13_879 })).toEqual([]);
  });

  it('shows tax rounded per line instead of per rate', () => {
    const perLine = { ...correct, taxAmount: 2_029, totalAmount: 13_878 };
    expect(totalsDifferences(lines, perLine)).toEqual([
      { field: 'taxAmount', rate: null, computed: 2_030, declared: 2_029, difference: -1 },
      { field: 'totalAmount', rate: null, computed: 13_879, declared: 13_878, difference: -1 },
    ]);
  });

  it('names the rate of a wrong breakdown entry, and a rate missing on either side', () => {
    const declared: DeclaredTotals = {
      ...correct,
      taxBreakdown: [
        { rate: 1_900, basis: 9_998, tax: 1_899 },
        { rate: 0, basis: 1_851, tax: 0 },
      ],
    };
    expect(totalsDifferences(lines, declared)).toEqual([
      { field: 'tax', rate: 1_900, computed: 1_900, declared: 1_899, difference: -1 },
      { field: 'basis', rate: 700, computed: 1_851, declared: 0, difference: -1_851 },
      { field: 'tax', rate: 700, computed: 130, declared: 0, difference: -130 },
      { field: 'basis', rate: 0, computed: 0, declared: 1_851, difference: 1_851 },
    ]);
  });

  it('sums a rate declared twice (one 0 % entry per exemption category)', () => {
    const zeroRated = [line(1, 1_000, 0), line(1, 2_000, 0)];
    const declared: DeclaredTotals = {
      netAmount: 3_000,
      taxAmount: 0,
      totalAmount: 3_000,
      taxBreakdown: [
        { rate: 0, basis: 1_000, tax: 0 },
        { rate: 0, basis: 2_000, tax: 0 },
      ],
    };
    expect(totalsDifferences(zeroRated, declared)).toEqual([]);
  });
});

describe('receivable amounts (properties)', () => {
  const rateArb = fc.oneof(fc.constantFrom(0, 550, 700, 1_000, 1_900, 2_000, 10_000), fc.integer({ min: 0, max: 10_000 }));
  // Up to ±1 000 units with three decimals at up to ±100 000,00 €: every product is exercised,
  // and sums stay small enough for the checks below to use plain numbers.
  const lineArb = fc.record({
    quantity: fc.integer({ min: -1_000_000, max: 1_000_000 }).map((thousandths) => thousandths / 1_000),
    unitPrice: fc.integer({ min: -10_000_000, max: 10_000_000 }),
    taxRate: rateArb,
  });
  const linesArb = fc.array(lineArb, { maxLength: 30 });
  const negate = (value: number) => 0 - value; // 0 - 0 is +0, so a zero stays comparable with toEqual.

  it('adds the breakdown up to net and tax, and net and tax up to the total, all in integers', () => {
    fc.assert(
      fc.property(linesArb, (lines) => {
        const totals = receivableTotals(lines);
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
        expect(sum(totals.taxBreakdown.map((entry) => entry.basis))).toBe(totals.netAmount);
        expect(sum(totals.taxBreakdown.map((entry) => entry.tax))).toBe(totals.taxAmount);
        expect(totals.totalAmount).toBe(totals.netAmount + totals.taxAmount);
        const figures = [
          totals.netAmount,
          totals.taxAmount,
          totals.totalAmount,
          ...totals.taxBreakdown.flatMap((e) => [e.basis, e.tax]),
        ];
        for (const figure of figures) expect(Number.isSafeInteger(figure)).toBe(true);
        expect(receivableTaxBreakdown(lines)).toEqual(totals.taxBreakdown);
      }),
    );
  });

  it('keeps each rate’s tax within half a cent of basis × rate, one entry per rate, highest first', () => {
    fc.assert(
      fc.property(linesArb, (lines) => {
        const breakdown = receivableTaxBreakdown(lines);
        for (const { rate, basis, tax } of breakdown) {
          const error = BigInt(tax) * 10_000n - BigInt(basis) * BigInt(rate);
          expect(error >= -5_000n && error <= 5_000n).toBe(true);
        }
        const rates = breakdown.map((entry) => entry.rate);
        expect(rates).toEqual([...new Set(lines.map((l) => l.taxRate))].sort((a, b) => b - a));
      }),
    );
  });

  it('gives the same result in any line order', () => {
    const shuffledArb = linesArb.chain((lines) =>
      fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length })),
    );
    fc.assert(
      fc.property(shuffledArb, ([lines, shuffled]) => {
        expect(receivableTotals(shuffled)).toEqual(receivableTotals(lines));
      }),
    );
  });

  it('negates every amount when every quantity is negated (a full credit note mirrors its invoice)', () => {
    fc.assert(
      fc.property(linesArb, (lines) => {
        const totals = receivableTotals(lines);
        const mirrored = receivableTotals(lines.map((l) => ({ ...l, quantity: negate(l.quantity) })));
        expect(mirrored).toEqual({
          netAmount: negate(totals.netAmount),
          taxAmount: negate(totals.taxAmount),
          totalAmount: negate(totals.totalAmount),
          taxBreakdown: totals.taxBreakdown.map((e) => ({ rate: e.rate, basis: negate(e.basis), tax: negate(e.tax) })),
        });
        for (const l of lines)
          expect(lineNetAmount(negate(l.quantity), l.unitPrice)).toBe(negate(lineNetAmount(l.quantity, l.unitPrice)));
      }),
    );
  });

  it('finds no difference in computed totals and exactly the one cent changed in a declared figure', () => {
    const caseArb = fc.tuple(linesArb, fc.nat(), fc.constantFrom(1, -1));
    fc.assert(
      fc.property(caseArb, ([lines, pick, delta]) => {
        const totals = receivableTotals(lines);
        expect(totalsDifferences(lines, totals)).toEqual([]);

        // Every declared figure, each as a way to change it by `delta`.
        const targets: { field: 'netAmount' | 'taxAmount' | 'totalAmount' | 'basis' | 'tax'; rate: number | null }[] = [
          { field: 'netAmount', rate: null },
          { field: 'taxAmount', rate: null },
          { field: 'totalAmount', rate: null },
          ...totals.taxBreakdown.flatMap((e) => [
            { field: 'basis' as const, rate: e.rate },
            { field: 'tax' as const, rate: e.rate },
          ]),
        ];
        const target = targets[pick % targets.length]!;
        const declared: DeclaredTotals = { ...totals, taxBreakdown: totals.taxBreakdown.map((e) => ({ ...e })) };
        let computed: number;
        if (target.rate === null) {
          const field = target.field as 'netAmount' | 'taxAmount' | 'totalAmount';
          computed = totals[field];
          declared[field] = computed + delta;
        } else {
          const entry = declared.taxBreakdown!.find((e) => e.rate === target.rate)!;
          const field = target.field as 'basis' | 'tax';
          computed = entry[field];
          entry[field] = computed + delta;
        }
        expect(totalsDifferences(lines, declared)).toEqual([
          { field: target.field, rate: target.rate, computed, declared: computed + delta, difference: delta },
        ]);
      }),
    );
  });
});
