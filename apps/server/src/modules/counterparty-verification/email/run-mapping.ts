import {
  nextVerificationState,
  type EmailVerificationRun,
  type EmailVerificationState,
  type EmailVerificationStatus,
} from '@kontor/domain';
import type { OrgId, Tx } from '../../../db/database';
import { writeActivity, type Actor } from '../../activity-log/writer';
import { updateRun, type EmailVerificationRow, type EmailVerificationRowWithRequester } from './repo';

/** The row as the domain's state machine sees it. */
export function stateOf(row: EmailVerificationRow): EmailVerificationState {
  if (row.status === 'not_started') return { status: 'not_started' };
  if (row.status === 'completed') {
    return { status: 'completed', iban: row.iban, submittedIban: row.submittedIban ?? '', result: row.result ?? 'mismatch' };
  }
  return { status: row.status, iban: row.iban };
}

export function toRun(row: EmailVerificationRowWithRequester): EmailVerificationRun {
  return {
    id: row.id,
    counterpartyId: row.counterpartyId,
    bankAccountId: row.bankAccountId,
    iban: row.iban,
    email: row.email,
    status: row.status,
    result: row.result ?? null,
    submittedIban: row.submittedIban,
    tokenExpiresAt: row.tokenExpiresAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    requestedBy: row.requestedBy ? { id: row.requestedBy, name: row.requestedByName ?? '' } : null,
  };
}

/**
 * One entry in the counterparty's history per step of a run (ARCHITECTURE §3.7), as a field
 * change so the history lists it like any other: the status, and on completion the result and
 * the IBAN the counterparty typed (a mismatch must stay traceable after the run is superseded).
 */
export async function logRunStep(
  tx: Tx,
  orgId: OrgId,
  actor: Actor,
  run: EmailVerificationRow,
  from: EmailVerificationStatus,
): Promise<void> {
  const changes: Record<string, unknown> = {
    emailVerification: { from, to: run.status },
    emailVerificationIban: { from: null, to: run.iban },
  };
  if (run.status === 'completed') {
    changes.emailVerificationResult = { from: null, to: run.result };
    changes.emailVerificationSubmittedIban = { from: null, to: run.submittedIban };
  }
  await writeActivity(tx, orgId, {
    entityType: 'counterparty',
    entityId: run.counterpartyId,
    action: 'update',
    actor,
    changes,
  });
}

/**
 * A run in flight for an IBAN or address that is no longer the one to verify (a new run replaces
 * it, or the account's IBAN changed): its link must not confirm the old IBAN, so it ends as
 * not_received now, logged as the system's step. A run that is no longer in flight is left as it is.
 */
export async function supersedeRun(tx: Tx, orgId: OrgId, run: EmailVerificationRow, now: Date): Promise<void> {
  if (!nextVerificationState(stateOf(run), { type: 'expire' })) return;
  const expired = await updateRun(tx, orgId, run.id, { status: 'not_received', tokenExpiresAt: now });
  await logRunStep(tx, orgId, { type: 'system' }, expired, run.status);
}
