import type { Locale } from '@kontor/domain/auth';
import { addDaysIso, addMonthsIso, isIsoDate } from '@kontor/domain/dates';

/**
 * Date entry in the interface's language, never the browser's: a native date input shows
 * mm/dd/yyyy in an American browser even when Kontor speaks German, and yields "" for a date
 * typed only in part, which a form would save as "no date". Both languages write the day first,
 * as the app shows dates (de-DE "15.03.2026", en-GB "15/03/2026").
 */
export type DateParseResult = { ok: true; value: string | null } | { ok: false };

const INVALID: DateParseResult = { ok: false };
const SEPARATOR: Record<Locale, string> = { de: '.', en: '/' };
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** One dot, slash or hyphen between the parts, spaces around it allowed ("15. 03. 2026"), or spaces alone. */
const DAY_FIRST = /^(\d{1,2})(?:\s*[./-]\s*|\s+)(\d{1,2})(?:(?:\s*[./-]\s*|\s+)(\d{2}|\d{4}))?(?:\s*[./-])?$/;
const DIGITS = /^\d+$/;

/**
 * Days named relative to today, in both languages whatever the interface's: a German team types
 * "today" as often as "heute". "h" and "t" are the one-key forms accounting software knows.
 */
const RELATIVE_WORDS: Record<string, number> = {
  h: 0,
  heute: 0,
  t: 0,
  today: 0,
  gestern: -1,
  yesterday: -1,
  morgen: 1,
  tomorrow: 1,
};
/** "+14" or "-3" days from today; a unit may follow: d or t (days), w (weeks), m (months). */
const RELATIVE = /^([+-])\s*(\d{1,4})\s*([dtwm])?$/i;

function relativeDate(body: string, today: string): DateParseResult | null {
  const word = RELATIVE_WORDS[body.toLowerCase()];
  if (word !== undefined) return { ok: true, value: addDaysIso(today, word) };
  const match = RELATIVE.exec(body);
  if (!match) return null;
  const amount = Number(match[2]) * (match[1] === '-' ? -1 : 1);
  const unit = (match[3] ?? 'd').toLowerCase();
  if (unit === 'm') return { ok: true, value: addMonthsIso(today, amount) };
  return { ok: true, value: addDaysIso(today, unit === 'w' ? amount * 7 : amount) };
}

/** A two-digit year in the century that puts it nearest today (Excel's window, moved with time). */
function fullYear(text: string, todayYear: number): number {
  if (text.length === 4) return Number(text);
  const year = Math.floor(todayYear / 100) * 100 + Number(text);
  if (year > todayYear + 50) return year - 100;
  return year < todayYear - 50 ? year + 100 : year;
}

function isoOf(year: number, month: number, day: number): DateParseResult {
  if (month < 1 || month > 12 || day < 1 || year < 1000) return INVALID;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return INVALID;
  const pad = (value: number) => String(value).padStart(2, '0');
  return { ok: true, value: `${year}-${pad(month)}-${pad(day)}` };
}

/**
 * Reads what a finance team types, as accounting software does: "15.03.2026", "15.3.26",
 * "15/03/2026", "15.03." (this year), "150326", "15032026", "1503" (this year) and the ISO
 * "2026-03-15" that other systems copy out; and days relative to today: "heute"/"today" (or "h",
 * "t"), "gestern", "morgen", "+14", "-3", "+2w", "+1m". Empty text is null; a day the calendar
 * does not have (31.02.) is invalid, never moved to the next month. `today` (YYYY-MM-DD) supplies
 * the year and the start of relative days.
 */
export function parseTypedDate(text: string, today: string): DateParseResult {
  const body = text.trim();
  if (body === '') return { ok: true, value: null };
  const relative = relativeDate(body, today);
  if (relative) return relative;
  const todayYear = Number(today.slice(0, 4));
  const iso = ISO.exec(body);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const parts = DAY_FIRST.exec(body);
  if (parts) {
    const year = parts[3] === undefined ? todayYear : fullYear(parts[3], todayYear);
    return isoOf(year, Number(parts[2]), Number(parts[1]));
  }
  if (DIGITS.test(body) && [4, 6, 8].includes(body.length)) {
    const year = body.length === 4 ? todayYear : fullYear(body.slice(4), todayYear);
    return isoOf(year, Number(body.slice(2, 4)), Number(body.slice(0, 2)));
  }
  return INVALID;
}

/** An ISO date as the field shows it: "15.03.2026" in German, "15/03/2026" in English; other text as it is. */
export function formatDateForInput(value: string | null | undefined, locale: Locale): string {
  if (!value) return '';
  if (!isIsoDate(value)) return value;
  const [year, month, day] = value.split('-');
  const separator = SEPARATOR[locale];
  return `${day}${separator}${month}${separator}${year}`;
}

/** The calendar day of an ISO date, as a local Date at midnight (what a calendar component shows). */
export function localDateOf(value: string | null | undefined): Date | undefined {
  if (!value || !isIsoDate(value)) return undefined;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** A calendar's local Date as an ISO date, the day the reader clicked whatever the time zone. */
export function isoOfLocalDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
