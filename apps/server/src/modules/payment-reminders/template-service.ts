import { and, eq, sql } from 'drizzle-orm';
import type { ReminderTemplate, ReminderTemplateInput } from '@kontor/domain';
import type { Database } from '../../db/database';
import { reminderTemplates } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { uniqueViolationConstraint } from '../master-data/db-errors';
import { tenant } from '../master-data/service-helpers';
import { findReminderTemplate, listReminderTemplateRows, type TemplateRow } from './template-repo';

export function toReminderTemplate(row: TemplateRow): ReminderTemplate {
  return {
    id: row.id,
    intervalDays: row.intervalDays,
    subject: row.subject,
    header: row.header,
    footer: row.footer,
    type: row.type,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** SPEC §5/§8: an interval already in the list is refused with its own message. */
async function refuseTakenInterval<T>(intervalDays: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolationConstraint(error) === 'reminder_templates_interval_idx') {
      throw new AppError(
        'reminder_interval_taken',
        { intervalDays },
        { fieldErrors: { intervalDays: ['reminder_interval_taken'] } },
      );
    }
    throw error;
  }
}

/** Settings › Payment reminders: the organisation's templates, ordered by interval. */
export class ReminderTemplateService {
  constructor(private readonly database: Database) {}

  async list(org: OrgContext): Promise<ReminderTemplate[]> {
    return (await this.database.withOrg(tenant(org), (tx) => listReminderTemplateRows(tx, org.orgId))).map(toReminderTemplate);
  }

  async create(org: OrgContext, input: ReminderTemplateInput): Promise<ReminderTemplate> {
    return refuseTakenInterval(input.intervalDays, () =>
      this.database.withOrg(tenant(org), async (tx) => {
        const [row] = await tx
          .insert(reminderTemplates)
          .values({ organizationId: org.orgId, ...input })
          .returning();
        return toReminderTemplate(row!);
      }),
    );
  }

  async update(org: OrgContext, id: string, input: ReminderTemplateInput & { version: number }): Promise<ReminderTemplate> {
    const { version, ...values } = input;
    return refuseTakenInterval(input.intervalDays, () =>
      this.database.withOrg(tenant(org), async (tx) => {
        const current = await findReminderTemplate(tx, org.orgId, id);
        if (!current) throw new AppError('reminder_template_not_found');
        const [row] = await tx
          .update(reminderTemplates)
          .set({ ...values, version: sql`${reminderTemplates.version} + 1`, updatedAt: new Date() })
          .where(
            and(
              eq(reminderTemplates.organizationId, org.orgId),
              eq(reminderTemplates.id, id),
              eq(reminderTemplates.version, version),
            ),
          )
          .returning();
        if (!row) throw new AppError('stale_version');
        return toReminderTemplate(row);
      }),
    );
  }

  /** Reminders already sent keep their copy of interval, type and subject. */
  async remove(org: OrgContext, id: string, version: number | undefined): Promise<void> {
    await this.database.withOrg(tenant(org), async (tx) => {
      const current = await findReminderTemplate(tx, org.orgId, id);
      if (!current) throw new AppError('reminder_template_not_found');
      if (version !== undefined && current.version !== version) throw new AppError('stale_version');
      await tx
        .delete(reminderTemplates)
        .where(and(eq(reminderTemplates.organizationId, org.orgId), eq(reminderTemplates.id, id)));
    });
  }
}
