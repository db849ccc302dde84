/**
 * Reads the fields of a German or English invoice from its text (PDF text layer or OCR). Heuristic
 * by nature: every field is looked up by its labels, validated where a rule exists, and carries a
 * confidence that the form shows to the user, who confirms or corrects it.
 */
import { addDaysIso } from '@kontor/domain';
import { emptyExtractedInvoice, type ExtractedInvoice, type ExtractedTaxLine } from '../extracted-invoice.js';
import { detectCurrency, findAmounts, findPercent, type FoundAmount } from './amounts.js';
import { adjust, checkTaxRate, clamp, field, PLACEMENT } from './confidence.js';
import { detectOrder, firstDate, findPeriod, type DateOrder } from './dates.js';
import * as L from './labels-de-en.js';
import { findLabeled, type LabelHit, type Line, nextNonEmpty, stripSeparators, toLines } from './lines.js';
import { cleanOcrText } from './ocr-noise.js';
import type { PositionedText } from './pdf-text.js';
import { findBics, findIbans, findTaxNumbers, findVatIds, guessSeller, websiteKeys } from './parties.js';
import { findPaymentTerms, findSkonto } from './skonto.js';
import { type AmountCandidate, type ChosenAmount, chooseTotals } from './totals.js';

type Source = 'text' | 'ocr';

interface Pick<T> extends LabelHit<T> {
  weight: number;
}

/** The first label spec (strongest first) that yields a value; among its hits `which` one. */
function pick<T>(
  lines: Line[],
  specs: L.LabelSpec[],
  parse: (raw: string) => T | null,
  which: 'first' | 'last' = 'first',
  exclude?: RegExp,
): Pick<T> | null {
  for (const spec of specs) {
    const hits = findLabeled(lines, spec.re, parse, { cellStart: spec.cellStart, exclude });
    if (hits.length === 0) continue;
    // Values on the label's own line beat values found in a column below.
    const sameLine = hits.filter((h) => h.placement === 'same-line');
    const pool = sameLine.length > 0 ? sameLine : hits;
    const hit = which === 'first' ? pool[0]! : pool[pool.length - 1]!;
    return { ...hit, weight: spec.weight };
  }
  return null;
}

const NOISE_TOKEN = /^(?:nr\.?|no\.?|n°|number|nummer|#|:|vom|from|dated?|du|of)$/i;

/** An identifier (invoice or order number): the first token that carries a digit and is no date. */
export function parseIdentifier(order: DateOrder) {
  return (raw: string): string | null => {
    const tokens = raw.split(/\s+/).map((t) => t.replace(/^[:#(]+|[:,;.)]+$/g, ''));
    for (let i = 0; i < tokens.length && i < 6; i++) {
      const token = tokens[i]!;
      if (token === '' || NOISE_TOKEN.test(token)) continue;
      if (!/\d/.test(token)) {
        // "F 1234K20/1234/12": a short upper-case series prefix belongs to the number.
        const next = tokens[i + 1];
        if (/^[A-Z]{1,3}$/.test(token) && next && /\d/.test(next) && !firstDate(next, order)) return `${token} ${next}`;
        if (i > 0 || token.length > 3) return null;
        continue;
      }
      if (firstDate(token, order) || /^\d{1,2}[.,]\d{2}$/.test(token) || /%/.test(token)) continue;
      if (token.length > 30) return null;
      return token;
    }
    return null;
  };
}

/** Amounts after a label, up to the next cell that is itself a label ("€ 593,36   Subtotaal   € 717,97"). */
function labelAmounts(raw: string): FoundAmount[] {
  const cells = raw.split(/\s{3,}/);
  const kept: string[] = [];
  for (const [i, cell] of cells.entries()) {
    if (i > 0 && /\p{L}{3,}/u.test(cell.replace(/\b(?:EUR|USD|GBP|CHF|PLN|INR|TTC|HT|Rs|Euro)\b/g, ''))) break;
    kept.push(cell);
  }
  return findAmounts(kept.join('   '));
}

const lastOf = (raw: string): FoundAmount | null => labelAmounts(raw).at(-1) ?? null;

export interface ReadTextOptions {
  /** Today (YYYY-MM-DD) for the plausibility of dates; the clock's date when not given. */
  today?: string;
}

/** `input` is plain text, or text with the page positions of its cells (PDF text layer, OCR). */
export function readInvoiceText(input: string | PositionedText, source: Source, options: ReadTextOptions = {}): ExtractedInvoice {
  const text = typeof input === 'string' ? input : input.text;
  const clean = source === 'ocr' ? cleanOcrText(text) : text;
  const lines = toLines(clean, typeof input === 'string' ? undefined : input.layout);
  const order = detectOrder(clean);
  const inv = emptyExtractedInvoice(source === 'ocr' ? 'ocr' : 'text-pdf');
  const date = (raw: string) => firstDate(raw, order);
  const ident = parseIdentifier(order);

  // A number that refers to another document (the corrected invoice, an order) is not this one's.
  const number = pick(lines, L.INVOICE_NUMBER, ident, 'first', L.OTHER_DOCUMENT);
  if (number) inv.invoiceNumber = field(number.value, number.weight, source, number.placement);
  inv.type = field(/gutschrift|credit\s*note|avoir|creditnota/i.test(clean) ? 'credit_note' : 'invoice', 0.7, source);

  const issued = pick(
    lines,
    L.INVOICE_DATE,
    date,
    'first',
    /limite|due|fällig|zahlbar|order|bestell|liefer|leistung|check|valuta|druck/i,
  );
  if (issued) inv.date = field(issued.value, issued.weight, source, issued.placement);
  else {
    // "Facture n°562044387 du 02 Juillet 2015": the date written on the number's line, or on the
    // next when the line ends with "vom" ("Rechnung Nr. 471102 vom" / "05.03.2018").
    const numberLine = number ? (lines[number.line]?.text ?? '') : '';
    const next = number ? nextNonEmpty(lines, number.line) : undefined;
    const DATED = /\b(?:vom|from|du|dated?)\s*$/i;
    const continued = next && (DATED.test(numberLine) || /^(?:vom|from|du|dated?)\s/i.test(next.text.trim())) ? next : undefined;
    const onNumberLine = number ? (date(numberLine) ?? (continued ? date(continued.text) : null)) : null;
    const top = lines
      .slice(0, 20)
      .map((l) => l.text)
      .join('\n');
    const fallback = onNumberLine ?? date(top);
    if (fallback) inv.date = field(fallback, onNumberLine ? 0.65 : 0.4, source);
  }

  const due = pick(lines, [...L.DUE_DATE, ...L.DUE_PHRASE], date);
  if (due) inv.dueDate = field(due.value, due.weight, source, due.placement);
  const terms = findPaymentTerms(lines);
  if (terms) {
    inv.paymentTermDays = field(terms.days, terms.weight, source);
    inv.paymentTerms = field(terms.text, terms.weight, source);
    if (!inv.dueDate && inv.date) inv.dueDate = field(addDaysIso(inv.date.value, terms.days), 0.55, source);
  }
  checkDates(inv, options.today ?? new Date().toISOString().slice(0, 10));

  readAmounts(lines, clean, inv, source);
  readPeriodAndOrder(lines, clean, inv, source, order);
  readParties(lines, clean, inv, source);

  const skonto = findSkonto(lines);
  if (skonto) {
    const amount = skonto.amount ?? (inv.totalAmount ? Math.round((inv.totalAmount.value * skonto.rate) / 10000) : null);
    inv.skonto = field({ rate: skonto.rate, days: skonto.days, amount }, 0.85, source);
    if (!inv.paymentTerms) inv.paymentTerms = field(skonto.text, 0.7, source);
  }
  leaveUncertainEmpty(inv);
  return inv;
}

/** An invoice dated more than this many days ahead is misread (a due date or a period end). */
const FUTURE_MARGIN_DAYS = 31;

/** Issue date not beyond today + margin, due date not before the issue date; else left empty. */
export function checkDates(inv: ExtractedInvoice, today: string): void {
  const doubts = (inv.doubts ??= []);
  if (inv.date && inv.date.value > addDaysIso(today, FUTURE_MARGIN_DAYS)) {
    delete inv.date;
    doubts.push({ field: 'date', reason: 'implausible_date' });
  }
  if (inv.dueDate && inv.date && inv.dueDate.value < inv.date.value) {
    delete inv.dueDate;
    doubts.push({ field: 'dueDate', reason: 'implausible_date' });
  }
}

/**
 * Below this confidence a value is not offered: the evidence behind it (a generic label far from
 * its value, the first line of the page as the supplier) is too often wrong, and a wrong value
 * costs a finance team more than an empty field that says why.
 */
export const MIN_OFFERED_CONFIDENCE = 0.5;

const GATED = ['invoiceNumber', 'date', 'dueDate', 'netAmount', 'taxAmount', 'totalAmount'] as const;

export function leaveUncertainEmpty(inv: ExtractedInvoice): void {
  const doubts = (inv.doubts ??= []);
  for (const key of GATED) {
    const read = inv[key];
    if (read && read.confidence < MIN_OFFERED_CONFIDENCE) {
      delete inv[key];
      doubts.push({ field: key, reason: 'uncertain' });
    }
  }
  if (inv.seller.name && inv.seller.name.confidence < MIN_OFFERED_CONFIDENCE) {
    delete inv.seller.name;
    doubts.push({ field: 'seller.name', reason: 'uncertain' });
  }
}

/** Every amount the labels of `specs` point at, weighted by label and placement. */
function labelledAmounts(lines: Line[], specs: L.LabelSpec[], exclude?: RegExp, factor = 1): AmountCandidate[] {
  const out: AmountCandidate[] = [];
  for (const spec of specs) {
    for (const hit of findLabeled(lines, spec.re, lastOf, { cellStart: spec.cellStart, exclude, wholeColumn: true })) {
      out.push({ value: hit.value.value, weight: spec.weight * PLACEMENT[hit.placement] * factor, line: hit.line });
    }
  }
  return out;
}

function readAmounts(lines: Line[], text: string, inv: ExtractedInvoice, source: Source): void {
  const nets = labelledAmounts(lines, L.NET, /\b(?:brutto|gross|ttc|incl)\b/i);
  const notGross = /\b(?:netto|net|ht|excl\.?|exkl\.?|zzgl\.?|ohne)\b|zwischen|subtot/i;
  const totals = [
    ...labelledAmounts(lines, L.TOTAL.slice(0, 1), new RegExp(`${notGross.source}|${L.NOT_TOTAL.source}`, 'i')),
    ...labelledAmounts(lines, L.TOTAL.slice(1), new RegExp(`${L.NOT_GROSS.source}|${L.NOT_TOTAL.source}`, 'i')),
  ];
  const dues = labelledAmounts(lines, L.AMOUNT_DUE);
  // The amount due equals the total unless something was prepaid: a weaker witness of the total.
  totals.push(...dues.map((d) => ({ ...d, weight: d.weight * 0.8 })));
  const lastDue = dues.sort((a, b) => a.line - b.line).at(-1);
  if (lastDue) inv.amountDue = field(lastDue.value, lastDue.weight, source);

  // "Total facture   24.99   5.00   29.99": a summary row of net, tax and gross under one label.
  const taxes = [...labelledAmounts(lines, L.TAX_TOTAL), ...readTax(lines, inv, source)];
  for (const t of totals) {
    const row = findAmounts(lines[t.line]?.text ?? '');
    if (row.length === 3 && Math.abs(row[0]!.value + row[1]!.value - row[2]!.value) <= 1) {
      nets.push({ value: row[0]!.value, weight: 0.75, line: t.line });
      taxes.push({ value: row[1]!.value, weight: 0.75, line: t.line });
    }
  }

  const choice = chooseTotals(nets, taxes, totals);
  const ocrFactor = source === 'ocr' ? 0.92 : 1;
  const put = (chosen: ChosenAmount | undefined) =>
    chosen ? { value: chosen.value, confidence: clamp(chosen.confidence * ocrFactor), source } : undefined;
  inv.netAmount = put(choice.net);
  inv.taxAmount = put(choice.tax);
  inv.totalAmount = put(choice.total);
  (inv.doubts ??= []).push(...choice.doubts);
  // A credit note prints its amounts negative; Kontor keeps them positive with the type, as the
  // e-invoice standards do (a correction invoice keeps its signs).
  if (inv.type?.value === 'credit_note' && (inv.totalAmount?.value ?? 0) < 0) {
    for (const f of [inv.netAmount, inv.taxAmount, inv.totalAmount]) if (f) f.value = -f.value;
  }
  checkTaxRate(inv, source);

  const currency = detectCurrency(text);
  const code = statedCurrency(lines) ?? currency?.code ?? null;
  if (code) inv.currency = field(code, currency?.code === code ? 0.92 : 0.8, source);
}

/** "Währung: EUR", "Rechnungswährung: GBP", "Currency: USD": the currency the document says it is in. */
function statedCurrency(lines: Line[]): string | null {
  const hit = findLabeled(lines, L.CURRENCY_LABEL, (raw) => /^([A-Z]{3})\b/.exec(stripSeparators(raw))?.[1] ?? null)[0];
  return hit?.value ?? null;
}

/**
 * The tax lines: every line per rate (the last per rate wins: summaries repeat themselves), and
 * their sum when there are several rates. Returns them as candidates for the tax amount; sets the
 * rate or the breakdown on `inv`.
 */
function readTax(lines: Line[], inv: ExtractedInvoice, source: Source): AmountCandidate[] {
  const candidates: AmountCandidate[] = [];
  const byRate = new Map<number | null, { tax: number; basis: number | null; weight: number }>();
  for (const spec of L.TAX) {
    const hits = findLabeled(lines, spec.re, (raw) => (labelAmounts(raw).length > 0 ? raw : null), {
      cellStart: spec.cellStart,
      exclude: /\b(?:id|nr|nummer|number|no)\b|steuernummer|reg/i,
    });
    for (const hit of hits) {
      const lineText = lines[hit.line]?.text ?? '';
      const amounts = labelAmounts(hit.raw);
      const rate = findPercent(lineText);
      const last = amounts.at(-1)!;
      const weight = spec.weight * PLACEMENT[hit.placement];
      candidates.push({ value: last.value, weight, line: hit.line });
      byRate.set(rate, { tax: last.value, basis: amounts.length > 1 ? amounts[0]!.value : null, weight });
    }
    if (byRate.size > 0) break;
  }
  const rates = [...byRate.keys()].filter((r): r is number => r !== null);
  if (rates.length > 1 && rates.length === byRate.size) {
    const all = [...byRate.values()];
    candidates.push({
      value: all.reduce((s, t) => s + t.tax, 0),
      weight: Math.min(...all.map((t) => t.weight)),
      line: Math.max(...candidates.map((c) => c.line)),
    });
    inv.taxBreakdown = rates.map((rate): ExtractedTaxLine => {
      const t = byRate.get(rate)!;
      return {
        rate,
        tax: t.tax,
        basis: t.basis ?? Math.round((t.tax * 10000) / Math.max(rate, 1)),
        category: rate === 0 ? 'Z' : 'S',
      };
    });
  } else if (rates.length === 1) {
    inv.taxRate = field(rates[0]!, 0.8, source);
  } else {
    // "zzgl. 19 % MwSt." without an amount on the line still tells the rate.
    for (const line of lines) {
      if (!/mwst|ust\b|umsatzsteuer|vat|tax|tva|btw/i.test(line.text)) continue;
      const rate = findPercent(line.text);
      if (rate !== null && rate <= 2700) {
        inv.taxRate = field(rate, 0.65, source);
        break;
      }
    }
  }
  return candidates;
}

function readPeriodAndOrder(lines: Line[], text: string, inv: ExtractedInvoice, source: Source, order: DateOrder): void {
  let period = pick(lines, L.PERIOD, (raw) => findPeriod(raw, order));
  if (!period) {
    // Unlabelled, on a line item: "Abonnement vom 01.10. bis 31.10.2026", "du 1er au 31 Juillet 2015".
    for (const line of lines) {
      const m = /\b(?:vom|from|du)\s+(?=\d)/i.exec(line.text);
      const value = m ? findPeriod(line.text.slice(m.index + m[0].length), order) : null;
      if (value) {
        period = { value, raw: line.text, line: line.index, placement: 'same-line', weight: 0.55 };
        break;
      }
    }
  }
  if (period) {
    inv.billingPeriodStart = field(period.value.start, period.weight, source, period.placement);
    inv.billingPeriodEnd = field(period.value.end, period.weight, source, period.placement);
  }
  const delivery = pick(lines, L.DELIVERY_DATE, (raw) => firstDate(raw, order));
  if (delivery) inv.deliveryDate = field(delivery.value, delivery.weight, source, delivery.placement);
  else if (inv.date && /(?:liefer|leistungs)datum\s*(?:=|entspricht|ist\s*gleich)\s*rechnungsdatum/i.test(text)) {
    inv.deliveryDate = field(inv.date.value, 0.7, source);
  }
  const po = pick(lines, L.PURCHASE_ORDER, parseIdentifier(order));
  if (po && po.value !== inv.invoiceNumber?.value) inv.purchaseOrder = field(po.value, po.weight, source, po.placement);
}

function readParties(lines: Line[], text: string, inv: ExtractedInvoice, source: Source): void {
  const ibans = findIbans(lines, source === 'ocr');
  const iban = ibans[0];
  if (iban) inv.iban = field(iban.value, iban.weight, source);
  const bic = findBics(lines)[0];
  if (bic) {
    inv.bic = field(bic.value, bic.weight, source);
    // A BIC whose country matches the IBAN's is more likely the right pair.
    if (iban && bic.value.slice(4, 6) === iban.value.slice(0, 2)) adjust(inv.bic, 0.05);
  }
  const vatIds = findVatIds(
    lines,
    ibans.map((i) => i.value),
  );
  const sellerVat = vatIds.filter((v) => !v.buyer).sort((a, b) => b.weight - a.weight)[0];
  if (sellerVat) inv.seller.vatId = field(sellerVat.value, sellerVat.weight, source);
  const buyerVat = vatIds.find((v) => v.buyer && v.value !== sellerVat?.value);
  if (buyerVat) inv.buyer.vatId = field(buyerVat.value, buyerVat.weight * 0.9, source);
  const taxNumber = findTaxNumbers(lines)[0];
  if (taxNumber) inv.seller.taxNumber = field(taxNumber.value, taxNumber.weight, source);

  const seller = guessSeller(lines, websiteKeys(text));
  if (seller) {
    inv.seller.name = field(seller.name, seller.weight, source);
    if (seller.address) {
      const country = inv.seller.vatId?.value.slice(0, 2) ?? inv.iban?.value.slice(0, 2) ?? null;
      const address = { ...seller.address, countryCode: country && /^[A-Z]{2}$/.test(country) ? country : null };
      inv.seller.address = field(address, clamp(seller.weight - 0.15), source);
    }
    if (seller.buyerName) inv.buyer.name = field(seller.buyerName, 0.6, source);
  }
  if (!inv.buyer.name) {
    for (const line of lines) {
      const m = L.BUYER_LABEL.exec(line.text.trim());
      if (!m) continue;
      const rest = (
        line.text
          .trim()
          .slice(m[0].length)
          .trim()
          .split(/\s{3,}/)[0] ?? ''
      ).replace(/^address:?$/i, '');
      // "Bill To:   Ship To:" is a header row: the name is on the next line.
      const name = rest && !/:$/.test(rest) ? rest : lines.slice(line.index + 1).find((l) => l.cells.length > 0)?.cells[0]?.text;
      if (name) inv.buyer.name = field(name, 0.6, source);
      break;
    }
  }
}
