/**
 * Dates as written on invoices, to YYYY-MM-DD: "21.11.2026", "21. November 2026", "November 21,
 * 2026", "Jan 1, 2022", "21/11/2026", "2026-11-21". Slashed dates are day-first unless the day
 * slot exceeds 12 or the document shows itself as month-first (US invoices): `order`.
 */

export type DateOrder = 'dmy' | 'mdy';

export interface FoundDate {
  /** YYYY-MM-DD, or --MM-DD when the year is not written ("July 1 - July 31, 2014"). */
  iso: string;
  index: number;
  end: number;
}

const MONTHS: Record<string, number> = {};
const NAMES: [number, string[]][] = [
  [1, ['januar', 'jänner', 'january', 'jan', 'janvier', 'janvier', 'januari', 'stycznia']],
  [2, ['februar', 'february', 'feb', 'février', 'fevrier', 'februari', 'feber']],
  [3, ['märz', 'maerz', 'march', 'mar', 'mrz', 'mars', 'maart']],
  [4, ['april', 'apr', 'avril']],
  [5, ['mai', 'may', 'mei']],
  [6, ['juni', 'june', 'jun', 'juin']],
  [7, ['juli', 'july', 'jul', 'juillet']],
  [8, ['august', 'aug', 'août', 'aout', 'augustus']],
  [9, ['september', 'sep', 'sept', 'septembre']],
  [10, ['oktober', 'october', 'oct', 'okt', 'octobre']],
  [11, ['november', 'nov', 'novembre']],
  [12, ['dezember', 'december', 'dec', 'dez', 'décembre', 'decembre']],
];
for (const [n, names] of NAMES) for (const name of names) MONTHS[name] = n;
const MONTH = String.raw`(\p{L}{3,9})\.?`;

const PATTERNS: { re: RegExp; build: (m: RegExpExecArray, order: DateOrder) => string | null }[] = [
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/gu, build: (m) => ymd(m[1], m[2], m[3]) },
  {
    re: /\b(\d{1,2})\s?([./])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?!\d)/gu,
    build: (m, order) => {
      const [a, b] = [Number(m[1]), Number(m[3])];
      const monthFirst = m[2] === '/' && (b > 12 || (order === 'mdy' && a <= 12));
      return monthFirst ? ymd(m[4], m[1], m[3]) : ymd(m[4], m[3], m[1]);
    },
  },
  {
    re: new RegExp(String.raw`\b(\d{1,2})(?:\.|er|st|nd|rd|th)?\s+(?:de\s+)?${MONTH}\s*,?\s+(\d{4})\b`, 'gu'),
    build: (m) => ymd(m[3], month(m[2]), m[1]),
  },
  {
    re: new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?\s*,?\s*(\d{4})\b`, 'gu'),
    build: (m) => ymd(m[3], month(m[1]), m[2]),
  },
  // Without a year (first half of a period): "July 1", "1. Oktober", "01.10."
  {
    re: new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!\s*,?\s*\d{4})`, 'gu'),
    build: (m) => md(month(m[1]), m[2]),
  },
  {
    re: new RegExp(String.raw`\b(\d{1,2})(?:\.|er)?\s+${MONTH}(?!\s*,?\s*\d{4})`, 'gu'),
    build: (m) => md(month(m[2]), m[1]),
  },
  { re: /\b(\d{1,2})\.(\d{1,2})\.(?!\d)/gu, build: (m) => md(Number(m[2]), m[1]) },
];

function month(name: string | undefined): number | null {
  return name ? (MONTHS[name.toLowerCase()] ?? null) : null;
}

function ymd(y: string | undefined, m: string | number | null | undefined, d: string | undefined): string | null {
  if (!y || m === null || m === undefined || !d) return null;
  let year = Number(y);
  if (y.length === 2) year += year < 70 ? 2000 : 1900;
  const [mm, dd] = [Number(m), Number(d)];
  if (year < 1990 || year > 2100 || !valid(year, mm, dd)) return null;
  return `${year}-${pad(mm)}-${pad(dd)}`;
}

function md(m: number | null, d: string | undefined): string | null {
  if (m === null || !d || !valid(2024, m, Number(d))) return null;
  return `--${pad(m)}-${pad(Number(d))}`;
}

function valid(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Every date in the text, in order; overlapping matches keep the earlier, longer one. */
export function findDates(text: string, order: DateOrder = 'dmy', withPartial = false): FoundDate[] {
  const found: FoundDate[] = [];
  for (const { re, build } of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const iso = build(m, order);
      if (!iso || (!withPartial && iso.startsWith('--'))) continue;
      const [index, end] = [m.index, m.index + m[0].length];
      if (found.some((f) => index < f.end && end > f.index)) continue;
      found.push({ iso, index, end });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

export function firstDate(text: string, order: DateOrder = 'dmy'): string | null {
  return findDates(text, order)[0]?.iso ?? null;
}

/** US documents write 03/20/2023: if any slashed date has a middle part > 12, the order is m/d. */
export function detectOrder(text: string): DateOrder {
  for (const m of text.matchAll(/\b(\d{1,2})\/(\d{1,2})\/\d{2,4}\b/g)) {
    if (Number(m[2]) > 12 && Number(m[1]) <= 12) return 'mdy';
    if (Number(m[1]) > 12) return 'dmy';
  }
  return 'dmy';
}

/** Two dates separated by a dash, "bis", "to", "until", "au": a period; a yearless start borrows the end's year. */
export function findPeriod(text: string, order: DateOrder): { start: string; end: string } | null {
  // "vom 1. bis 31. Oktober 2026", "du 1er au 31 Juillet 2015": the start is a bare day.
  const bare = /\b(\d{1,2})(?:\.|er|st|nd|rd|th)?\s*(?:[-–—]|bis(?:\s+zum)?|au|to|until)\s*(?=\d)/i.exec(text);
  if (bare) {
    const end = findDates(text.slice(bare.index + bare[0].length), order)[0];
    if (end && end.index === 0) {
      const start = `${end.iso.slice(0, 8)}${pad(Number(bare[1]))}`;
      if (valid(Number(start.slice(0, 4)), Number(start.slice(5, 7)), Number(bare[1])) && start <= end.iso)
        return { start, end: end.iso };
    }
  }
  const dates = findDates(text, order, true);
  for (let i = 0; i + 1 < dates.length; i++) {
    const [a, b] = [dates[i]!, dates[i + 1]!];
    const between = text.slice(a.end, b.index);
    if (!/^\s*(?:[-–—]|bis(?:\s+zum)?|to|until|till|through|au)\s*$/i.test(between)) continue;
    if (b.iso.startsWith('--')) continue;
    const start = a.iso.startsWith('--') ? b.iso.slice(0, 4) + a.iso.slice(1) : a.iso;
    if (start <= b.iso) return { start, end: b.iso };
  }
  return null;
}
