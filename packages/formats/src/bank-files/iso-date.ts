/**
 * ISO dates as `YYYY-MM-DD`. ISO 20022 carries either a date (`<Dt>`) or a date-time
 * (`<DtTm>`, with or without offset); the calendar date as written is kept, because banks
 * book in their local day and converting to UTC would move late bookings to the next day.
 */
const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|T\d{2}:\d{2})/;

export function isoDateOf(text: string): string | null {
  const match = DATE_PREFIX.exec(text.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month}-${day}`;
}
