import { intlFormatter } from './intl';

/** Dates travel as YYYY-MM-DD (ARCHITECTURE §4). "Today" is the business day in Kontor's time zone. */
export const BUSINESS_TIME_ZONE = 'Europe/Berlin';

export function todayIso(now: Date = new Date(), timeZone: string = BUSINESS_TIME_ZONE): string {
  const format = intlFormatter(Intl.DateTimeFormat, 'en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return format.format(now);
}

/** Calendar arithmetic on YYYY-MM-DD strings, in UTC so that no time zone shifts a day. */
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

export function addMonthsIso(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export const isoDatePattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function isIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The periods a finance team filters by: VAT returns are monthly or quarterly, closings yearly. */
export const DATE_PERIODS = ['thisMonth', 'lastMonth', 'thisQuarter', 'lastQuarter', 'thisYear', 'lastYear'] as const;
export type DatePeriod = (typeof DATE_PERIODS)[number];

/** A period's first and last day around `today` (YYYY-MM-DD): "lastQuarter" on 2026-11-27 is 2026-07-01 – 2026-09-30. */
export function datePeriodRange(period: DatePeriod, today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const span = (firstYear: number, firstMonth: number, months: number) => {
    const from = new Date(Date.UTC(firstYear, firstMonth - 1, 1));
    const to = new Date(Date.UTC(firstYear, firstMonth - 1 + months, 0));
    return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
  };
  const quarterStart = month - ((month - 1) % 3);
  switch (period) {
    case 'thisMonth':
      return span(year, month, 1);
    case 'lastMonth':
      return span(year, month - 1, 1);
    case 'thisQuarter':
      return span(year, quarterStart, 3);
    case 'lastQuarter':
      return span(year, quarterStart - 3, 3);
    case 'thisYear':
      return span(year, 1, 12);
    case 'lastYear':
      return span(year - 1, 1, 12);
  }
}
