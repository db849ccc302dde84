import { eq } from 'drizzle-orm';
import {
  FOUR_EYES_ERROR_CODES,
  fourEyesConflicts,
  fourEyesRefusal,
  type ApprovalRequestState,
  type FourEyesConflict,
} from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { organizations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ApprovalEntity } from './approval-entity';
import type { RequestRow } from './request-repo';

/** What a decision is about: the entity and who made it (an invoice's uploader, a run's creator). */
export interface DecidedEntity extends ApprovalEntity {
  creatorId: string | null;
}

/** Whether the organisation holds its approvals to the four-eyes principle (issue 59 item 4). */
export async function isFourEyesOn(tx: Tx, orgId: OrgId): Promise<boolean> {
  const [row] = await tx
    .select({ fourEyesApproval: organizations.fourEyesApproval })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1);
  return row?.fourEyesApproval ?? true;
}

/** Who may not give the final approval of the entity under its open request (none while off). */
export async function findFourEyesConflicts(
  tx: Tx,
  orgId: OrgId,
  entity: DecidedEntity,
  request: Pick<RequestRow, 'requestedBy'>,
): Promise<FourEyesConflict[]> {
  return fourEyesConflicts({
    isOn: await isFourEyesOn(tx, orgId),
    entityType: entity.type,
    creatorId: entity.creatorId,
    requesterId: request.requestedBy,
  });
}

/**
 * Refuses the approval that would approve the request when the approver uploaded, requested or
 * created what it approves. The caller has the engine's state before this decision.
 */
export async function enforceFourEyes(
  tx: Tx,
  orgId: OrgId,
  entity: DecidedEntity,
  request: RequestRow,
  state: ApprovalRequestState,
  approverId: string,
): Promise<void> {
  const reason = fourEyesRefusal(state, await findFourEyesConflicts(tx, orgId, entity, request), approverId);
  if (reason) throw new AppError(FOUR_EYES_ERROR_CODES[reason]);
}
