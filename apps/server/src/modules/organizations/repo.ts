import { and, eq, like, or, sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { memberships, organizations } from '../../db/schema';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationInsert = typeof organizations.$inferInsert;

export async function findOrganization(tx: Tx, orgId: OrgId): Promise<OrganizationRow | null> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  return row ?? null;
}

/** System query: the organisation with this slug, only if the user is a member of it. */
export async function findMemberOrganizationBySlug(tx: Tx, slug: string, userId: string): Promise<OrganizationRow | null> {
  const [row] = await tx
    .select({ organization: organizations })
    .from(organizations)
    .innerJoin(memberships, and(eq(memberships.organizationId, organizations.id), eq(memberships.userId, userId)))
    .where(eq(organizations.slug, slug))
    .limit(1);
  return row?.organization ?? null;
}

export async function listSlugsLike(tx: Tx, base: string): Promise<string[]> {
  const rows = await tx
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(or(eq(organizations.slug, base), like(organizations.slug, `${base}-%`)));
  return rows.map((row) => row.slug);
}

export async function insertOrganization(tx: Tx, values: OrganizationInsert): Promise<OrganizationRow> {
  const [row] = await tx.insert(organizations).values(values).returning();
  if (!row) throw new Error('organisation insert returned nothing');
  return row;
}

export async function insertMembership(tx: Tx, values: typeof memberships.$inferInsert): Promise<void> {
  await tx.insert(memberships).values(values);
}

/** Optimistic update: null when the row's version moved on (stale edit). */
export async function updateOrganizationVersioned(
  tx: Tx,
  orgId: OrgId,
  version: number,
  patch: Partial<OrganizationInsert>,
): Promise<OrganizationRow | null> {
  const [row] = await tx
    .update(organizations)
    .set({ ...patch, version: sql`${organizations.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(organizations.id, orgId), eq(organizations.version, version)))
    .returning();
  return row ?? null;
}

/** Locks the row so that concurrent logo uploads replace each other in order. */
export async function lockOrganization(tx: Tx, orgId: OrgId): Promise<OrganizationRow | null> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, orgId)).for('update').limit(1);
  return row ?? null;
}

export async function setLogoKey(tx: Tx, orgId: OrgId, logoKey: string | null): Promise<OrganizationRow | null> {
  const [row] = await tx
    .update(organizations)
    .set({ logoKey, version: sql`${organizations.version} + 1`, updatedAt: sql`now()` })
    .where(eq(organizations.id, orgId))
    .returning();
  return row ?? null;
}
