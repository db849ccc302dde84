/**
 * The amounts of an outgoing invoice, computed from its lines exactly (ARCHITECTURE §3.6).
 *
 * Everything runs on bigint: a quantity of up to 1e9 with three decimals (1e12 thousandths) times a
 * unit price of up to 1e12 minor units is far beyond Number's exact integers, and a float product
 * rounds a .5 cent the wrong way often enough to break the per-rate check below. invoice-rules.ts
 * has `lineTotalFor` for the incoming side, but it takes thousandths and multiplies in floating
 * point, so it is not reused here.
 */

export interface ReceivableAmountLine {
  /** At most three decimals; negative on a credit note. */
  quantity: number;
  /** Minor units. */
  unitPrice: number;
  /** Basis points (1900 = 19 %). */
  taxRate: number;
}

export interface TaxBreakdownEntry {
  /** Basis points. */
  rate: number;
  /** Sum of the line nets at this rate, minor units. */
  basis: number;
  /** Tax on `basis`, minor units. */
  tax: number;
}

export interface ReceivableTotals {
  netAmount: number;
  taxAmount: number;
  totalAmount: number;
  taxBreakdown: TaxBreakdownEntry[];
}

export interface DeclaredTotals {
  netAmount: number;
  taxAmount: number;
  totalAmount: number;
  taxBreakdown?: TaxBreakdownEntry[];
}

export interface TotalsDifference {
  field: 'netAmount' | 'taxAmount' | 'totalAmount' | 'basis' | 'tax';
  /** The tax rate of a `basis` or `tax` difference; null for the invoice totals. */
  rate: number | null;
  computed: number;
  declared: number;
  /** declared − computed: by how much the declared figure is off. */
  difference: number;
}

const THOUSANDTHS = 1_000n;
const BASIS_POINTS = 10_000n;

/**
 * The quantity in integer thousandths (0.025 → 25), or null when it has more than three decimals
 * or is not finite. Exact for every such quantity up to 1e12: `quantity * 1000` is off by far less
 * than half a thousandth, and dividing back must give the same double the caller parsed.
 */
export function quantityThousandths(quantity: number): number | null {
  if (!Number.isFinite(quantity)) return null;
  const thousandths = Math.round(quantity * 1_000);
  if (!Number.isSafeInteger(thousandths) || thousandths / 1_000 !== quantity) return null;
  // A quantity of -0 is zero thousandths; -0 would only surprise Object.is comparisons later.
  return thousandths === 0 ? 0 : thousandths;
}

/** A line's net amount in minor units: quantity × unit price, rounded half away from zero to the cent. */
export function lineNetAmount(quantity: number, unitPrice: number): number {
  return toSafeNumber(lineNetMinor(quantity, unitPrice));
}

/**
 * Tax per rate, the way EN 16931 (BR-CO-17) wants it: the line nets are summed per rate first and
 * the tax is rounded once per rate, never per line. Sorted by rate, highest first.
 */
export function receivableTaxBreakdown(lines: readonly ReceivableAmountLine[]): TaxBreakdownEntry[] {
  return breakdownMinor(lines).map(({ rate, basis, tax }) => ({ rate, basis: toSafeNumber(basis), tax: toSafeNumber(tax) }));
}

/** Net, tax and total of an invoice's lines; the total is net plus tax, to the cent. */
export function receivableTotals(lines: readonly ReceivableAmountLine[]): ReceivableTotals {
  const breakdown = breakdownMinor(lines);
  const net = breakdown.reduce((sum, entry) => sum + entry.basis, 0n);
  const tax = breakdown.reduce((sum, entry) => sum + entry.tax, 0n);
  return {
    netAmount: toSafeNumber(net),
    taxAmount: toSafeNumber(tax),
    totalAmount: toSafeNumber(net + tax),
    taxBreakdown: breakdown.map((entry) => ({
      rate: entry.rate,
      basis: toSafeNumber(entry.basis),
      tax: toSafeNumber(entry.tax),
    })),
  };
}

/**
 * Where declared totals (typed in, or read from an imported e-invoice) disagree with the lines.
 * Empty when every figure matches to the cent. Invoice totals come first, then the per-rate figures
 * from the highest rate down. A rate on one side only counts as basis 0 and tax 0 on the other; a
 * rate declared twice (an e-invoice may list 0 % once per exemption category) is summed.
 */
export function totalsDifferences(lines: readonly ReceivableAmountLine[], declared: DeclaredTotals): TotalsDifference[] {
  const computed = receivableTotals(lines);
  const differences: TotalsDifference[] = [];
  const compare = (field: TotalsDifference['field'], rate: number | null, computedValue: number, declaredValue: number) => {
    if (computedValue !== declaredValue) {
      differences.push({
        field,
        rate,
        computed: computedValue,
        declared: declaredValue,
        difference: declaredValue - computedValue,
      });
    }
  };
  compare('netAmount', null, computed.netAmount, declared.netAmount);
  compare('taxAmount', null, computed.taxAmount, declared.taxAmount);
  compare('totalAmount', null, computed.totalAmount, declared.totalAmount);
  if (declared.taxBreakdown === undefined) return differences;

  const declaredByRate = new Map<number, { basis: number; tax: number }>();
  for (const entry of declared.taxBreakdown) {
    const sum = declaredByRate.get(entry.rate) ?? { basis: 0, tax: 0 };
    declaredByRate.set(entry.rate, { basis: sum.basis + entry.basis, tax: sum.tax + entry.tax });
  }
  const computedByRate = new Map(computed.taxBreakdown.map((entry) => [entry.rate, entry]));
  const rates = [...new Set([...computedByRate.keys(), ...declaredByRate.keys()])].sort((a, b) => b - a);
  for (const rate of rates) {
    const mine = computedByRate.get(rate) ?? { basis: 0, tax: 0 };
    const theirs = declaredByRate.get(rate) ?? { basis: 0, tax: 0 };
    compare('basis', rate, mine.basis, theirs.basis);
    compare('tax', rate, mine.tax, theirs.tax);
  }
  return differences;
}

function lineNetMinor(quantity: number, unitPrice: number): bigint {
  const thousandths = quantityThousandths(quantity);
  if (thousandths === null) throw new RangeError(`quantity must have at most three decimals: ${quantity}`);
  if (!Number.isSafeInteger(unitPrice)) throw new RangeError(`unitPrice must be an integer in minor units: ${unitPrice}`);
  return divideHalfAway(BigInt(thousandths) * BigInt(unitPrice), THOUSANDTHS);
}

function breakdownMinor(lines: readonly ReceivableAmountLine[]): { rate: number; basis: bigint; tax: bigint }[] {
  const basisByRate = new Map<number, bigint>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.taxRate) || line.taxRate < 0) {
      throw new RangeError(`taxRate must be a non-negative integer in basis points: ${line.taxRate}`);
    }
    basisByRate.set(line.taxRate, (basisByRate.get(line.taxRate) ?? 0n) + lineNetMinor(line.quantity, line.unitPrice));
  }
  return [...basisByRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, basis]) => ({ rate, basis, tax: divideHalfAway(basis * BigInt(rate), BASIS_POINTS) }));
}

/** Half away from zero, so that a credit note's figures mirror the invoice's to the cent. */
function divideHalfAway(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** Amounts leave as numbers (ARCHITECTURE §4); one that a number cannot hold exactly is refused, not rounded. */
function toSafeNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`amount exceeds the exact range of a number: ${value}`);
  return result;
}
