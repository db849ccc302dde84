import { z } from 'zod';

/** The sixteen Länder as ISO 3166-2 subdivisions. */
export const GERMAN_STATES = [
  'DE-BW',
  'DE-BY',
  'DE-BE',
  'DE-BB',
  'DE-HB',
  'DE-HH',
  'DE-HE',
  'DE-MV',
  'DE-NI',
  'DE-NW',
  'DE-RP',
  'DE-SL',
  'DE-SN',
  'DE-ST',
  'DE-SH',
  'DE-TH',
] as const;
export type GermanState = (typeof GERMAN_STATES)[number];

/** The nine Bundesländer as ISO 3166-2 subdivisions: AT-1 Burgenland … AT-9 Wien. */
export const AUSTRIAN_STATES = ['AT-1', 'AT-2', 'AT-3', 'AT-4', 'AT-5', 'AT-6', 'AT-7', 'AT-8', 'AT-9'] as const;
export type AustrianState = (typeof AUSTRIAN_STATES)[number];

/**
 * ISO 3166-2 subdivisions whose public holidays Kontor knows, plus 'DE' and 'AT' for
 * "nationwide holidays only" (an organisation that has not said where it sits).
 */
export const HOLIDAY_REGIONS = ['DE', ...GERMAN_STATES, 'AT', ...AUSTRIAN_STATES] as const;
export type HolidayRegion = (typeof HOLIDAY_REGIONS)[number];

export const holidayRegionSchema = z.enum(HOLIDAY_REGIONS);

export function isHolidayRegion(value: string): value is HolidayRegion {
  return (HOLIDAY_REGIONS as readonly string[]).includes(value);
}

export function isAustrianState(region: HolidayRegion): region is AustrianState {
  return (AUSTRIAN_STATES as readonly string[]).includes(region);
}
