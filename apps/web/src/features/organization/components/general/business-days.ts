import { AUSTRIAN_STATES, GERMAN_STATES } from '@kontor/domain/calendar/regions';

/** The time zones offered for an organisation's business days (it may have another, set through the API). */
export const BUSINESS_TIME_ZONES = [
  'Europe/Berlin',
  'Europe/Vienna',
  'Europe/Zurich',
  'Europe/Amsterdam',
  'Europe/Paris',
  'Europe/London',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Warsaw',
] as const;
export type BusinessTimeZone = (typeof BUSINESS_TIME_ZONES)[number];

export function isBusinessTimeZone(zone: string): zone is BusinessTimeZone {
  return (BUSINESS_TIME_ZONES as readonly string[]).includes(zone);
}

/** The zones to choose from: the offered ones, and the saved one first when it is another. */
export function timeZoneChoices(current: string): string[] {
  return isBusinessTimeZone(current) ? [...BUSINESS_TIME_ZONES] : [current, ...BUSINESS_TIME_ZONES];
}

/** The holiday regions by country: the nationwide choice first, then the states. */
export const HOLIDAY_REGION_GROUPS = [
  { country: 'germany', regions: ['DE', ...GERMAN_STATES] },
  { country: 'austria', regions: ['AT', ...AUSTRIAN_STATES] },
] as const;
