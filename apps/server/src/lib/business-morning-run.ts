import { isBusinessMorning, isHolidayRegion } from '@kontor/domain';
import { asOrgId, type OrgId } from '../db/database';

/** An organisation as the daily jobs see it: where its mornings are and whose holidays it keeps. */
export interface MorningOrganization {
  id: string;
  timeZone: string;
  region: string;
}

/** Organisations worked on at the same time (each holds one connection). */
const ORGANIZATIONS_AT_ONCE = 4;

/**
 * The quarter-hourly daily jobs' loop (payment reminders, member digests): `work` for each
 * organisation whose business morning `now` is (its time zone, its public holidays), a few at a
 * time, so the database works on one while the next is being written (about twice the mails per
 * second of one at a time on 2 cores). One organisation's failure does not hold up the others;
 * the next run retries it. Answers how many organisations were done.
 */
export async function runOnBusinessMornings<Org extends MorningOrganization>(
  organizations: readonly Org[],
  now: Date,
  work: (orgId: OrgId, organization: Org) => Promise<void>,
  onFailure: (orgId: string, error: unknown) => void,
): Promise<number> {
  const due = organizations.filter((org) =>
    isBusinessMorning(now, org.timeZone, isHolidayRegion(org.region) ? org.region : 'DE'),
  );
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < due.length) {
      const org = due[next++]!;
      try {
        await work(asOrgId(org.id), org);
        done += 1;
      } catch (error) {
        onFailure(org.id, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(ORGANIZATIONS_AT_ONCE, due.length) }, worker));
  return done;
}
