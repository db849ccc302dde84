import { and, eq, sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { memberships, subscriptions, usageCounters } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function insertSubscription(tx: Tx, values: typeof subscriptions.$inferInsert): Promise<void> {
  await tx.insert(subscriptions).values(values);
}

export async function findSubscription(tx: Tx, orgId: OrgId): Promise<SubscriptionRow | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.organizationId, orgId)).limit(1);
  return row ?? null;
}

export async function updateSubscriptionVersioned(
  tx: Tx,
  orgId: OrgId,
  version: number,
  patch: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...patch, version: sql`${subscriptions.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(subscriptions.organizationId, orgId), eq(subscriptions.version, version)))
    .returning();
  return row ?? null;
}

export async function countMembers(tx: Tx, orgId: OrgId): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(eq(memberships.organizationId, orgId));
  return row?.count ?? 0;
}

export async function readUsage(tx: Tx, orgId: OrgId, month: string): Promise<{ invoices: number; verifications: number }> {
  const rows = await tx
    .select({ metric: usageCounters.metric, count: usageCounters.count })
    .from(usageCounters)
    .where(and(eq(usageCounters.organizationId, orgId), eq(usageCounters.month, month)));
  const usage = { invoices: 0, verifications: 0 };
  for (const row of rows) usage[row.metric] = row.count;
  return usage;
}

/** Adds to a month's counter and returns the new total (one statement, safe under concurrency). */
export async function incrementUsage(
  tx: Tx,
  orgId: OrgId,
  metric: 'invoices' | 'verifications',
  month: string,
  by = 1,
): Promise<number> {
  const [row] = await tx
    .insert(usageCounters)
    .values({ organizationId: orgId, metric, month, count: by })
    .onConflictDoUpdate({
      target: [usageCounters.organizationId, usageCounters.metric, usageCounters.month],
      set: { count: sql`${usageCounters.count} + ${by}` },
    })
    .returning({ count: usageCounters.count });
  return row?.count ?? by;
}
