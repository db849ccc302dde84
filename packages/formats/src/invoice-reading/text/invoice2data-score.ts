/**
 * Test and benchmark support (not exported from the package): scores readings against the
 * invoice2data fixtures. Their JSON uses invoice2data's names; this maps them onto ExtractedInvoice.
 * Expected values the document itself cannot yield are not scored, and the reason is listed:
 * invalid IBAN/BIC placeholders (a reader must reject those) and values that appear nowhere in the
 * document text (invoice2data templates add constants such as a contract period).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isValidBIC, isValidIBAN } from 'ibantools';
import type { ExtractedInvoice } from '../extracted-invoice.js';

export interface FieldCheck {
  field: string;
  expected: string;
  actual: string | null;
  ok: boolean;
}

export interface FixtureDoc {
  name: string;
  kind: 'pdf' | 'txt';
  file: string;
  expected: Record<string, unknown>;
}

export function listInvoice2data(dir: string): FixtureDoc[] {
  const docs: FixtureDoc[] = [];
  for (const sub of ['compare', 'custom']) {
    const folder = path.join(dir, sub);
    for (const file of readdirSync(folder).sort()) {
      const m = /^(.*)\.(pdf|txt)$/.exec(file);
      if (!m) continue;
      const json = JSON.parse(readFileSync(path.join(folder, `${m[1]}.json`), 'utf8')) as Record<string, unknown>[];
      docs.push({ name: `${sub}/${file}`, kind: m[2] as 'pdf' | 'txt', file: path.join(folder, file), expected: json[0] ?? {} });
    }
  }
  return docs;
}

const MONTH_NAMES = [
  ['jan'],
  ['feb', 'fév'],
  ['mar', 'mär'],
  ['apr', 'avr'],
  ['may', 'mai', 'mei'],
  ['jun', 'juin'],
  ['jul', 'juil'],
  ['aug', 'aoû'],
  ['sep'],
  ['oct', 'okt'],
  ['nov'],
  ['dec', 'dez', 'déc'],
];
const cents = (v: unknown) => (typeof v === 'number' ? String(Math.round(v * 100)) : null);
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/** Names compare without legal forms, punctuation and case; one-letter typos are tolerated. */
export function sameName(expected: string, actual: string | null): boolean {
  if (!actual) return false;
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/\b(?:inc|ltd|llc|gmbh|ag|sas|sarl|b\.?v|s\.?a|spółka akcyjna|limited)\b\.?/g, ' ')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const [a, b] = [norm(expected), norm(actual)];
  if (a === b || (b.length >= 4 && (a.startsWith(b + ' ') || b.startsWith(a + ' ')))) return true;
  return a.length > 6 && levenshtein(a, b) <= 1;
}

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** The scored fields of one document; `text` is the document text, to drop unreachable values. */
export function scoreFixture(
  expected: Record<string, unknown>,
  inv: ExtractedInvoice,
  text: string,
): { checks: FieldCheck[]; skipped: string[] } {
  const checks: FieldCheck[] = [];
  const skipped: string[] = [];
  const digits = text.replace(/\D/g, '');
  const add = (field: string, exp: string | null, actual: string | null | undefined, ok?: boolean) => {
    if (exp === null) return;
    checks.push({ field, expected: exp, actual: actual ?? null, ok: ok ?? exp === actual });
  };
  const dateInText = (iso: string) => {
    const [y, m, d] = iso.split('-');
    if ([`${d}${m}${y}`, `${m}${d}${y}`, `${y}${m}${d}`].some((form) => digits.includes(form))) return true;
    // Written with a month name ("du 1er au 31 Juillet 2015"): year, month name and day all present.
    const names = MONTH_NAMES[Number(m) - 1] ?? [];
    const day = new RegExp(`\\b${Number(d)}(?:er|st|nd|rd|th|\\.)?(?!\\d)`);
    return text.includes(y!) && names.some((n) => text.toLowerCase().includes(n)) && day.test(text);
  };
  const e = expected;
  add('invoice_number', str(e.invoice_number), inv.invoiceNumber?.value);
  add('date', str(e.date), inv.date?.value);
  add('amount', cents(e.amount), inv.totalAmount ? String(inv.totalAmount.value) : null);
  add('amount_untaxed', cents(e.amount_untaxed), inv.netAmount ? String(inv.netAmount.value) : null);
  add('amount_tax', cents(e.amount_tax), inv.taxAmount ? String(inv.taxAmount.value) : null);
  add('currency', str(e.currency), inv.currency?.value);
  const issuer = str(e.issuer);
  add('issuer', issuer, inv.seller.name?.value, issuer ? sameName(issuer, inv.seller.name?.value ?? null) : false);
  add('date_due', str(e.date_due), inv.dueDate?.value);
  for (const [key, target] of [
    ['date_start', inv.billingPeriodStart?.value],
    ['date_end', inv.billingPeriodEnd?.value],
  ] as const) {
    const v = str(e[key]);
    if (v && !dateInText(v)) skipped.push(`${key}=${v} (not in the document)`);
    else add(key, v, target);
  }
  const vat = str(e.vat);
  if (vat && /^[A-Z]{2}/.test(vat)) add('vat', vat, inv.seller.vatId?.value);
  else if (vat) add('vat', vat, inv.seller.taxNumber?.value.replace(/\D/g, '') ?? null);
  const iban = str(e.iban);
  if (iban && !isValidIBAN(iban)) skipped.push(`iban=${iban} (not a valid IBAN)`);
  else add('iban', iban, inv.iban?.value);
  const bic = str(e.bic);
  if (bic && !isValidBIC(bic)) skipped.push(`bic=${bic} (not a valid BIC)`);
  else add('bic', bic, inv.bic?.value);
  return { checks, skipped };
}
