import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../dates';
import { isBusinessMorning } from './business-morning';
import { holidayRegionSchema } from './regions';
import { isValidTimeZone, localDateTime, timeZoneSchema, zonedTime } from './time-zones';

const at = (iso: string) => new Date(iso);

// Under a zone far from Europe and America, so that a slip into the machine's local time would show.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Pacific/Kiritimati';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('localDateTime', () => {
  it('moves an instant late in the UTC day to the next local date in Berlin', () => {
    expect(localDateTime(at('2026-01-14T23:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-01-15', hour: 0, minute: 30 });
    expect(localDateTime(at('2026-07-14T23:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-07-15', hour: 1, minute: 30 });
    expect(localDateTime(at('2026-12-31T23:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2027-01-01', hour: 0, minute: 30 });
  });

  it('follows Berlin springing forward on 2026-03-29 (01:00 UTC: 02:00 CET becomes 03:00 CEST)', () => {
    expect(localDateTime(at('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-03-29', hour: 1, minute: 59 });
    expect(localDateTime(at('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-03-29', hour: 3, minute: 0 });
    expect(localDateTime(at('2026-03-29T05:00:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-03-29', hour: 7, minute: 0 });
  });

  it('follows Berlin falling back on 2026-10-25 (02:xx local happens twice)', () => {
    expect(localDateTime(at('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-10-25', hour: 2, minute: 30 });
    expect(localDateTime(at('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-10-25', hour: 2, minute: 30 });
    expect(localDateTime(at('2026-10-25T06:00:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-10-25', hour: 7, minute: 0 });
  });

  it('reads other zones: Vienna, New York, Kolkata', () => {
    expect(localDateTime(at('2026-07-01T05:00:00Z'), 'Europe/Vienna')).toEqual({ date: '2026-07-01', hour: 7, minute: 0 });
    expect(localDateTime(at('2026-01-10T03:00:00Z'), 'America/New_York')).toEqual({ date: '2026-01-09', hour: 22, minute: 0 });
    expect(localDateTime(at('2026-01-10T01:30:00Z'), 'Asia/Kolkata')).toEqual({ date: '2026-01-10', hour: 7, minute: 0 });
  });
});

describe('zonedTime', () => {
  it('gives the instant of a local hour in winter and summer', () => {
    expect(zonedTime('2026-01-15', 7, 'Europe/Berlin').toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(zonedTime('2026-07-15', 7, 'Europe/Berlin').toISOString()).toBe('2026-07-15T05:00:00.000Z');
    expect(zonedTime('2026-07-15', 7, 'America/New_York').toISOString()).toBe('2026-07-15T11:00:00.000Z');
    expect(zonedTime('2026-01-15', 0, 'Europe/Berlin').toISOString()).toBe('2026-01-14T23:00:00.000Z');
  });

  it('moves an hour in the spring-forward gap forward by the gap: 02:00 on 2026-03-29 in Berlin is 03:00 CEST', () => {
    const inGap = zonedTime('2026-03-29', 2, 'Europe/Berlin');
    expect(inGap.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(localDateTime(inGap, 'Europe/Berlin')).toEqual({ date: '2026-03-29', hour: 3, minute: 0 });
    expect(zonedTime('2026-03-29', 1, 'Europe/Berlin').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(zonedTime('2026-03-29', 3, 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(zonedTime('2026-03-08', 2, 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });

  it('takes the earlier of an hour that happens twice when the clocks fall back', () => {
    expect(zonedTime('2026-10-25', 2, 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(zonedTime('2026-10-25', 3, 'Europe/Berlin').toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('round-trips every hour of 2026 in Berlin and New York, except the skipped one', () => {
    const missed: string[] = [];
    for (const timeZone of ['Europe/Berlin', 'America/New_York']) {
      for (let date = '2026-01-01'; date < '2027-01-01'; date = addDaysIso(date, 1)) {
        for (let hour = 0; hour < 24; hour++) {
          const local = localDateTime(zonedTime(date, hour, timeZone), timeZone);
          if (local.date !== date || local.hour !== hour || local.minute !== 0) missed.push(`${timeZone} ${date} ${hour}:00`);
        }
      }
    }
    expect(missed).toEqual(['Europe/Berlin 2026-03-29 2:00', 'America/New_York 2026-03-08 2:00']);
  });

  it('refuses a malformed date or hour', () => {
    expect(() => zonedTime('2026-13-01', 7, 'Europe/Berlin')).toThrow(RangeError);
    expect(() => zonedTime('2026-01-01', 24, 'Europe/Berlin')).toThrow(RangeError);
    expect(() => zonedTime('2026-01-01', 7, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('isBusinessMorning', () => {
  it('opens at 07:00 Berlin time in winter and in summer', () => {
    expect(isBusinessMorning(at('2026-01-05T05:59:00Z'), 'Europe/Berlin', 'DE-BE')).toBe(false); // Monday 06:59 CET
    expect(isBusinessMorning(at('2026-01-05T06:00:00Z'), 'Europe/Berlin', 'DE-BE')).toBe(true); // 07:00 CET
    expect(isBusinessMorning(at('2026-07-06T04:59:00Z'), 'Europe/Berlin', 'DE-BE')).toBe(false); // 06:59 CEST
    expect(isBusinessMorning(at('2026-07-06T05:00:00Z'), 'Europe/Berlin', 'DE-BE')).toBe(true); // 07:00 CEST
    expect(isBusinessMorning(at('2026-07-06T21:59:00Z'), 'Europe/Berlin', 'DE-BE')).toBe(true); // 23:59, still that day
  });

  it('opens at 07:00 on the Mondays after the clock changes', () => {
    expect(isBusinessMorning(at('2026-03-30T04:59:00Z'), 'Europe/Berlin', 'DE-BY')).toBe(false);
    expect(isBusinessMorning(at('2026-03-30T05:00:00Z'), 'Europe/Berlin', 'DE-BY')).toBe(true);
    expect(isBusinessMorning(at('2026-10-26T05:59:00Z'), 'Europe/Berlin', 'DE-BY')).toBe(false);
    expect(isBusinessMorning(at('2026-10-26T06:00:00Z'), 'Europe/Berlin', 'DE-BY')).toBe(true);
  });

  it('stays shut on weekends and on the region’s holidays', () => {
    expect(isBusinessMorning(at('2026-01-10T10:00:00Z'), 'Europe/Berlin', 'DE-BE')).toBe(false); // Saturday
    expect(isBusinessMorning(at('2026-01-06T10:00:00Z'), 'Europe/Berlin', 'DE-BY')).toBe(false); // Heilige Drei Könige
    expect(isBusinessMorning(at('2026-01-06T10:00:00Z'), 'Europe/Berlin', 'DE-BE')).toBe(true);
  });

  it('uses the local date: 23:30 UTC on a Friday is Saturday in Berlin', () => {
    expect(isBusinessMorning(at('2026-01-09T22:30:00Z'), 'Europe/Berlin', 'DE-BE')).toBe(true); // Friday 23:30
    expect(isBusinessMorning(at('2026-01-09T23:30:00Z'), 'Europe/Berlin', 'DE-BE')).toBe(false); // Saturday 00:30
  });

  it('honours Vienna and the Austrian holidays', () => {
    expect(isBusinessMorning(at('2026-12-08T09:00:00Z'), 'Europe/Vienna', 'AT-9')).toBe(false); // Mariä Empfängnis
    expect(isBusinessMorning(at('2026-12-09T05:59:00Z'), 'Europe/Vienna', 'AT-9')).toBe(false);
    expect(isBusinessMorning(at('2026-12-09T06:00:00Z'), 'Europe/Vienna', 'AT-9')).toBe(true);
    expect(isBusinessMorning(at('2026-06-10T04:59:00Z'), 'Europe/Vienna', 'AT-9')).toBe(false);
    expect(isBusinessMorning(at('2026-06-10T05:00:00Z'), 'Europe/Vienna', 'AT-9')).toBe(true);
  });

  it('honours a zone outside Europe: New York opens hours later, and is still on Friday when Berlin is on Saturday', () => {
    expect(isBusinessMorning(at('2026-01-05T11:59:00Z'), 'America/New_York', 'DE')).toBe(false); // 06:59 EST
    expect(isBusinessMorning(at('2026-01-05T11:59:00Z'), 'Europe/Berlin', 'DE')).toBe(true);
    expect(isBusinessMorning(at('2026-01-05T12:00:00Z'), 'America/New_York', 'DE')).toBe(true); // 07:00 EST
    expect(isBusinessMorning(at('2026-07-06T10:59:00Z'), 'America/New_York', 'DE')).toBe(false); // 06:59 EDT
    expect(isBusinessMorning(at('2026-07-06T11:00:00Z'), 'America/New_York', 'DE')).toBe(true);
    expect(isBusinessMorning(at('2026-01-09T23:30:00Z'), 'America/New_York', 'DE')).toBe(true); // Friday 18:30
  });

  it('takes another morning hour, and refuses one that is no hour', () => {
    expect(isBusinessMorning(at('2026-01-05T07:59:00Z'), 'Europe/Berlin', 'DE', 9)).toBe(false);
    expect(isBusinessMorning(at('2026-01-05T08:00:00Z'), 'Europe/Berlin', 'DE', 9)).toBe(true);
    expect(() => isBusinessMorning(at('2026-01-05T08:00:00Z'), 'Europe/Berlin', 'DE', 7.5)).toThrow(RangeError);
  });
});

describe('time zone and region validation', () => {
  it('knows IANA zones and refuses others', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Europe/Vienna')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone('+01:00')).toBe(false);
  });

  it('parses with the schemas', () => {
    expect(timeZoneSchema.parse('Europe/Berlin')).toBe('Europe/Berlin');
    const refused = timeZoneSchema.safeParse('Mars/Olympus');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('invalid_time_zone');
    expect(holidayRegionSchema.parse('AT-9')).toBe('AT-9');
    expect(holidayRegionSchema.safeParse('DE-XX').success).toBe(false);
  });
});
