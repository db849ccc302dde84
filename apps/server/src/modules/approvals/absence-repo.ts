import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AbsenceWithSubstitute, ApprovalAbsence, ApprovalAbsenceBody } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { readerOrder } from '../../db/reader-text';
import { approvalAbsences, users } from '../../db/schema';

const absentUser = alias(users, 'absent_user');
const substituteUser = alias(users, 'substitute_user');
const displayName = (name: string | null, email: string) => name || email;

/** The absences that end today or later, by start, with the names the screens show. */
export async function listAbsences(tx: Tx, orgId: OrgId, today: string, userId?: string): Promise<ApprovalAbsence[]> {
  const rows = await tx
    .select({
      absence: approvalAbsences,
      userName: absentUser.name,
      userEmail: absentUser.email,
      substituteName: substituteUser.name,
      substituteEmail: substituteUser.email,
    })
    .from(approvalAbsences)
    .innerJoin(absentUser, eq(absentUser.id, approvalAbsences.userId))
    .innerJoin(substituteUser, eq(substituteUser.id, approvalAbsences.substituteId))
    .where(
      and(
        eq(approvalAbsences.organizationId, orgId),
        gte(approvalAbsences.endsOn, today),
        userId ? eq(approvalAbsences.userId, userId) : undefined,
      ),
    )
    .orderBy(asc(approvalAbsences.startsOn), readerOrder(absentUser.name), asc(approvalAbsences.userId));
  return rows.map(({ absence, userName, userEmail, substituteName, substituteEmail }) => ({
    userId: absence.userId,
    userName: displayName(userName, userEmail),
    startsOn: absence.startsOn,
    endsOn: absence.endsOn,
    substituteId: absence.substituteId,
    substituteName: displayName(substituteName, substituteEmail),
    note: absence.note,
    isActive: absence.startsOn <= today,
  }));
}

/** The absences that include `day`, by member: what presentSubstitute follows. */
export async function findAbsencesOn(tx: Tx, orgId: OrgId, day: string): Promise<Map<string, AbsenceWithSubstitute>> {
  const rows = await tx
    .select({
      userId: approvalAbsences.userId,
      substituteId: approvalAbsences.substituteId,
      startsOn: approvalAbsences.startsOn,
      endsOn: approvalAbsences.endsOn,
    })
    .from(approvalAbsences)
    .where(
      and(eq(approvalAbsences.organizationId, orgId), lte(approvalAbsences.startsOn, day), gte(approvalAbsences.endsOn, day)),
    );
  return new Map(rows.map((row) => [row.userId, row]));
}

/** Enters or replaces the member's absence (one per member). */
export async function upsertAbsence(tx: Tx, orgId: OrgId, userId: string, body: ApprovalAbsenceBody, updatedBy: string) {
  const values = {
    startsOn: body.startsOn,
    endsOn: body.endsOn,
    substituteId: body.substituteId,
    note: body.note || null,
    updatedBy,
    updatedAt: sql`now()`,
  };
  await tx
    .insert(approvalAbsences)
    .values({ organizationId: orgId, userId, ...values })
    .onConflictDoUpdate({ target: [approvalAbsences.organizationId, approvalAbsences.userId], set: values });
}

/** Removes the member's absence; false if there was none. */
export async function deleteAbsence(tx: Tx, orgId: OrgId, userId: string): Promise<boolean> {
  const removed = await tx
    .delete(approvalAbsences)
    .where(and(eq(approvalAbsences.organizationId, orgId), eq(approvalAbsences.userId, userId)))
    .returning({ userId: approvalAbsences.userId });
  return removed.length > 0;
}
