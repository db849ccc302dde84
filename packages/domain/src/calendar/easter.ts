/** The Gregorian calendar starts in 1582; ISO dates here have four-digit years. */
export const FIRST_CALENDAR_YEAR = 1583;
export const LAST_CALENDAR_YEAR = 9999;

export function assertCalendarYear(year: number): void {
  if (!Number.isInteger(year) || year < FIRST_CALENDAR_YEAR || year > LAST_CALENDAR_YEAR) {
    throw new RangeError(`year must be an integer from ${FIRST_CALENDAR_YEAR} to ${LAST_CALENDAR_YEAR}, got ${year}`);
  }
}

/** YYYY-MM-DD of a month and day in a four-digit year. */
export function isoDateOf(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Easter Sunday (YYYY-MM-DD) by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  assertCalendarYear(year);
  const goldenNumber = year % 19;
  const century = Math.floor(year / 100);
  const yearOfCentury = year % 100;
  const leapCenturies = Math.floor(century / 4);
  const centuryRemainder = century % 4;
  const lunarCorrection = Math.floor((century + 8) / 25);
  const moonCorrection = Math.floor((century - lunarCorrection + 1) / 3);
  const epact = (19 * goldenNumber + century - leapCenturies - moonCorrection + 15) % 30;
  const leapYears = Math.floor(yearOfCentury / 4);
  const yearRemainder = yearOfCentury % 4;
  const weekdayShift = (32 + 2 * centuryRemainder + 2 * leapYears - epact - yearRemainder) % 7;
  const lateMarchFix = Math.floor((goldenNumber + 11 * epact + 22 * weekdayShift) / 451);
  const daysFromMarch = epact + weekdayShift - 7 * lateMarchFix + 114;
  return isoDateOf(year, Math.floor(daysFromMarch / 31), (daysFromMarch % 31) + 1);
}
