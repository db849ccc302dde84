import { and, asc, eq, sql } from 'drizzle-orm';
import type { NotificationOption, Permission, Role, TeamMember } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { memberships, users } from '../../db/schema';
import { readerOrder } from '../../db/reader-text';

export type MemberRow = TeamMember;

const MEMBER_COLUMNS = {
  userId: memberships.userId,
  name: users.name,
  email: users.email,
  role: memberships.role,
  permissions: memberships.permissions,
  joinedAt: sql<string>`to_char(${memberships.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  notificationOptions: memberships.notificationOptions,
  version: memberships.version,
};

/** The organisation's members, by name (then e-mail) as a reader sorts them. */
export async function listMembers(tx: Tx, orgId: OrgId): Promise<MemberRow[]> {
  const rows = await tx
    .select(MEMBER_COLUMNS)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, orgId))
    .orderBy(readerOrder(sql`coalesce(nullif(${users.name}, ''), ${users.email})`), asc(users.email));
  return rows.map(toMember);
}

export async function readMember(tx: Tx, orgId: OrgId, userId: string, lock = false): Promise<MemberRow | null> {
  const query = tx
    .select(MEMBER_COLUMNS)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, userId)));
  const [row] = lock ? await query.for('update', { of: memberships }) : await query;
  return row ? toMember(row) : null;
}

function toMember(
  row: { role: string; permissions: string[]; notificationOptions: string[] } & Omit<
    MemberRow,
    'role' | 'permissions' | 'notificationOptions'
  >,
): MemberRow {
  return {
    ...row,
    role: row.role as Role,
    permissions: row.permissions as Permission[],
    notificationOptions: row.notificationOptions as NotificationOption[],
  };
}

/**
 * How many admins the organisation has, with their rows locked: two people demoting or removing
 * the last two admins at the same time wait for each other, and the second sees one admin left.
 */
export async function lockAdminCount(tx: Tx, orgId: OrgId): Promise<number> {
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.role, 'admin')))
    .orderBy(memberships.userId)
    .for('update');
  return rows.length;
}

export async function updateMemberRole(
  tx: Tx,
  orgId: OrgId,
  userId: string,
  version: number,
  change: { role: Role; permissions: Permission[] },
): Promise<boolean> {
  const updated = await tx
    .update(memberships)
    .set({ ...change, version: sql`${memberships.version} + 1` })
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, userId), eq(memberships.version, version)))
    .returning({ userId: memberships.userId });
  return updated.length > 0;
}

/** `version` null: whatever the row is now (the caller holds its lock). */
export async function deleteMember(tx: Tx, orgId: OrgId, userId: string, version: number | null): Promise<boolean> {
  const deleted = await tx
    .delete(memberships)
    .where(
      and(
        eq(memberships.organizationId, orgId),
        eq(memberships.userId, userId),
        version === null ? undefined : eq(memberships.version, version),
      ),
    )
    .returning({ userId: memberships.userId });
  return deleted.length > 0;
}

/** Where the member still approves: flows naming them in a step, and approvals waiting for them. */
export async function approverDuties(tx: Tx, orgId: OrgId, userId: string): Promise<{ flows: number; waiting: number }> {
  const result = await tx.execute<{ flows: number; waiting: number }>(sql`
    select (select count(*)::int from approval_flows f
             where f.organization_id = ${orgId}
               and exists (select 1 from jsonb_array_elements(f.steps) step
                            where step->'approverIds' ? ${userId})) as flows,
           (select count(*)::int from approval_items i
             where i.organization_id = ${orgId} and i.approver_id = ${userId} and i.is_waiting) as waiting`);
  return result.rows[0] ?? { flows: 0, waiting: 0 };
}

/** Members plus pending, unexpired invitations: what the plan's user limit counts. */
export async function countSeats(tx: Tx, orgId: OrgId): Promise<number> {
  const result = await tx.execute<{ seats: number }>(sql`
    select (select count(*)::int from memberships m where m.organization_id = ${orgId})
         + (select count(*)::int from invitations i
             where i.organization_id = ${orgId} and i.status = 'pending' and i.expires_at > now()) as seats`);
  return result.rows[0]?.seats ?? 0;
}

/** Whether an address is already a member's (users are global; the membership is the organisation's). */
export async function isMemberAddress(tx: Tx, orgId: OrgId, email: string): Promise<boolean> {
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return rows.length > 0;
}

export async function setNotificationOptions(tx: Tx, orgId: OrgId, userId: string, options: NotificationOption[]): Promise<void> {
  await tx
    .update(memberships)
    .set({ notificationOptions: options })
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, userId)));
}
