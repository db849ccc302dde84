import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { activityEntrySchema } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { activityLog, users } from '../../db/schema';

export type ActivityLogEntry = z.infer<typeof activityEntrySchema>;

/** Newest first; a longer history is not shown in one piece. */
const ACTIVITY_LIMIT = 500;

/**
 * The organisation's log rows that `entries` selects (a condition on activity_log's entity type
 * and id), newest first, as the API shows them: the actor by name where the actor is a user, by
 * e-mail when the user has no display name, by nothing once the user is gone.
 */
export async function readActivityEntries(tx: Tx, orgId: OrgId, entries: SQL): Promise<ActivityLogEntry[]> {
  const rows = await tx
    .select({
      id: activityLog.id,
      entityType: activityLog.entityType,
      action: activityLog.action,
      actorType: activityLog.actorType,
      actorName: users.name,
      actorEmail: users.email,
      changes: activityLog.changes,
      createdAt: activityLog.createdAt,
    })
    .from(activityLog)
    .leftJoin(users, and(eq(activityLog.actorType, 'user'), eq(sql`${users.id}::text`, activityLog.actorId)))
    .where(and(eq(activityLog.organizationId, orgId), entries))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(ACTIVITY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    entityType: row.entityType,
    action: row.action,
    actorType: row.actorType,
    actorName: (row.actorName || row.actorEmail) ?? null,
    changes: (row.changes as Record<string, unknown> | null) ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
