import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { asOrgId, type Database, type OrgId } from '../../db/database';
import { registerDailyOrganizationJob } from '../../lib/daily-organization-job';
import { handOnForAbsencesOfDay } from './absence-service';

export const ABSENCES_DISPATCH_JOB = 'approvals.absences-dispatch';

/**
 * The organisations where something waits today for a member who is absent today. Read across
 * organisations (the daily dispatch) without any invoice data; the day is the business day.
 */
async function listOrganizationsWithAbsentApprovers(database: Database, day: string): Promise<OrgId[]> {
  const rows = await database.withSystem((tx) =>
    tx.execute<{ id: string }>(sql`select distinct a.organization_id as id from approval_absences a
       where a.starts_on <= ${day}::date and a.ends_on >= ${day}::date
         and exists (select 1 from approval_items ai
                      where ai.organization_id = a.organization_id and ai.approver_id = a.user_id and ai.is_waiting)
       order by 1`),
  );
  return rows.rows.map((row) => asOrgId(row.id));
}

/**
 * Every morning at 04:30 UTC (05:30 or 06:30 in Berlin, before the approval reminders), weekends
 * included: an absence may begin on any day. Approvals that wait for a member absent today go to
 * their substitute (absences entered ahead of time; one that has begun moves them when saved).
 */
export async function registerAbsenceJobs(app: FastifyInstance): Promise<void> {
  const deps = { mailer: app.mailer, publicUrl: app.config.publicUrl };
  await registerDailyOrganizationJob(app, {
    dispatchName: ABSENCES_DISPATCH_JOB,
    jobName: 'approvals.absences',
    cron: '30 4 * * *',
    module: 'approvals',
    listOrganizations: listOrganizationsWithAbsentApprovers,
    run: async (orgId, date) => ({ handedOn: await handOnForAbsencesOfDay(app.database, deps, orgId, date) }),
  });
}
