/**
 * Test and benchmark support (not exported from the package): scores the text/OCR reader on the
 * ZUGFeRD/Factur-X PDFs of the shared fixtures, with the embedded XML as the answer key. The reader
 * sees only the page (text layer or OCR); the XML says what each field really is.
 *
 * Each field ends as `right`, `empty` (left for the person), `wrong`, or `unprinted`: the XML states
 * a value that the page does not show in any usual form (a seller VAT ID only in the XML, a due
 * date computed by the generator). An unprinted value no reader could take from the page, so it is
 * not counted against the reader — unless the reader offers a different value: a wrong value is
 * always counted.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ExtractedInvoice } from '../extracted-invoice.js';
import { sameName } from './invoice2data-score.js';

export const SCORED_FIELDS = [
  'invoiceNumber',
  'issueDate',
  'dueDate',
  'net',
  'tax',
  'total',
  'currency',
  'sellerName',
  'sellerVatId',
  'iban',
] as const;
export type ScoredField = (typeof SCORED_FIELDS)[number];
export type Outcome = 'right' | 'empty' | 'wrong' | 'unprinted';

export interface FieldScore {
  field: ScoredField;
  expected: string;
  actual: string | null;
  outcome: Outcome;
}

/** Every PDF under `einvoiceDir` outside folders named `fail`, sorted (relative paths). */
export function listEInvoicePdfs(einvoiceDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== 'fail') walk(full);
      } else if (name.toLowerCase().endsWith('.pdf')) out.push(path.relative(einvoiceDir, full));
    }
  };
  walk(einvoiceDir);
  return out;
}

type Values = Record<ScoredField, string | null>;

function values(inv: ExtractedInvoice): Values {
  const money = (f: { value: number } | undefined) => (f ? String(f.value) : null);
  return {
    invoiceNumber: inv.invoiceNumber?.value ?? null,
    issueDate: inv.date?.value ?? null,
    dueDate: inv.dueDate?.value ?? null,
    net: money(inv.netAmount),
    tax: money(inv.taxAmount),
    total: money(inv.totalAmount),
    currency: inv.currency?.value ?? null,
    sellerName: inv.seller.name?.value ?? null,
    sellerVatId: inv.seller.vatId?.value ?? null,
    iban: inv.iban?.value ?? null,
  };
}

const compact = (s: string) => s.replace(/[\s.\-/]/g, '').toUpperCase();

/** Minor units as they may be printed: 1.234,56 / 1234,56 / 1,234.56 / 1234.56 (sign ignored). */
function amountForms(minor: string): string[] {
  const n = Math.abs(Number(minor));
  const whole = String(Math.floor(n / 100));
  const cents = String(n % 100).padStart(2, '0');
  const grouped = (sep: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return [
    `${grouped('.')},${cents}`,
    `${whole},${cents}`,
    `${grouped(',')}.${cents}`,
    `${whole}.${cents}`,
    `${grouped(' ')},${cents}`,
  ];
}

const MONTHS = [
  ['jan', 'jän'],
  ['feb'],
  ['mär', 'mar', 'mrz'],
  ['apr'],
  ['mai', 'may'],
  ['jun'],
  ['jul'],
  ['aug'],
  ['sep'],
  ['okt', 'oct'],
  ['nov'],
  ['dez', 'dec'],
];

/** Whether the page shows the value in a form a reader could take it from. */
export function printed(field: ScoredField, expected: string, text: string): boolean {
  switch (field) {
    case 'invoiceNumber':
    case 'sellerVatId':
    case 'iban':
      return compact(text).includes(compact(expected));
    case 'issueDate':
    case 'dueDate': {
      const [y = '', m = '', d = ''] = expected.split('-');
      const forms = [`${d}.${m}.${y}`, `${d}.${m}.${y.slice(2)}`, `${y}-${m}-${d}`, `${d}/${m}/${y}`, `${m}/${d}/${y}`];
      if (forms.some((f) => text.includes(f))) return true;
      if (text.includes(`${Number(d)}.${Number(m)}.${y}`)) return true;
      const lower = text.toLowerCase();
      const names = MONTHS[Number(m) - 1] ?? [];
      return lower.includes(y) && names.some((n) => new RegExp(`\\b${Number(d)}\\.?\\s+${n}`, 'u').test(lower));
    }
    case 'net':
    case 'tax':
    case 'total':
      return amountForms(expected).some((f) => text.includes(f));
    case 'currency':
      return expected === 'EUR' ? /€|\bEUR\b|\bEuro\b/i.test(text) : text.includes(expected);
    case 'sellerName': {
      const words = expected
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 3);
      const lower = text.toLowerCase();
      return words.length > 0 && words.filter((w) => lower.includes(w)).length >= Math.ceil(words.length / 2);
    }
  }
}

/**
 * Some sample PDFs show a different invoice than their XML (a generator's demo page with another
 * number): when the page's text layer does not carry the XML's invoice number, the document is not
 * scored at all.
 */
export function pageShowsInvoice(truth: ExtractedInvoice, textLayer: string): boolean {
  const number = truth.invoiceNumber?.value;
  return !!number && printed('invoiceNumber', number, textLayer);
}

/** Scores one reading against the invoice read from the embedded XML; `text` is what the reader saw. */
export function scoreAgainstXml(truth: ExtractedInvoice, reading: ExtractedInvoice, text: string): FieldScore[] {
  const want = values(truth);
  const got = values(reading);
  const out: FieldScore[] = [];
  for (const field of SCORED_FIELDS) {
    const expected = want[field];
    if (expected === null || expected === '') continue;
    const actual = got[field];
    const same = field === 'sellerName' ? sameName(expected, actual) : actual === expected;
    let outcome: Outcome;
    if (same) outcome = 'right';
    else if (actual !== null) outcome = 'wrong';
    else outcome = printed(field, expected, text) ? 'empty' : 'unprinted';
    out.push({ field, expected, actual, outcome });
  }
  return out;
}

export interface Tally {
  right: number;
  empty: number;
  wrong: number;
  unprinted: number;
}

/** Right, empty, wrong and unprinted per field and overall. */
export function tally(scores: FieldScore[]): { perField: Record<string, Tally>; overall: Tally } {
  const blank = (): Tally => ({ right: 0, empty: 0, wrong: 0, unprinted: 0 });
  const perField: Record<string, Tally> = {};
  const overall = blank();
  for (const s of scores) {
    const t = (perField[s.field] ??= blank());
    t[s.outcome] += 1;
    overall[s.outcome] += 1;
  }
  return { perField, overall };
}

/** Share of the scored (printed or wrong) fields: right and wrong. */
export function shares(t: Tally): { right: number; wrong: number; scored: number } {
  const scored = t.right + t.empty + t.wrong;
  return { right: scored ? t.right / scored : 0, wrong: scored ? t.wrong / scored : 0, scored };
}
