/**
 * Net, tax and total chosen together. An invoice prints many amounts under labels that look alike
 * (a tax table's rows, a line total, an amount due after a prepayment), so each of the three is
 * collected as a set of candidates — every labelled amount with its label's weight — and the
 * reader takes the combination in which net + tax = total that the strongest labels support.
 * When no combination adds up, only what is unambiguous is kept and the rest is left empty with
 * the reason, because a wrong amount costs a finance team more than an empty one.
 */
import type { ReadDoubt } from '../extracted-invoice.js';

export interface AmountCandidate {
  value: number;
  /** Label weight times placement, 0..1. */
  weight: number;
  line: number;
}

export interface ChosenAmount {
  value: number;
  confidence: number;
}

export interface TotalsChoice {
  net?: ChosenAmount;
  tax?: ChosenAmount;
  total?: ChosenAmount;
  doubts: ReadDoubt[];
}

/** Usual VAT rates in Europe (basis points), for a tax or a rate derived from the other amounts. */
export const USUAL_RATES = [0, 260, 380, 500, 550, 700, 770, 810, 1000, 1300, 1500, 1900, 2000, 2100, 2200, 2300, 2500];

/** One candidate per value: the strongest, and among equals the last on the page (summaries close it). */
export function distinct(candidates: AmountCandidate[]): AmountCandidate[] {
  const byValue = new Map<number, AmountCandidate>();
  for (const c of candidates) {
    const seen = byValue.get(c.value);
    if (!seen || c.weight > seen.weight || (c.weight === seen.weight && c.line > seen.line)) byValue.set(c.value, c);
  }
  return [...byValue.values()];
}

const sure = (weights: number[]) => Math.min(0.97, weights.reduce((s, w) => s + w, 0) / weights.length + 0.12);

/** True when tax / net lands on a usual rate (within rounding of the tax). */
export function isUsualRate(net: number, tax: number): boolean {
  if (net === 0) return tax === 0;
  if (Math.sign(net) !== Math.sign(tax) && tax !== 0) return false;
  return USUAL_RATES.some((rate) => Math.abs(Math.round((net * rate) / 10000) - tax) <= Math.max(1, Math.abs(net) / 20000));
}

export function chooseTotals(
  netCandidates: AmountCandidate[],
  taxCandidates: AmountCandidate[],
  totalCandidates: AmountCandidate[],
): TotalsChoice {
  const nets = distinct(netCandidates);
  const taxes = distinct(taxCandidates);
  const totals = distinct(totalCandidates);

  let best: { n: AmountCandidate; t: AmountCandidate; g: AmountCandidate; score: number } | null = null;
  for (const g of totals) {
    for (const n of nets) {
      for (const t of taxes) {
        if (Math.abs(n.value + t.value - g.value) > 1) continue;
        if (n.value === g.value && t.value !== 0) continue;
        const score = n.weight + t.weight + g.weight + g.line / 1e6;
        if (!best || score > best.score) best = { n, t, g, score };
      }
    }
  }
  if (best) {
    return {
      net: { value: best.n.value, confidence: sure([best.n.weight, best.t.weight, best.g.weight]) },
      tax: { value: best.t.value, confidence: sure([best.n.weight, best.t.weight, best.g.weight]) },
      total: { value: best.g.value, confidence: sure([best.n.weight, best.t.weight, best.g.weight]) },
      doubts: [],
    };
  }

  const doubts: ReadDoubt[] = [];
  const strongest = (list: AmountCandidate[]) => {
    const top = Math.max(...list.map((c) => c.weight));
    return list.filter((c) => c.weight >= top - 0.05);
  };
  // The total on its own: kept when the strongest total labels agree on one value.
  let total: ChosenAmount | undefined;
  if (totals.length > 0) {
    const top = strongest(totals);
    if (top.length === 1) total = { value: top[0]!.value, confidence: Math.min(0.9, top[0]!.weight) };
    else doubts.push({ field: 'totalAmount', reason: 'several_totals' });
  }
  const result: TotalsChoice = { total, doubts };
  // Net and total without any tax line: the tax follows when it lands on a usual rate.
  if (total && taxes.length === 0) {
    const net = nets.filter((n) => isUsualRate(n.value, total.value - n.value)).sort((a, b) => b.weight - a.weight)[0];
    if (net) {
      result.net = { value: net.value, confidence: Math.min(0.8, net.weight) };
      result.tax = { value: total.value - net.value, confidence: 0.6 };
      return result;
    }
  } else if (total && nets.length === 0) {
    // Total and one tax amount without a net line: the net follows likewise.
    const topTaxes = strongest(taxes);
    const tax = topTaxes.length === 1 ? topTaxes[0]! : null;
    if (tax && isUsualRate(total.value - tax.value, tax.value)) {
      result.tax = { value: tax.value, confidence: Math.min(0.8, tax.weight) };
      result.net = { value: total.value - tax.value, confidence: 0.6 };
      return result;
    }
  } else if (!total && nets.length === 1 && taxes.length === 1 && isUsualRate(nets[0]!.value, taxes[0]!.value)) {
    // No total printed (rare): net and tax that agree with a usual rate give it.
    const [n, t] = [nets[0]!, taxes[0]!];
    result.net = { value: n.value, confidence: Math.min(0.8, n.weight) };
    result.tax = { value: t.value, confidence: Math.min(0.8, t.weight) };
    result.total = { value: n.value + t.value, confidence: 0.6 };
    return result;
  }
  if (nets.length > 0) doubts.push({ field: 'netAmount', reason: 'totals_disagree' });
  if (taxes.length > 0) doubts.push({ field: 'taxAmount', reason: 'totals_disagree' });
  return result;
}
