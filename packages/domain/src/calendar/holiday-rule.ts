import { addDaysIso, isoWeekday } from '../dates';
import { isoDateOf } from './easter';

export interface HolidayName {
  de: string;
  en: string;
}

export interface PublicHoliday {
  /** YYYY-MM-DD */
  date: string;
  name: HolidayName;
}

/**
 * One public holiday of a country: when it falls, and in which of the country's states and
 * years the law makes it one. Easter Sunday is handed in because most movable feasts hang off it.
 */
export interface HolidayRule<State extends string> {
  name: HolidayName;
  date: (year: number, easterSunday: string) => string;
  observedIn: (state: State, year: number) => boolean;
}

export const onFixedDate =
  (month: number, day: number) =>
  (year: number): string =>
    isoDateOf(year, month, day);

export const daysAfterEaster =
  (days: number) =>
  (_year: number, easterSunday: string): string =>
    addDaysIso(easterSunday, days);

/** The last `weekday` (ISO, Monday = 1) strictly before month/day, e.g. Buß- und Bettag: the Wednesday before 23 November. */
export const weekdayBefore =
  (weekday: number, month: number, day: number) =>
  (year: number): string => {
    const dayBefore = addDaysIso(isoDateOf(year, month, day), -1);
    return addDaysIso(dayBefore, -((isoWeekday(dayBefore) - weekday + 7) % 7));
  };

export const everywhere = (): boolean => true;

/** The holidays of one state in a year, in date order. */
export function holidaysOf<State extends string>(
  rules: readonly HolidayRule<State>[],
  year: number,
  easterSunday: string,
  isObserved: (rule: HolidayRule<State>) => boolean,
): PublicHoliday[] {
  return rules
    .filter(isObserved)
    .map((rule) => ({ date: rule.date(year, easterSunday), name: { ...rule.name } }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
