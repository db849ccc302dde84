/** Calendar arithmetic on YYYY-MM-DD strings (ARCHITECTURE §4), in UTC so that no time zone shifts a day. */
const toUtc = (date: string): Date => new Date(`${date}T00:00:00Z`);

export function addDaysIso(date: string, days: number): string {
  const value = toUtc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** ISO weekday: Monday = 1 … Sunday = 7 (the numbering of organization.ts WEEKDAYS). */
export function isoWeekday(date: string): number {
  const day = toUtc(date).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The later of two ISO dates (string order is date order for YYYY-MM-DD). */
export function maxIsoDate(a: string, b: string): string {
  return a >= b ? a : b;
}
