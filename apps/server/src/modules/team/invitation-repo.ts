import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { invitationStatusAt, type Invitation, type Permission, type Role } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { invitations, organizations, users } from '../../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;

export function toInvitation(row: InvitationRow, inviter: { id: string; name: string } | null, now = new Date()): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    permissions: row.permissions,
    status: invitationStatusAt(row.status, row.expiresAt, now),
    invitedBy: inviter,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    version: row.version,
  };
}

/** Open, revoked and expired invitations, newest first; accepted ones are members now. */
export async function listInvitations(tx: Tx, orgId: OrgId): Promise<Invitation[]> {
  const rows = await tx
    .select({ invitation: invitations, inviterName: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})` })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.organizationId, orgId), ne(invitations.status, 'accepted')))
    .orderBy(desc(invitations.createdAt));
  const now = new Date();
  return rows.map(({ invitation, inviterName }) =>
    toInvitation(invitation, invitation.invitedBy && inviterName ? { id: invitation.invitedBy, name: inviterName } : null, now),
  );
}

export async function readInvitation(tx: Tx, orgId: OrgId, id: string, lock = false): Promise<InvitationRow | null> {
  const query = tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, orgId), eq(invitations.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function readInviterName(tx: Tx, userId: string | null): Promise<{ id: string; name: string } | null> {
  if (!userId) return null;
  const [row] = await tx
    .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})` })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The pending invitation of an address, if there is one (expired ones included: they still hold the address). */
export async function findPendingInvitation(tx: Tx, orgId: OrgId, email: string): Promise<InvitationRow | null> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, orgId), eq(invitations.email, email), eq(invitations.status, 'pending')))
    .for('update');
  return row ?? null;
}

export async function insertInvitation(
  tx: Tx,
  values: {
    organizationId: OrgId;
    email: string;
    role: Role;
    permissions: Permission[];
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  const [row] = await tx.insert(invitations).values(values).returning();
  return row!;
}

export async function updateInvitation(
  tx: Tx,
  orgId: OrgId,
  id: string,
  version: number,
  change: Partial<
    Pick<InvitationRow, 'status' | 'tokenHash' | 'expiresAt' | 'revokedAt' | 'acceptedAt' | 'acceptedBy' | 'mailId' | 'invitedBy'>
  >,
): Promise<InvitationRow | null> {
  const [row] = await tx
    .update(invitations)
    .set({ ...change, version: sql`${invitations.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(invitations.organizationId, orgId), eq(invitations.id, id), eq(invitations.version, version)))
    .returning();
  return row ?? null;
}

/** The invitation a link names, with its organisation, read before any organisation is chosen (system connection). */
export async function findInvitationByToken(
  tx: Tx,
  tokenHash: string,
  lock = false,
): Promise<{ invitation: InvitationRow; organizationName: string; organizationSlug: string } | null> {
  const query = tx
    .select({ invitation: invitations, organizationName: organizations.name, organizationSlug: organizations.slug })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(eq(invitations.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update', { of: invitations }) : await query;
  return row ?? null;
}

export async function readOrganizationName(tx: Tx, orgId: OrgId): Promise<string> {
  const [row] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId));
  return row?.name ?? '';
}
