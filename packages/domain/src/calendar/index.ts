/** Business days and local times for the daily jobs that run "on business mornings in the organisation's time zone". */
export { HOLIDAY_REGIONS, type HolidayRegion, holidayRegionSchema, isHolidayRegion } from './regions';
export { easterSunday } from './easter';
export { type HolidayName, type PublicHoliday } from './holiday-rule';
export { publicHolidays, isPublicHoliday, isBusinessDay, nextBusinessDay } from './public-holidays';
export { localDateTime, zonedTime, isValidTimeZone, timeZoneSchema } from './time-zones';
export { DEFAULT_MORNING_HOUR, isBusinessMorning } from './business-morning';
