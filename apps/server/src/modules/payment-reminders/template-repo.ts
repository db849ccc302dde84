import { and, asc, eq } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { reminderTemplates } from '../../db/schema';

export type TemplateRow = typeof reminderTemplates.$inferSelect;

export async function findReminderTemplate(tx: Tx, orgId: OrgId, id: string): Promise<TemplateRow | null> {
  const [row] = await tx
    .select()
    .from(reminderTemplates)
    .where(and(eq(reminderTemplates.organizationId, orgId), eq(reminderTemplates.id, id)));
  return row ?? null;
}

export async function listReminderTemplateRows(tx: Tx, orgId: OrgId): Promise<TemplateRow[]> {
  return tx
    .select()
    .from(reminderTemplates)
    .where(eq(reminderTemplates.organizationId, orgId))
    .orderBy(asc(reminderTemplates.intervalDays));
}
