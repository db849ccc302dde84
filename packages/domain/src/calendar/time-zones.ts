import { z } from 'zod';
import { isIsoDate } from '../dates';
import { intlFormatter } from '../intl';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of `timeZone` at `instant`; Intl applies the zone's offset and DST rules for that instant. */
function wallClockAt(instant: Date, timeZone: string): WallClock {
  const format = intlFormatter(Intl.DateTimeFormat, 'en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((candidate) => candidate.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** The wall clock read as if it were UTC, in epoch milliseconds: the arithmetic form of a local time. */
function wallClockMs(instant: Date, timeZone: string): number {
  const wall = wallClockAt(instant, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** How far `timeZone` is ahead of UTC at `instant` (+1 h for Berlin in winter, +2 h in summer). */
function offsetMs(instant: Date, timeZone: string): number {
  return wallClockMs(instant, timeZone) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The local date and time of an instant in an IANA time zone, correct across DST changes. */
export function localDateTime(instant: Date, timeZone: string): { date: string; hour: number; minute: number } {
  const wall = wallClockAt(instant, timeZone);
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  return { date: `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`, hour: wall.hour, minute: wall.minute };
}

/**
 * The instant of `hour`:00 local time on `date` in `timeZone`. Around DST changes it picks as
 * Temporal's 'compatible' disambiguation does: an hour that occurs twice (autumn) is its earlier
 * occurrence, an hour that does not exist (spring) is moved forward by the gap, so 02:00 on the
 * day Berlin springs forward is 03:00 CEST. Assumes no zone changes its offset twice within a day.
 */
export function zonedTime(date: string, hour: number, timeZone: string): Date {
  if (!isIsoDate(date)) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new RangeError(`hour must be an integer 0–23, got ${hour}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour);
  // A day either side lies outside any DST change around `wall`: the offsets before and after it.
  const offsetBefore = offsetMs(new Date(wall - DAY_MS), timeZone);
  const offsetAfter = offsetMs(new Date(wall + DAY_MS), timeZone);
  const matches = [wall - offsetBefore, wall - offsetAfter].filter(
    (instant) => wallClockMs(new Date(instant), timeZone) === wall,
  );
  if (matches.length > 0) return new Date(Math.min(...matches));
  return new Date(wall - offsetBefore); // in the gap: the old offset carries the clock past it
}

/**
 * Whether `name` is a time zone the runtime knows (IANA names and their aliases, e.g. 'UTC').
 * UTC offsets like '+01:00', which newer engines accept, are refused: an organisation's zone must
 * follow its daylight saving time. Checked with an uncached formatter so that arbitrary input
 * cannot grow the shared formatter cache.
 */
export function isValidTimeZone(name: string): boolean {
  if (name.trim() === '' || /^[+-]/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().refine(isValidTimeZone, { message: 'invalid_time_zone' });
