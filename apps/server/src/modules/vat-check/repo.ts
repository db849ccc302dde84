import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { VatCheckState } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { counterparties } from '../../db/schema';

export interface VatCheckRow {
  id: string;
  vatNumber: string | null;
  vatCheck: VatCheckState | null;
}

/** The counterparty's VAT number and check state; locked when a change follows. */
export async function findVatCheckRow(tx: Tx, orgId: OrgId, counterpartyId: string, lock = false): Promise<VatCheckRow | null> {
  const query = tx
    .select({ id: counterparties.id, vatNumber: counterparties.vatNumber, vatCheck: counterparties.vatCheck })
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.id, counterpartyId)))
    .limit(1);
  const [row] = lock ? await query.for('no key update') : await query;
  return row ?? null;
}

/**
 * Writes the check state only: no version bump, because the check is the server's work, not an
 * edit; a user editing the counterparty meanwhile must not get a 409 for it.
 */
export async function writeVatCheckState(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
  state: VatCheckState | null,
): Promise<void> {
  await tx
    .update(counterparties)
    .set({ vatCheck: state })
    .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.id, counterpartyId)));
}

export interface StrandedVatCheck {
  organizationId: string;
  id: string;
  vatNumber: string;
  vatCheck: VatCheckState;
}

/**
 * Checks across all organisations (withSystem) that should have been asked long ago: pending
 * since before `before`, or failed with a retry due before it. Their job was lost: queued after
 * the commit, a failed send or a crash in between leaves the state with nobody to act on it.
 */
export async function findStrandedVatChecks(tx: Tx, before: Date, limit: number): Promise<StrandedVatCheck[]> {
  const rows = await tx
    .select({
      organizationId: counterparties.organizationId,
      id: counterparties.id,
      vatNumber: counterparties.vatNumber,
      vatCheck: counterparties.vatCheck,
    })
    .from(counterparties)
    .where(
      and(
        isNotNull(counterparties.vatNumber),
        or(
          sql`${counterparties.vatCheck}->>'status' = 'pending' and (${counterparties.vatCheck}->>'requestedAt')::timestamptz < ${before.toISOString()}::timestamptz`,
          sql`${counterparties.vatCheck}->>'status' = 'failed' and (${counterparties.vatCheck}->>'nextRetryAt')::timestamptz < ${before.toISOString()}::timestamptz`,
        ),
      ),
    )
    .limit(limit);
  return rows.flatMap((row) =>
    row.vatNumber && row.vatCheck ? [{ ...row, vatNumber: row.vatNumber, vatCheck: row.vatCheck }] : [],
  );
}
