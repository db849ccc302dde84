import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { EMAIL_VERIFICATION_IN_FLIGHT } from '@kontor/domain';
import { asOrgId, type Database, type OrgId, type Tx } from '../../../db/database';
import { counterpartyEmailVerifications, mailOutbox, organizations, users } from '../../../db/schema';

export type EmailVerificationRow = typeof counterpartyEmailVerifications.$inferSelect;
export type EmailVerificationRowWithRequester = EmailVerificationRow & { requestedByName: string | null };
type RunValues = Omit<typeof counterpartyEmailVerifications.$inferInsert, 'organizationId' | 'id' | 'version'>;
type RunChanges = Partial<Omit<RunValues, 'counterpartyId' | 'createdAt' | 'updatedAt'>>;

const IN_FLIGHT = [...EMAIL_VERIFICATION_IN_FLIGHT];

/**
 * System query (no tenant yet): the run a public link's token names, through the security-definer
 * function of migration 0019 that answers only (organization_id, id) for one exact hash.
 */
export async function findRunByTokenHash(database: Database, tokenHash: string): Promise<{ orgId: OrgId; id: string } | null> {
  const result = await database.withSystem((tx) =>
    tx.execute<{ organization_id: string; id: string }>(sql`select * from find_email_verification_by_token(${tokenHash})`),
  );
  const row = result.rows[0];
  return row ? { orgId: asOrgId(row.organization_id), id: row.id } : null;
}

export async function findOrganizationName(tx: Tx, orgId: OrgId): Promise<string> {
  const [row] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId)).limit(1);
  return row?.name ?? '';
}

/** The bank account's run that still waits for the counterparty, locked for the resend that follows. */
export async function findInFlightRunForUpdate(
  tx: Tx,
  orgId: OrgId,
  bankAccountId: string,
): Promise<EmailVerificationRow | null> {
  const [row] = await tx
    .select()
    .from(counterpartyEmailVerifications)
    .where(
      and(
        eq(counterpartyEmailVerifications.organizationId, orgId),
        eq(counterpartyEmailVerifications.bankAccountId, bankAccountId),
        inArray(counterpartyEmailVerifications.status, IN_FLIGHT),
      ),
    )
    .orderBy(desc(counterpartyEmailVerifications.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The run whose current invitation is this outbox mail (a resend points the run at a new one), locked. */
export async function findRunOfMailForUpdate(tx: Tx, orgId: OrgId, mailId: string): Promise<EmailVerificationRow | null> {
  const [row] = await tx
    .select()
    .from(counterpartyEmailVerifications)
    .where(and(eq(counterpartyEmailVerifications.organizationId, orgId), eq(counterpartyEmailVerifications.mailId, mailId)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Every run of these bank accounts that still waits for the counterparty, locked for the change that follows. */
export async function listInFlightRunsForUpdate(
  tx: Tx,
  orgId: OrgId,
  bankAccountIds: readonly string[],
): Promise<EmailVerificationRow[]> {
  if (bankAccountIds.length === 0) return [];
  return tx
    .select()
    .from(counterpartyEmailVerifications)
    .where(
      and(
        eq(counterpartyEmailVerifications.organizationId, orgId),
        inArray(counterpartyEmailVerifications.bankAccountId, [...bankAccountIds]),
        inArray(counterpartyEmailVerifications.status, IN_FLIGHT),
      ),
    )
    .orderBy(counterpartyEmailVerifications.createdAt, counterpartyEmailVerifications.id)
    .for('update');
}

export async function findRunForUpdate(tx: Tx, orgId: OrgId, id: string): Promise<EmailVerificationRow | null> {
  const [row] = await tx
    .select()
    .from(counterpartyEmailVerifications)
    .where(and(eq(counterpartyEmailVerifications.organizationId, orgId), eq(counterpartyEmailVerifications.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function insertRun(tx: Tx, orgId: OrgId, values: RunValues): Promise<EmailVerificationRow> {
  const [row] = await tx
    .insert(counterpartyEmailVerifications)
    .values({ ...values, organizationId: orgId })
    .returning();
  if (!row) throw new Error('counterparty_email_verifications insert returned nothing');
  return row;
}

export async function updateRun(tx: Tx, orgId: OrgId, id: string, changes: RunChanges): Promise<EmailVerificationRow> {
  const [row] = await tx
    .update(counterpartyEmailVerifications)
    .set({ ...changes, version: sql`${counterpartyEmailVerifications.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(counterpartyEmailVerifications.organizationId, orgId), eq(counterpartyEmailVerifications.id, id)))
    .returning();
  if (!row) throw new Error('counterparty_email_verifications update found no row');
  return row;
}

/**
 * In-flight runs that can no longer be answered, locked: the link expired, or the outbox gave up
 * delivering the invitation (mail_outbox status 'failed'). Checked before every read and write
 * of a counterparty's runs, so no sweep job is needed and a late page view cannot revive one.
 */
export async function findStaleInFlightRunsForUpdate(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
  now: Date,
): Promise<(EmailVerificationRow & { isUndeliverable: boolean })[]> {
  const undeliverable = sql<boolean>`exists (select 1 from ${mailOutbox} where ${mailOutbox.organizationId} = ${orgId} and ${mailOutbox.id} = ${counterpartyEmailVerifications.mailId} and ${mailOutbox.status} = 'failed')`;
  const rows = await tx
    .select({ run: counterpartyEmailVerifications, isUndeliverable: undeliverable })
    .from(counterpartyEmailVerifications)
    .where(
      and(
        eq(counterpartyEmailVerifications.organizationId, orgId),
        eq(counterpartyEmailVerifications.counterpartyId, counterpartyId),
        inArray(counterpartyEmailVerifications.status, IN_FLIGHT),
        or(lte(counterpartyEmailVerifications.tokenExpiresAt, now), undeliverable),
      ),
    )
    .for('update', { of: counterpartyEmailVerifications });
  return rows.map(({ run, isUndeliverable }) => ({ ...run, isUndeliverable }));
}

/**
 * System query (withSystem, every organisation): counterparties with a run in flight whose link
 * ran out or whose invitation the outbox gave up on, which expireOverdue then closes. Without it
 * they would read "pending" in the list until someone opened their detail page.
 */
export async function findCounterpartiesWithStaleRuns(
  tx: Tx,
  now: Date,
  limit: number,
): Promise<{ organizationId: string; counterpartyId: string }[]> {
  const undeliverable = sql<boolean>`exists (select 1 from ${mailOutbox} where ${mailOutbox.organizationId} = ${counterpartyEmailVerifications.organizationId} and ${mailOutbox.id} = ${counterpartyEmailVerifications.mailId} and ${mailOutbox.status} = 'failed')`;
  return tx
    .selectDistinct({
      organizationId: counterpartyEmailVerifications.organizationId,
      counterpartyId: counterpartyEmailVerifications.counterpartyId,
    })
    .from(counterpartyEmailVerifications)
    .where(
      and(
        inArray(counterpartyEmailVerifications.status, IN_FLIGHT),
        or(lte(counterpartyEmailVerifications.tokenExpiresAt, now), undeliverable),
      ),
    )
    .limit(limit);
}

/** The counterparty's runs, newest first, with the requesting user's name. */
export async function listRuns(tx: Tx, orgId: OrgId, counterpartyId: string): Promise<EmailVerificationRowWithRequester[]> {
  const rows = await tx
    .select({ run: counterpartyEmailVerifications, requesterName: users.name, requesterEmail: users.email })
    .from(counterpartyEmailVerifications)
    .leftJoin(users, eq(users.id, counterpartyEmailVerifications.requestedBy))
    .where(
      and(
        eq(counterpartyEmailVerifications.organizationId, orgId),
        eq(counterpartyEmailVerifications.counterpartyId, counterpartyId),
      ),
    )
    .orderBy(desc(counterpartyEmailVerifications.createdAt), desc(counterpartyEmailVerifications.id))
    // A counterparty's run history is short; this only bounds a pathological one.
    .limit(200);
  return rows.map(({ run, requesterName, requesterEmail }) => ({
    ...run,
    requestedByName: requesterName || requesterEmail || null,
  }));
}
