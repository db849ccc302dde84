/** `YYYY-MM-DD` dates (ARCHITECTURE §3.6) as each accounting format writes them. */

export interface DateParts {
  year: string;
  month: string;
  day: string;
}

/** The parts of a real calendar date, or null (for "2026-02-30" too). */
export function parseIsoDate(text: string): DateParts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [, year = '', month = '', day = ''] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day) ? { year, month, day } : null;
}

/** Whole days from `from` to `to` (both valid ISO dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A moment as the wall clock in Germany and Austria shows it: the headers' "created" stamps are
 * read by people there, and both countries share the zone.
 */
export function localTimeParts(moment: Date): DateParts & { hour: string; minute: string; second: string; millisecond: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '00';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
    millisecond: String(moment.getUTCMilliseconds()).padStart(3, '0'),
  };
}
