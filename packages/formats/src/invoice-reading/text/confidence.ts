/**
 * Confidence from evidence. A reading starts from the weight of the label it was found by and where
 * the value sat (same line > column below > next line > no label); validation (IBAN mod-97, VAT ID
 * shape) and consistent totals raise it, contradictions lower it. OCR readings are discounted a
 * little because characters may be misread. Text readings never reach 1 (reserved for XML).
 */
import type { ExtractedInvoice, ReadField, ReadSource } from '../extracted-invoice.js';
import type { Placement } from './lines.js';
import { USUAL_RATES } from './totals.js';

export const PLACEMENT: Record<Placement, number> = { 'same-line': 1, column: 0.92, 'next-line': 0.85 };

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
 * Cross-checks the rate against net and tax (net × rate = tax): raises an agreeing rate, lowers a
 * contradicting one, and derives a missing rate only when it lands on a usual rate. Net, tax and
 * total themselves are chosen together in totals.ts.
 */
export function checkTaxRate(inv: ExtractedInvoice, source: ReadSource): void {
  const { taxRate: rate, netAmount: n, taxAmount: t } = inv;
  if (rate && n && t) {
    const expected = Math.round((n.value * rate.value) / 10000);
    // Per-line rounding can move the tax by a few cents on long invoices.
    if (close(expected, t.value, Math.max(2, Math.round(Math.abs(n.value) / 100000)))) {
      adjust(rate, 0.1);
      adjust(t, 0.05);
    } else if (inv.taxBreakdown.length <= 1) adjust(rate, -0.25);
  } else if (!rate && n && t && n.value !== 0) {
    // Derive the rate only when it lands on a usual rate (0, 5, 7, 10, 19, 20, 21 % …).
    const bp = Math.round((t.value * 10000) / n.value / 50) * 50;
    if (USUAL_RATES.includes(bp)) {
      inv.taxRate = field(bp, 0.55, source);
    }
  }
  if (inv.amountDue && inv.totalAmount && close(inv.amountDue.value, inv.totalAmount.value)) adjust(inv.amountDue, 0.05);
}
