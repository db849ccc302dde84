/**
 * The few rules an e-invoice must meet before its values are offered as exact (confidence 1).
 * Not a Schematron run: only what makes the read values wrong or meaningless — missing
 * mandatory terms (BT-1, BT-2, BT-5, BT-112), an unreadable issue date or total, and a price
 * discount (BT-147) contradicting the basis and percentage stated beside it (EN 16931 knows only
 * the amount there; if the extras disagree, the net price can't be trusted). These refuse the
 * ZUGFeRD corpus "fail" samples. Deliberately NOT checked, because valid official samples (CEN,
 * KoSIT, FeRD) break them: quantity × price = line amount, and basis × percent = amount for
 * document- and line-level charges (insurance tax on part of a premium, for one).
 * Violations are `malformed_xml` with a detail: well-formed XML, but not a valid invoice. */
import { ReadingError } from '../extracted-invoice';
import { currencyExponent, parseCiiDate, parseIsoDate, scaleDecimal } from './amounts';
import type { RawAllowanceCharge, RawDate, RawInvoice } from './raw';

function invalid(detail: string): never {
  throw new ReadingError('malformed_xml', `invalid e-invoice: ${detail}`);
}

function dateOk(raw: RawDate): boolean {
  return (
    (raw.format === null && raw.value.includes('-') ? parseIsoDate(raw.value) : parseCiiDate(raw.value, raw.format)) !== null
  );
}

/** amount = basis × percent / 100, with Peppol R040's slack of 0.02 (two minor units). */
function allowanceContradiction(ac: RawAllowanceCharge, exponent: number): string | null {
  const basis = scaleDecimal(ac.basis, exponent + 2);
  const percent = scaleDecimal(ac.percent, 4);
  const amount = scaleDecimal(ac.amount, exponent);
  if (basis === null || percent === null || amount === null) return `allowance/charge "${ac.amount}" is not a decimal`;
  // basis has exponent+2 decimals, percent 4, and /100 for per cent: 10^(2+4+2) over minor units.
  const expected = (basis * percent) / 1e8;
  if (Math.abs(Math.abs(expected) - Math.abs(amount)) <= 2.0001) return null;
  return `allowance/charge ${ac.amount} ≠ ${ac.percent} % of ${ac.basis}`;
}

export function checkConsistency(raw: RawInvoice): void {
  if (!raw.number) invalid('invoice number (BT-1) missing');
  if (!raw.issueDate) invalid('issue date (BT-2) missing');
  if (!dateOk(raw.issueDate))
    invalid(`issue date "${raw.issueDate.value}" (format ${raw.issueDate.format ?? 'ISO'}) is not a date`);
  if (!raw.currency) invalid('invoice currency (BT-5) missing');
  if (!/^[A-Za-z]{3}$/.test(raw.currency)) invalid(`invoice currency "${raw.currency}" is not ISO 4217`);
  if (raw.grandTotal === null) invalid('invoice total with VAT (BT-112) missing');
  const exponent = currencyExponent(raw.currency);
  const amounts = [raw.lineTotal, raw.taxBasisTotal, raw.taxTotal, raw.grandTotal, raw.prepaid, raw.amountDue];
  for (const amount of amounts) {
    if (amount !== null && scaleDecimal(amount, exponent) === null) invalid(`amount "${amount}" is not a decimal`);
  }
  for (const ac of raw.allowanceCharges) {
    const contradiction = allowanceContradiction(ac, exponent);
    if (contradiction) invalid(contradiction);
  }
}
