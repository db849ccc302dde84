import { addDaysIso } from '../dates';
import { isBusinessDay } from '../calendar/public-holidays';
import type { HolidayRegion } from '../calendar/regions';

/**
 * The days a digest sent on the business morning `today` reports on: from the previous business
 * day through yesterday. On a Tuesday that is Monday; on a Monday it is Friday to Sunday, and after
 * a holiday it includes the holiday, so nothing that happened between two digests goes unreported.
 */
export function digestPeriod(today: string, region: HolidayRegion): { from: string; to: string } {
  const to = addDaysIso(today, -1);
  let from = to;
  // A year without business days does not exist; 14 is far more than any run of holidays.
  for (let step = 0; step < 14 && !isBusinessDay(from, region); step += 1) from = addDaysIso(from, -1);
  return { from, to };
}
