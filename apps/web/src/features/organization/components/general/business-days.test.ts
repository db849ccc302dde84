import { describe, expect, it } from 'vitest';
import { HOLIDAY_REGIONS } from '@kontor/domain/calendar/regions';
import { BUSINESS_TIME_ZONES, HOLIDAY_REGION_GROUPS, timeZoneChoices } from './business-days';

describe('business days settings', () => {
  it('offers the European zones, and keeps a saved zone that is not among them', () => {
    expect(timeZoneChoices('Europe/Vienna')).toEqual([...BUSINESS_TIME_ZONES]);
    expect(timeZoneChoices('Europe/Lisbon')).toEqual(['Europe/Lisbon', ...BUSINESS_TIME_ZONES]);
  });

  it('offers every holiday region once', () => {
    const offered = HOLIDAY_REGION_GROUPS.flatMap((group) => [...group.regions]);
    expect([...offered].sort()).toEqual([...HOLIDAY_REGIONS].sort());
  });

  it('offers only zones the browser knows', () => {
    for (const zone of BUSINESS_TIME_ZONES) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
  });
});
