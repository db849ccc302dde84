/**
 * Money and percentages as written on German and English invoices: "1.234,56 €", "EUR 1 234,56",
 * "$1,234.56", "1234.56". Which separator is the decimal one is decided per number (the last
 * separator followed by exactly two digits), so mixed documents still read right.
 */

export interface FoundAmount {
  /** Minor units (cents). */
  value: number;
  currency: string | null;
  index: number;
}

const CURRENCY_TOKENS: [RegExp, string][] = [
  [/€|\bEUR\b|\bEuro?s?\b/i, 'EUR'],
  [/\bUSD\b|US\$|\bUS Dollars?\b/i, 'USD'],
  [/£|\bGBP\b/i, 'GBP'],
  [/\bCHF\b|\bFr\.\s/, 'CHF'],
  [/\bPLN\b|\bzł\b/i, 'PLN'],
  [/\bINR\b|\bRs\.?\s|₹/, 'INR'],
  [/\bSEK\b/, 'SEK'],
  [/\bDKK\b/, 'DKK'],
  [/\$/, 'USD'],
];

const CUR = String.raw`(?:€|EUR|USD|US\$|GBP|£|CHF|PLN|INR|Rs\.?|₹|SEK|DKK|\$)`;
// A number: groups of three separated by . , ' or a (thin) space, or plain digits; optional decimals.
const NUM = String.raw`[-−]?\s?(?:\d{1,3}(?:[.,'’\u00a0\u202f ]\d{3})+|\d+)(?:[.,]\d{1,2})?`;
const AMOUNT = new RegExp(String.raw`(?:(${CUR})\s?)?(${NUM})(?!\d|\s?%|[.,]\d)(?:\s?(${CUR})(?![A-Za-z]))?`, 'g');

export function currencyOf(token: string | undefined): string | null {
  if (!token) return null;
  for (const [re, code] of CURRENCY_TOKENS) if (re.test(token + ' ')) return code;
  return null;
}

/** Parses one number to minor units; null when it is not a plausible amount. */
export function parseNumber(raw: string): number | null {
  let s = raw.replace(/[\s\u00a0\u202f'’]/g, '').replace('−', '-');
  const negative = s.startsWith('-');
  if (negative) s = s.slice(1);
  if (!/^[\d.,]+$/.test(s)) return null;
  const dec = /[.,](\d{1,2})$/.exec(s);
  let whole = s;
  let cents = 0;
  if (dec && !/^\d{1,3}([.,]\d{3})+$/.test(s)) {
    whole = s.slice(0, dec.index);
    cents = Number(dec[1]!.padEnd(2, '0'));
  }
  whole = whole.replace(/[.,]/g, '');
  if (whole === '' || whole.length > 12) return null;
  const value = Number(whole) * 100 + cents;
  return negative ? -value : value;
}

/**
 * All amounts in a piece of text. Bare integers count only next to a currency sign (so that
 * "19 %" or "30 Tage" are not money); numbers with decimals count on their own.
 */
export function findAmounts(text: string): FoundAmount[] {
  const out: FoundAmount[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const [, before, num = '', after] = m;
    const currency = currencyOf(before) ?? currencyOf(after);
    const hasDecimals = /[.,]\d{2}$/.test(num.trim());
    if (!hasDecimals && !currency) continue;
    // A date like 21.11.2026 or 03/20/2023 is not money.
    const around = text.slice(Math.max(0, (m.index ?? 0) - 3), (m.index ?? 0) + m[0].length + 3);
    if (/\d{1,2}[./]\d{1,2}[./]\d{2,4}/.test(around) && !currency) continue;
    const value = parseNumber(num);
    if (value === null) continue;
    out.push({ value, currency, index: m.index ?? 0 });
  }
  return out;
}

/** The last amount in a labelled value (a total line may list net, tax and gross: gross is last). */
export function lastAmount(raw: string): FoundAmount | null {
  const all = findAmounts(raw);
  return all[all.length - 1] ?? null;
}

/** A percentage in basis points: "19 %", "19,00%", "7.5 %". */
export function findPercent(text: string): number | null {
  const m = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(text);
  if (!m) return null;
  return Math.round(Number(m[1]!.replace(',', '.')) * 100);
}

/** The document currency: explicit ISO codes outweigh symbols; most frequent wins. */
export function detectCurrency(text: string): { code: string; explicit: boolean } | null {
  const counts = new Map<string, number>();
  for (const [re, code] of CURRENCY_TOKENS) {
    const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
    const n = (text.match(global) ?? []).length;
    if (n === 0) continue;
    // "$" also matches inside "US$"; count it only when USD has not been seen as a code.
    if (code === 'USD' && counts.has('USD')) continue;
    counts.set(code, (counts.get(code) ?? 0) + n);
  }
  let best: [string, number] | null = null;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  if (!best) return null;
  const explicit = new RegExp(`\\b${best[0]}\\b`).test(text);
  return { code: best[0], explicit };
}
