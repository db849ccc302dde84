/**
 * Confidence from evidence. A reading starts from the weight of the label it was found by and where
 * the value sat (same line > column below > next line > no label); validation (IBAN mod-97, VAT ID
 * shape) and consistent totals raise it, contradictions lower it. OCR readings are discounted a
 * little because characters may be misread. Text readings never reach 1 (reserved for XML).
 */
import type { ExtractedInvoice, ReadField, ReadSource } from '../extracted-invoice.js';
import type { Placement } from './lines.js';

const PLACEMENT: Record<Placement, number> = { 'same-line': 1, column: 0.92, 'next-line': 0.85 };

export function clamp(c: number): number {
  return Math.round(Math.min(0.98, Math.max(0.05, c)) * 100) / 100;
}

export function field<T>(value: T, weight: number, source: ReadSource, placement: Placement = 'same-line'): ReadField<T> {
  const ocrFactor = source === 'ocr' ? 0.9 : 1;
  return { value, confidence: clamp(weight * PLACEMENT[placement] * ocrFactor), source };
}

export function adjust<T>(f: ReadField<T> | undefined, delta: number): void {
  if (f) f.confidence = clamp(f.confidence + delta);
}

const close = (a: number, b: number, tolerance = 1) => Math.abs(a - b) <= tolerance;

/**
 * Cross-checks net + tax = total and net × rate = tax; fills one missing amount from the other two
 * (with modest confidence), raises agreeing readings and lowers contradicting ones.
 */
export function reconcileTotals(inv: ExtractedInvoice, source: ReadSource): void {
  const { netAmount: net, taxAmount: tax, totalAmount: total, taxRate: rate } = inv;
  if (net && tax && total) {
    if (close(net.value + tax.value, total.value, 2)) {
      for (const f of [net, tax, total]) adjust(f, 0.12);
    } else {
      for (const f of [net, tax]) adjust(f, -0.3);
      adjust(total, -0.1);
    }
  } else if (net && tax && !total) {
    inv.totalAmount = field(net.value + tax.value, 0.6, source);
  } else if (net && total && !tax && total.value >= net.value) {
    inv.taxAmount = field(total.value - net.value, 0.55, source);
  } else if (tax && total && !net && total.value >= tax.value) {
    inv.netAmount = field(total.value - tax.value, 0.55, source);
  }
  const n = inv.netAmount;
  const t = inv.taxAmount;
  if (rate && n && t) {
    const expected = Math.round((n.value * rate.value) / 10000);
    // Per-line rounding can move the tax by a few cents on long invoices.
    if (close(expected, t.value, Math.max(2, Math.round(n.value / 100000)))) {
      adjust(rate, 0.1);
      adjust(t, 0.05);
    } else if (inv.taxBreakdown.length <= 1) adjust(rate, -0.25);
  } else if (!rate && n && t && n.value > 0) {
    // Derive the rate only when it lands on a usual rate (0, 5, 7, 10, 19, 20, 21 % …).
    const bp = Math.round((t.value * 10000) / n.value / 50) * 50;
    if ([0, 500, 700, 1000, 1300, 1500, 1900, 2000, 2100, 2300, 2500, 770, 810, 260, 380].includes(bp)) {
      inv.taxRate = field(bp, 0.55, source);
    }
  }
  if (inv.amountDue && inv.totalAmount && close(inv.amountDue.value, inv.totalAmount.value)) adjust(inv.amountDue, 0.05);
}
