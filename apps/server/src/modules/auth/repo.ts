import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { memberships, organizations, users } from '../../db/schema';
import { readerOrder } from '../../db/reader-text';

/** Identity queries run before an organisation is chosen, so they take the system transaction. */
export interface ClaimsUser {
  authSubject: string;
  email: string;
  name: string;
  locale: string | null;
}

export async function upsertUserFromClaims(
  tx: Tx,
  claims: ClaimsUser,
): Promise<{ id: string; currentOrganizationId: string | null }> {
  const [row] = await tx
    .insert(users)
    .values({ authSubject: claims.authSubject, email: claims.email, name: claims.name, locale: claims.locale })
    .onConflictDoUpdate({
      target: users.authSubject,
      // The provider owns e-mail and name; a locale chosen in Kontor wins over the provider's.
      set: {
        email: claims.email,
        name: claims.name,
        locale: sql`coalesce(${users.locale}, excluded.locale)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: users.id, currentOrganizationId: users.currentOrganizationId });
  if (!row) throw new Error('user upsert returned nothing');
  return row;
}

export async function isMember(tx: Tx, userId: string, organizationId: string): Promise<boolean> {
  const rows = await tx
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)))
    .limit(1);
  return rows.length > 0;
}

/** The organisation a user lands in: the last one used while still a member, else the oldest membership. */
export async function pickLandingOrganization(tx: Tx, userId: string, preferred: string | null): Promise<string | null> {
  if (preferred && (await isMember(tx, userId, preferred))) return preferred;
  const [first] = await tx
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return first?.organizationId ?? null;
}

export async function setCurrentOrganization(tx: Tx, userId: string, organizationId: string): Promise<void> {
  await tx
    .update(users)
    .set({ currentOrganizationId: organizationId, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function listMembershipsOfUser(tx: Tx, userId: string) {
  return tx
    .select({ id: organizations.id, slug: organizations.slug, name: organizations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(readerOrder(organizations.name), asc(organizations.id));
}

export async function setUserLocale(tx: Tx, userId: string, locale: string): Promise<void> {
  await tx
    .update(users)
    .set({ locale, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
