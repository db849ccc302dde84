import { resetApproval } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { writeActivity, type Actor } from '../activity-log/writer';
import { entityInChanges, type ApprovalEntity } from './approval-entity';
import { findCurrentRequest, stateOf, syncDerivedState, updateRequest, type RequestRow } from './request-repo';

/** Why a request was reset: by hand, or because the invoice changed under it (SPEC §4). */
export type ResetCause = 'reset' | 'edit' | 'cancel' | 'archive';

/**
 * Closes the entity's current request as reset (SPEC §4: a reset removes all approvals): its
 * decisions stay as history, nobody waits for it any more. `statuses` limits which requests are
 * closed (an edit or a cancel only closes pending and approved ones). Returns the closed request.
 */
export async function resetCurrentRequest(
  tx: Tx,
  orgId: OrgId,
  entity: ApprovalEntity,
  actor: Actor,
  cause: ResetCause,
  statuses: readonly RequestRow['status'][] = ['pending', 'approved', 'rejected'],
): Promise<RequestRow | null> {
  const request = await findCurrentRequest(tx, orgId, entity.type, entity.id);
  if (!request || !statuses.includes(request.status)) return null;
  // The engine's transition table decides (on the status alone); a request it cannot reset stays.
  if (!resetApproval(stateOf(request, []))) return null;
  await updateRequest(tx, orgId, request.id, {
    status: 'reset',
    reset: true,
    resetBy: actor.type === 'user' ? actor.id : null,
  });
  await syncDerivedState(tx, orgId, request.id);
  await writeActivity(tx, orgId, {
    entityType: 'approval_request',
    entityId: request.id,
    action: 'reset',
    actor,
    changes: { ...entityInChanges(entity), status: { from: request.status, to: 'reset' }, cause },
  });
  return request;
}
