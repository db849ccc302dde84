import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { approvalItems } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { entityInChanges, type ApprovalEntity } from './approval-entity';
import { actorOf } from './context';
import { listMembers, type MemberDisplay } from './flow-repo';
import { listItems, type RequestRow } from './request-repo';

export interface ApprovalHandover {
  fromApproverId: string;
  toApproverId: string;
  note?: string | undefined;
}

/**
 * Hands one open approval of the request's current step to another member (the approver is away,
 * or cannot judge the record): the item keeps its step and place, only its approver changes, so
 * the step's required count and the decisions already made stand. An approver may hand on their
 * own approval; `mayHandOnOthers` (managers) any. The caller has locked the entity and found its
 * open request; it tells the new approver (their step is open).
 */
export async function reassignApproval(
  tx: Tx,
  org: OrgContext,
  entity: ApprovalEntity,
  request: RequestRow,
  handover: ApprovalHandover,
  mayHandOnOthers: boolean,
): Promise<{ newApprover: MemberDisplay }> {
  const { fromApproverId, toApproverId, note } = handover;
  if (fromApproverId !== org.userId && !mayHandOnOthers) throw new AppError('approval_reassign_forbidden');
  const step = request.currentStep;
  const stepItems = (await listItems(tx, org.orgId, request.id)).filter((item) => item.step === step);
  const item = stepItems.find((candidate) => candidate.approverId === fromApproverId && candidate.decision === 'pending');
  if (!item) throw new AppError('approval_item_not_pending');
  if (stepItems.some((candidate) => candidate.approverId === toApproverId)) throw new AppError('approval_new_approver_invalid');
  const members = await listMembers(tx, org.orgId, [fromApproverId, toApproverId]);
  const newApprover = members.find((member) => member.userId === toApproverId);
  if (!newApprover) throw new AppError('approval_new_approver_invalid');
  const previousName = members.find((member) => member.userId === fromApproverId)?.name ?? null;

  const [moved] = await tx
    .update(approvalItems)
    .set({ approverId: toApproverId, standsInFor: null })
    .where(and(eq(approvalItems.organizationId, org.orgId), eq(approvalItems.id, item.id), eq(approvalItems.decision, 'pending')))
    .returning({ id: approvalItems.id });
  if (!moved) throw new AppError('approval_item_not_pending');
  await writeActivity(tx, org.orgId, {
    entityType: 'approval_item',
    entityId: item.id,
    action: 'update',
    actor: actorOf(org),
    changes: {
      ...entityInChanges(entity),
      requestId: request.id,
      step,
      // The names as the history shows them; the ids plain, so that it does not list them as fields.
      approver: { from: previousName, to: newApprover.name },
      fromApproverId,
      toApproverId,
      ...(note ? { note } : {}),
    },
  });
  return { newApprover };
}
