import { addDaysIso, isIsoDate, isoWeekday } from '../dates';
import { AUSTRIAN_HOLIDAY_RULES } from './austrian-holidays';
import { assertCalendarYear, easterSunday } from './easter';
import { GERMAN_HOLIDAY_RULES } from './german-holidays';
import { type PublicHoliday, holidaysOf } from './holiday-rule';
import { AUSTRIAN_STATES, GERMAN_STATES, type HolidayRegion, isAustrianState, isHolidayRegion } from './regions';

/**
 * The public holidays of a year in a region, in date order. 'DE' and 'AT' give the days every
 * state of the country keeps that year (so Reformationstag is in 'DE' for 2017 only). Two holidays
 * on one date (Christi Himmelfahrt on 1 May, as in 2008) are both listed.
 */
export function publicHolidays(year: number, region: HolidayRegion): PublicHoliday[] {
  assertCalendarYear(year);
  if (!isHolidayRegion(region)) throw new RangeError(`unknown holiday region: ${String(region)}`);
  const easter = easterSunday(year);
  if (region === 'DE') {
    return holidaysOf(GERMAN_HOLIDAY_RULES, year, easter, (rule) => GERMAN_STATES.every((state) => rule.observedIn(state, year)));
  }
  if (region === 'AT') {
    return holidaysOf(AUSTRIAN_HOLIDAY_RULES, year, easter, (rule) =>
      AUSTRIAN_STATES.every((state) => rule.observedIn(state, year)),
    );
  }
  if (isAustrianState(region)) {
    return holidaysOf(AUSTRIAN_HOLIDAY_RULES, year, easter, (rule) => rule.observedIn(region, year));
  }
  return holidaysOf(GERMAN_HOLIDAY_RULES, year, easter, (rule) => rule.observedIn(region, year));
}

/** Holiday dates per region and year: daily jobs ask about the same few years over and over. */
const holidayDates = new Map<string, ReadonlySet<string>>();

function holidayDatesOf(year: number, region: HolidayRegion): ReadonlySet<string> {
  const key = `${region}|${year}`;
  let dates = holidayDates.get(key);
  if (dates === undefined) {
    dates = new Set(publicHolidays(year, region).map((holiday) => holiday.date));
    holidayDates.set(key, dates);
  }
  return dates;
}

function assertIsoDate(date: string): void {
  if (!isIsoDate(date)) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
}

export function isPublicHoliday(date: string, region: HolidayRegion): boolean {
  assertIsoDate(date);
  return holidayDatesOf(Number(date.slice(0, 4)), region).has(date);
}

/** Monday to Friday and not a public holiday in the region. */
export function isBusinessDay(date: string, region: HolidayRegion): boolean {
  assertIsoDate(date); // before the weekday check, which would read a malformed date as "weekend"
  return isoWeekday(date) <= 5 && !isPublicHoliday(date, region);
}

/** The date itself when it is a business day, else the first business day after it. */
export function nextBusinessDay(date: string, region: HolidayRegion): string {
  let candidate = date;
  while (!isBusinessDay(candidate, region)) candidate = addDaysIso(candidate, 1);
  return candidate;
}
