import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDaysIso } from '@kontor/domain/dates';
import { dueReminderTemplate, localDateTime, reminderSkipReason } from '@kontor/domain';
import type { Database, OrgId } from '../../db/database';
import { organizations, paymentReminders, reminderTemplates } from '../../db/schema';
import { runOnBusinessMornings } from '../../lib/business-morning-run';
import type { Mailer } from '../../plugins/foundation-types';
import { companyName, listOverdueCandidates, reminderRecipients } from './reminder-candidates';
import { recordSkippedReminder, writeReminder } from './send-reminder';

export interface ReminderRunResult {
  organizations: number;
  sent: number;
  skipped: number;
}

interface RunDeps {
  database: Database;
  mailer: Mailer;
  publicUrl: string;
}

/** Up to this many receivables' reminder histories are read in one statement. */
const HISTORY_BATCH = 5_000;

/**
 * One organisation's reminders of `today` (issue 66 item 2), in one transaction: for each open,
 * overdue receivable the automatic template with the largest interval it has reached, unless a
 * reminder of that interval or a later one was sent (so a late first run sends the latest reminder
 * only, never the earlier ones after it). One that was skipped is tried again on a later day. The partial unique index on (receivable, template)
 * makes a second worker or a retry send nothing twice; a crash rolls the whole organisation back.
 */
export async function runOrganizationReminders(
  deps: RunDeps,
  orgId: OrgId,
  today: string,
): Promise<{ sent: number; skipped: number }> {
  return deps.database.withOrg({ orgId, userId: null }, async (tx) => {
    const templates = await tx
      .select()
      .from(reminderTemplates)
      .where(and(eq(reminderTemplates.organizationId, orgId), eq(reminderTemplates.type, 'automatic')))
      .orderBy(reminderTemplates.intervalDays);
    if (templates.length === 0) return { sent: 0, skipped: 0 };
    const candidates = await listOverdueCandidates(tx, orgId, addDaysIso(today, -templates[0]!.intervalDays));
    if (candidates.length === 0) return { sent: 0, skipped: 0 };

    // Per receivable: the largest interval sent (a skipped one does not count: it may go later),
    // and the day each skipped one was last tried.
    const reached = new Map<string, number>();
    const skippedOn = new Map<string, string | null>();
    for (let start = 0; start < candidates.length; start += HISTORY_BATCH) {
      const ids = candidates.slice(start, start + HISTORY_BATCH).map((candidate) => candidate.id);
      const rows = await tx
        .select({
          id: paymentReminders.arInvoiceId,
          templateId: paymentReminders.templateId,
          interval: paymentReminders.intervalDays,
          status: paymentReminders.status,
          runDate: paymentReminders.runDate,
        })
        .from(paymentReminders)
        .where(
          and(
            eq(paymentReminders.organizationId, orgId),
            eq(paymentReminders.origin, 'automatic'),
            inArray(paymentReminders.arInvoiceId, ids),
          ),
        );
      for (const row of rows) {
        if (row.status === 'skipped') skippedOn.set(`${row.id}:${row.templateId}`, row.runDate);
        else reached.set(row.id, Math.max(reached.get(row.id) ?? 0, row.interval ?? 0));
      }
    }

    const company = await companyName(tx, orgId);
    let sent = 0;
    let skipped = 0;
    for (const candidate of candidates) {
      const template = dueReminderTemplate(templates, ['automatic'], candidate.dueDate, today, reached.get(candidate.id) ?? 0);
      if (!template) continue;
      // A skipped reminder is tried again once a day: the customer may have an address by now.
      const lastTried = skippedOn.get(`${candidate.id}:${template.id}`);
      if (lastTried !== undefined && lastTried !== null && lastTried >= today) continue;
      const write = { orgId, candidate, template, origin: 'automatic' as const, company, today };
      const customer = { exists: true, remindersEnabled: candidate.remindersEnabled, recipients: reminderRecipients(candidate) };
      const reason = reminderSkipReason(candidate, customer, today, 'automatic');
      if (reason) {
        await recordSkippedReminder(tx, write, reason);
        skipped += 1;
      } else if (await writeReminder(tx, deps.mailer, deps.publicUrl, write)) sent += 1;
    }
    return { sent, skipped };
  });
}

/**
 * The scheduled run: every organisation for which it is a business morning (its time zone, its
 * public holidays) gets its reminders of the day. Runs every quarter of an hour; what is sent
 * once is never sent again, so later runs of the same day only pick up what became due since.
 */
export async function runDailyReminders(
  deps: RunDeps,
  now = new Date(),
  onFailure: (orgId: string, error: unknown) => void = () => undefined,
): Promise<ReminderRunResult> {
  const orgs = await deps.database.withSystem((tx) =>
    tx
      .select({ id: organizations.id, timeZone: organizations.timeZone, region: organizations.holidayRegion })
      .from(organizations)
      .where(
        sql`exists (select 1 from reminder_templates t where t.organization_id = ${organizations.id} and t.type = 'automatic')`,
      ),
  );
  const result: ReminderRunResult = { organizations: 0, sent: 0, skipped: 0 };
  result.organizations = await runOnBusinessMornings(
    orgs,
    now,
    async (orgId, org) => {
      const counts = await runOrganizationReminders(deps, orgId, localDateTime(now, org.timeZone).date);
      result.sent += counts.sent;
      result.skipped += counts.skipped;
    },
    onFailure,
  );
  return result;
}
