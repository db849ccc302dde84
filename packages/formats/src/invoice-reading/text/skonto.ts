/**
 * Payment terms: a term in days ("zahlbar innerhalb von 14 Tagen", "net 30", "Payment terms: 15
 * days") and early-payment discount (Skonto: "2 % Skonto bei Zahlung innerhalb von 10 Tagen",
 * "3% Skonto innerhalb 7 Tagen", "bei Zahlung bis 10 Tage 2 % Skonto", "2/10 net 30",
 * "2% discount if paid within 10 days").
 */
import { findAmounts } from './amounts.js';
import type { Line } from './lines.js';

export interface TermsHit {
  days: number;
  text: string;
  weight: number;
  line: number;
}

export interface SkontoHit {
  rate: number;
  days: number;
  amount: number | null;
  text: string;
  line: number;
}

const PCT = String.raw`(\d{1,2}(?:[.,]\d{1,2})?)\s?%`;
const DAYS = String.raw`(\d{1,3})\s*(?:Tage[n]?|Tg\.?|days?|jours)`;
const WITHIN = String.raw`(?:innerhalb|binnen|within|in|bis\s*zu|bis)(?:\s+(?:von|der\s*nächsten|the\s*next|of))?`;

const SKONTO_PATTERNS: { re: RegExp; rate: number; days: number }[] = [
  { re: new RegExp(String.raw`${PCT}\s*(?:Skonto|discount|Rabatt)\b[^.\n]*?${WITHIN}\s*${DAYS}`, 'i'), rate: 1, days: 2 },
  { re: new RegExp(String.raw`${WITHIN}\s*${DAYS}[^.\n]*?${PCT}\s*(?:Skonto|discount)`, 'i'), rate: 2, days: 1 },
  { re: new RegExp(String.raw`Skonto\s*:?\s*${PCT}[^.\n]*?${DAYS}`, 'i'), rate: 1, days: 2 },
  { re: new RegExp(String.raw`\b(\d{1,2})\s?/\s?(\d{1,2})(?=\s*,?\s*net\s*\d{1,3}\b)`, 'i'), rate: 1, days: 2 },
];

export function findSkonto(lines: Line[]): SkontoHit | null {
  for (const line of lines) {
    const text = line.text.replace(/\s{2,}/g, ' ');
    for (const { re, rate, days } of SKONTO_PATTERNS) {
      const m = re.exec(text);
      if (!m) continue;
      const r = Math.round(Number(m[rate]!.replace(',', '.')) * 100);
      const d = Number(m[days]);
      if (r <= 0 || r > 1000 || d <= 0 || d > 120) continue;
      // A stated deduction ("Skontobetrag 23,80 €") or discounted total; not always given.
      const amounts = findAmounts(text.slice((m.index ?? 0) + m[0].length));
      const stated = /skontobetrag|abzüglich|abzgl|discount\s*amount/i.test(text) ? (amounts[0]?.value ?? null) : null;
      return { rate: r, days: d, amount: stated, text: text.trim(), line: line.index };
    }
  }
  return null;
}

const TERMS_PATTERNS: RegExp[] = [
  new RegExp(
    String.raw`(?:zahlbar|zahlung|payable|payment|pay|due)[^.\n]{0,30}?${WITHIN}\s*${DAYS}(?:\s*(?:netto|net|ohne\s*abzug))?`,
    'i',
  ),
  new RegExp(String.raw`${WITHIN}\s*${DAYS}\s*(?:netto|net|rein\s*netto|ohne\s*Abzug)`, 'i'),
  new RegExp(String.raw`(?:zahlungsziel|zahlungsbedingungen|payment\s*terms?|terms)\s*:?\s*(?:net\s*)?${DAYS}`, 'i'),
  /\bnet(?:to)?\s*(\d{1,3})(?:\s*(?:days|tage))?\b/i,
  new RegExp(String.raw`${DAYS}\s*(?:netto|net)\b`, 'i'),
];

export function findPaymentTerms(lines: Line[]): TermsHit | null {
  for (const line of lines) {
    // The skonto clause also says "innerhalb von 10 Tagen": cut it out, keep the net term.
    let text = line.text.replace(/\s{2,}/g, ' ');
    for (const { re } of SKONTO_PATTERNS) text = text.replace(re, ' ');
    for (const [i, re] of TERMS_PATTERNS.entries()) {
      const m = re.exec(text);
      if (!m) continue;
      const days = Number(m[1]);
      if (days <= 0 || days > 180) continue;
      return { days, text: text.trim(), weight: i < 3 ? 0.85 : 0.7, line: line.index };
    }
  }
  return null;
}
