import { isBusinessDay } from './public-holidays';
import { type HolidayRegion } from './regions';
import { localDateTime } from './time-zones';

export const DEFAULT_MORNING_HOUR = 7;

/**
 * The gate of the daily jobs (payment reminders, notification digests): true when `instant` is on a
 * business day in `timeZone`/`region` at or after `morningHour` local time. It stays true for the
 * rest of that day, so a job that was down at 07:00 still runs when it comes back; making each
 * day's run happen once is the caller's part.
 */
export function isBusinessMorning(
  instant: Date,
  timeZone: string,
  region: HolidayRegion,
  morningHour: number = DEFAULT_MORNING_HOUR,
): boolean {
  if (!Number.isInteger(morningHour) || morningHour < 0 || morningHour > 23) {
    throw new RangeError(`morningHour must be an integer 0–23, got ${morningHour}`);
  }
  const local = localDateTime(instant, timeZone);
  return local.hour >= morningHour && isBusinessDay(local.date, region);
}
