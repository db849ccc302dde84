import { supersedeExecutiveOutcome } from '@kontor/domain';
import type { OrgId, Tx } from '../../../db/database';
import { writeActivity, type Actor } from '../../activity-log/writer';
import { updateVerificationOutcome, type ExecutiveVerificationRow } from './repo';

/** A step of an executive verification in the counterparty's history, as field changes (listed readably there). */
export async function logExecutiveStep(
  tx: Tx,
  orgId: OrgId,
  actor: Actor,
  counterpartyId: string,
  changes: Record<string, unknown>,
): Promise<void> {
  await writeActivity(tx, orgId, { entityType: 'counterparty', entityId: counterpartyId, action: 'update', actor, changes });
}

/**
 * Closes open requests made for an IBAN their bank account no longer has (edited, or the account
 * removed): nobody may approve an IBAN the account does not have, and the account can be
 * verified again. The system's step, logged like the others; closed requests are left alone.
 */
export async function supersedeExecutiveVerifications(
  tx: Tx,
  orgId: OrgId,
  rows: readonly ExecutiveVerificationRow[],
  now: Date,
): Promise<void> {
  for (const row of rows) {
    const outcome = supersedeExecutiveOutcome(row.outcome);
    if (!outcome) continue;
    await updateVerificationOutcome(tx, orgId, row, outcome, now);
    await logExecutiveStep(tx, orgId, { type: 'system' }, row.counterpartyId, {
      executiveVerification: { from: row.outcome, to: outcome },
      executiveVerificationIban: { from: null, to: row.iban },
    });
  }
}
