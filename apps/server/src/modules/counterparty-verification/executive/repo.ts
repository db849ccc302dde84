import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ExecutiveDecision, ExecutiveVerificationOutcome, RequiredVerifiersPolicy } from '@kontor/domain';
import type { OrgId, Tx } from '../../../db/database';
import {
  counterparties,
  counterpartyExecutiveVerifications,
  counterpartyExecutiveVerifiers,
  organizations,
  users,
} from '../../../db/schema';
import { readerOrder } from '../../../db/reader-text';

export type ExecutiveVerificationRow = typeof counterpartyExecutiveVerifications.$inferSelect;

export interface VerifierRow {
  verificationId: string;
  userId: string;
  name: string;
  email: string;
  locale: string | null;
  decision: ExecutiveDecision;
  decidedAt: Date | null;
}

const displayName = (row: { name: string | null; email: string | null }): string => row.name || row.email || '';

export async function findRequiredVerifiersPolicy(tx: Tx, orgId: OrgId): Promise<RequiredVerifiersPolicy> {
  const [row] = await tx
    .select({ policy: organizations.requiredVerifiers })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1);
  return row?.policy ?? 'one';
}

export async function insertExecutiveVerification(
  tx: Tx,
  orgId: OrgId,
  values: { counterpartyId: string; bankAccountId: string; iban: string; requiredApprovals: number; requestedBy: string },
  verifierIds: readonly string[],
): Promise<ExecutiveVerificationRow> {
  const [row] = await tx
    .insert(counterpartyExecutiveVerifications)
    .values({ ...values, organizationId: orgId })
    .returning();
  if (!row) throw new Error('executive verification insert returned nothing');
  await tx
    .insert(counterpartyExecutiveVerifiers)
    .values(verifierIds.map((userId) => ({ organizationId: orgId, verificationId: row.id, userId })));
  return row;
}

/**
 * The requests of these bank accounts still waiting for their verifiers, whatever IBAN they were
 * made for, locked: the caller closes those whose IBAN is no longer the account's (a decision
 * under way finishes first, and a request it decided is no longer open).
 */
export async function listOpenVerificationsForUpdate(
  tx: Tx,
  orgId: OrgId,
  bankAccountIds: readonly string[],
): Promise<ExecutiveVerificationRow[]> {
  if (bankAccountIds.length === 0) return [];
  return tx
    .select()
    .from(counterpartyExecutiveVerifications)
    .where(
      and(
        eq(counterpartyExecutiveVerifications.organizationId, orgId),
        inArray(counterpartyExecutiveVerifications.bankAccountId, [...bankAccountIds]),
        eq(counterpartyExecutiveVerifications.outcome, 'pending'),
      ),
    )
    .orderBy(asc(counterpartyExecutiveVerifications.createdAt), asc(counterpartyExecutiveVerifications.id))
    .for('update');
}

/** The verification, locked (FOR UPDATE) so concurrent decisions see each other's votes and compute one outcome. */
export async function lockExecutiveVerification(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
  verificationId: string,
): Promise<ExecutiveVerificationRow | null> {
  const [row] = await tx
    .select()
    .from(counterpartyExecutiveVerifications)
    .where(
      and(
        eq(counterpartyExecutiveVerifications.organizationId, orgId),
        eq(counterpartyExecutiveVerifications.counterpartyId, counterpartyId),
        eq(counterpartyExecutiveVerifications.id, verificationId),
      ),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function listExecutiveVerificationRows(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
): Promise<(ExecutiveVerificationRow & { requestedByName: string | null })[]> {
  const rows = await tx
    .select({ verification: counterpartyExecutiveVerifications, name: users.name, email: users.email })
    .from(counterpartyExecutiveVerifications)
    .leftJoin(users, eq(users.id, counterpartyExecutiveVerifications.requestedBy))
    .where(
      and(
        eq(counterpartyExecutiveVerifications.organizationId, orgId),
        eq(counterpartyExecutiveVerifications.counterpartyId, counterpartyId),
      ),
    )
    .orderBy(desc(counterpartyExecutiveVerifications.createdAt), desc(counterpartyExecutiveVerifications.id));
  return rows.map((row) => ({
    ...row.verification,
    requestedByName: row.verification.requestedBy ? displayName(row) : null,
  }));
}

export async function listVerifierRows(tx: Tx, orgId: OrgId, verificationIds: readonly string[]): Promise<VerifierRow[]> {
  if (verificationIds.length === 0) return [];
  const rows = await tx
    .select({
      verificationId: counterpartyExecutiveVerifiers.verificationId,
      userId: counterpartyExecutiveVerifiers.userId,
      name: users.name,
      email: users.email,
      locale: users.locale,
      decision: counterpartyExecutiveVerifiers.decision,
      decidedAt: counterpartyExecutiveVerifiers.decidedAt,
    })
    .from(counterpartyExecutiveVerifiers)
    .leftJoin(users, eq(users.id, counterpartyExecutiveVerifiers.userId))
    .where(
      and(
        eq(counterpartyExecutiveVerifiers.organizationId, orgId),
        inArray(counterpartyExecutiveVerifiers.verificationId, [...verificationIds]),
      ),
    )
    .orderBy(readerOrder(users.name), asc(counterpartyExecutiveVerifiers.userId));
  return rows.map((row) => ({ ...row, name: displayName(row), email: row.email ?? '' }));
}

export async function updateVerifierDecision(
  tx: Tx,
  orgId: OrgId,
  verificationId: string,
  userId: string,
  decision: ExecutiveDecision,
  decidedAt: Date,
): Promise<void> {
  await tx
    .update(counterpartyExecutiveVerifiers)
    .set({ decision, decidedAt })
    .where(
      and(
        eq(counterpartyExecutiveVerifiers.organizationId, orgId),
        eq(counterpartyExecutiveVerifiers.verificationId, verificationId),
        eq(counterpartyExecutiveVerifiers.userId, userId),
      ),
    );
}

export async function updateVerificationOutcome(
  tx: Tx,
  orgId: OrgId,
  row: ExecutiveVerificationRow,
  outcome: ExecutiveVerificationOutcome,
  decidedAt: Date | null,
): Promise<void> {
  await tx
    .update(counterpartyExecutiveVerifications)
    .set({ outcome, decidedAt, version: row.version + 1, updatedAt: new Date() })
    .where(and(eq(counterpartyExecutiveVerifications.organizationId, orgId), eq(counterpartyExecutiveVerifications.id, row.id)));
}

export interface WaitingRow {
  id: string;
  counterpartyId: string;
  counterpartyName: string;
  bankAccountId: string | null;
  iban: string;
  requiredApprovals: number;
  createdAt: Date;
  requestedBy: string | null;
  requestedByName: string | null;
}

/** Open requests where the user is a named verifier who has not decided yet, oldest first. */
export async function listWaitingForUser(tx: Tx, orgId: OrgId, userId: string): Promise<WaitingRow[]> {
  const requester = alias(users, 'requester');
  const rows = await tx
    .select({
      id: counterpartyExecutiveVerifications.id,
      counterpartyId: counterpartyExecutiveVerifications.counterpartyId,
      counterpartyName: counterparties.name,
      bankAccountId: counterpartyExecutiveVerifications.bankAccountId,
      iban: counterpartyExecutiveVerifications.iban,
      requiredApprovals: counterpartyExecutiveVerifications.requiredApprovals,
      createdAt: counterpartyExecutiveVerifications.createdAt,
      requestedBy: counterpartyExecutiveVerifications.requestedBy,
      requesterName: requester.name,
      requesterEmail: requester.email,
    })
    .from(counterpartyExecutiveVerifiers)
    .innerJoin(
      counterpartyExecutiveVerifications,
      and(
        eq(counterpartyExecutiveVerifications.organizationId, counterpartyExecutiveVerifiers.organizationId),
        eq(counterpartyExecutiveVerifications.id, counterpartyExecutiveVerifiers.verificationId),
      ),
    )
    .innerJoin(
      counterparties,
      and(
        eq(counterparties.organizationId, counterpartyExecutiveVerifications.organizationId),
        eq(counterparties.id, counterpartyExecutiveVerifications.counterpartyId),
      ),
    )
    .leftJoin(requester, eq(requester.id, counterpartyExecutiveVerifications.requestedBy))
    .where(
      and(
        eq(counterpartyExecutiveVerifiers.organizationId, orgId),
        eq(counterpartyExecutiveVerifiers.userId, userId),
        eq(counterpartyExecutiveVerifiers.decision, 'request_sent'),
        eq(counterpartyExecutiveVerifications.outcome, 'pending'),
        // Named in their own request before that was refused: not theirs to decide.
        sql`${counterpartyExecutiveVerifications.requestedBy} is distinct from ${userId}`,
      ),
    )
    .orderBy(asc(counterpartyExecutiveVerifications.createdAt), asc(counterpartyExecutiveVerifications.id));
  return rows.map(({ requesterName, requesterEmail, ...row }) => ({
    ...row,
    requestedByName: row.requestedBy ? displayName({ name: requesterName, email: requesterEmail }) : null,
  }));
}
