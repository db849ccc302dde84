/** Turns the verbatim values of any syntax into the ExtractedInvoice contract (source 'xml'). */
import {
  emptyExtractedInvoice,
  type ExtractedInvoice,
  type ExtractedLineItem,
  type ExtractedParty,
  type ExtractedSkonto,
  type ReadField,
} from '../extracted-invoice';
import { currencyExponent, parseCiiDate, parseIsoDate, scaleDecimal, toBasisPoints, toMinorUnits, toQuantity } from './amounts';
import { ruleWarnings } from './business-rules';
import { documentPayment } from './document-payment';
import { isCreditNoteCode } from './payment';
import type { RawDate, RawInvoice, RawLine, RawParty } from './raw';
import { checkConsistency } from './validate';

/** Values read from an e-invoice's XML are exact: confidence 1. */
export function xmlField<T>(value: T): ReadField<T> {
  return { value, confidence: 1, source: 'xml' };
}

function set<K extends keyof ExtractedInvoice>(
  target: ExtractedInvoice,
  key: K,
  value: (ExtractedInvoice[K] extends ReadField<infer T> | undefined ? T : never) | null,
): void {
  if (value !== null && value !== '') (target as unknown as Record<string, unknown>)[key] = xmlField(value);
}

export function toDate(raw: RawDate | null): string | null {
  if (!raw) return null;
  return raw.format === null && /-/.test(raw.value) ? parseIsoDate(raw.value) : parseCiiDate(raw.value, raw.format);
}

function party(raw: RawParty): ExtractedParty {
  const result: ExtractedParty = {};
  if (raw.name) result.name = xmlField(raw.name);
  if (raw.street || raw.postalCode || raw.city || raw.countryCode) {
    result.address = xmlField({
      street: raw.street,
      postalCode: raw.postalCode,
      city: raw.city,
      countryCode: raw.countryCode?.toUpperCase() ?? null,
    });
  }
  if (raw.vatId) result.vatId = xmlField(raw.vatId.replace(/\s/g, '').toUpperCase());
  if (raw.taxNumber) result.taxNumber = xmlField(raw.taxNumber.trim());
  if (raw.email) result.email = xmlField(raw.email.replace(/^mailto:/i, '').trim());
  return result;
}

/** Net unit price: price per base quantity (BT-149), rounded to minor units. */
function unitPrice(line: RawLine, currency: string | null): number | null {
  const price = toMinorUnits(line.netPrice, currency);
  const base = toQuantity(line.baseQuantity);
  if (price === null || base === null || base === 0 || base === 1) return price;
  // Division can't stay exact; scale the price by 10^6 first so only one rounding happens.
  const precise = scaleDecimal(line.netPrice, currencyExponent(currency) + 6);
  return precise === null ? price : Math.round(precise / base / 1e6);
}

function lineItem(line: RawLine, currency: string | null): ExtractedLineItem {
  return {
    description: line.name ?? line.description ?? '',
    quantity: toQuantity(line.quantity),
    unit: line.unit,
    unitPrice: unitPrice(line, currency),
    totalPrice: toMinorUnits(line.lineTotal, currency),
    taxRate: toBasisPoints(line.rate),
  };
}

function skonto(raw: RawInvoice, currency: string | null, amountDue: number | null): ExtractedSkonto | null {
  for (const term of raw.skonto) {
    const rate = toBasisPoints(term.percent);
    const days = term.days === null ? null : Number.parseInt(term.days, 10);
    if (rate === null || rate <= 0 || days === null || Number.isNaN(days)) continue;
    let amount = toMinorUnits(term.amount, currency);
    const basis = toMinorUnits(term.basis, currency) ?? amountDue;
    // Rate is in basis points: amount = basis × rate / 10000, rounded half away from zero.
    if (amount === null && basis !== null) amount = Math.sign(basis) * Math.round((Math.abs(basis) * rate) / 10000);
    return { rate, days, amount };
  }
  return null;
}

export function buildInvoice(raw: RawInvoice, kind: ExtractedInvoice['kind'] = 'einvoice-xml'): ExtractedInvoice {
  checkConsistency(raw);
  const currency = raw.currency?.toUpperCase() ?? null;
  const money = (value: string | null): number | null => toMinorUnits(value, currency);
  const out = emptyExtractedInvoice(kind);
  out.syntax = raw.syntax;
  out.profile = raw.profile;
  set(out, 'invoiceNumber', raw.number);
  set(out, 'typeCode', raw.typeCode);
  set(out, 'type', raw.creditNoteDocument || isCreditNoteCode(raw.typeCode) ? 'credit_note' : 'invoice');
  set(out, 'date', toDate(raw.issueDate));
  set(out, 'dueDate', toDate(raw.dueDate));
  set(out, 'paymentTerms', raw.paymentTerms.join('\n').trim() || null);
  set(out, 'currency', currency);
  set(out, 'lineTotalAmount', money(raw.lineTotal));
  set(out, 'netAmount', money(raw.taxBasisTotal));
  set(out, 'taxAmount', money(raw.taxTotal));
  set(out, 'totalAmount', money(raw.grandTotal));
  set(out, 'prepaidAmount', money(raw.prepaid));
  set(out, 'amountDue', money(raw.amountDue));
  set(out, 'skonto', skonto(raw, currency, money(raw.amountDue) ?? money(raw.grandTotal)));
  for (const tax of raw.taxes) {
    out.taxBreakdown.push({
      rate: toBasisPoints(tax.rate) ?? 0,
      basis: money(tax.basis) ?? 0,
      tax: money(tax.tax) ?? 0,
      category: tax.category,
    });
  }
  out.lineItems = raw.lines.map((line) => lineItem(line, currency));
  const rates = new Set(
    out.taxBreakdown.length ? out.taxBreakdown.map((t) => t.rate) : out.lineItems.map((l) => l.taxRate).filter((r) => r !== null),
  );
  if (rates.size === 1) set(out, 'taxRate', [...rates][0] ?? null);
  set(out, 'purchaseOrder', raw.purchaseOrder);
  set(out, 'billingPeriodStart', toDate(raw.periodStart));
  set(out, 'billingPeriodEnd', toDate(raw.periodEnd));
  set(out, 'deliveryDate', toDate(raw.deliveryDate));
  const payment = documentPayment(raw);
  set(out, 'iban', payment.iban);
  set(out, 'bic', payment.bic);
  set(out, 'paymentMeans', payment.means);
  set(out, 'documentAccount', payment.account);
  set(out, 'remittanceInformation', raw.remittance);
  out.seller = party(raw.seller);
  out.buyer = party(raw.buyer);
  if (raw.payee) out.payee = party(raw.payee);
  out.notes = raw.notes;
  out.ruleWarnings = ruleWarnings(raw);
  return out;
}
