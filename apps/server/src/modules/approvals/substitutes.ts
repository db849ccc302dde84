import { and, eq, inArray, sql } from 'drizzle-orm';
import { presentSubstitute, type AbsenceWithSubstitute, type ApprovalFlowType } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { approvalItems } from '../../db/schema';
import { writeActivity } from '../activity-log/writer';
import { findAbsencesOn } from './absence-repo';
import { entityInChanges } from './approval-entity';
import { listMembers } from './flow-repo';
import { listItems, type RequestRow } from './request-repo';

/** An open approval that may go to a substitute. */
interface WaitingItem {
  id: string;
  requestId: string;
  step: number;
  approverId: string;
  entityType: ApprovalFlowType;
  entityId: string;
}

/** An approval that went to a substitute. */
export interface HandedOn {
  fromApproverId: string;
  toApproverId: string;
  entityType: ApprovalFlowType;
  entityId: string;
}

const stepKey = (item: { requestId: string; step: number }) => `${item.requestId}:${item.step}`;

/**
 * Moves each item whose approver is absent on `day` to the present substitute (presentSubstitute
 * follows a chain of absences). Only the approver changes, as when an approval is handed on by
 * hand: the step keeps its count and its decisions. An item stays where it is when nobody is
 * present, or when the substitute already approves in the same step (they cannot count twice).
 * `stepApprovers` holds every approver per request and step; it learns each move.
 */
async function moveToSubstitutes(
  tx: Tx,
  orgId: OrgId,
  items: readonly WaitingItem[],
  stepApprovers: Map<string, Set<string>>,
  absences: ReadonlyMap<string, AbsenceWithSubstitute>,
  day: string,
): Promise<HandedOn[]> {
  const moves: { item: WaitingItem; to: string }[] = [];
  for (const item of items) {
    const to = presentSubstitute(item.approverId, absences, day);
    const approvers = stepApprovers.get(stepKey(item)) ?? new Set<string>();
    if (to === null || approvers.has(to)) continue;
    approvers.delete(item.approverId);
    approvers.add(to);
    stepApprovers.set(stepKey(item), approvers);
    moves.push({ item, to });
  }
  if (moves.length === 0) return [];
  const names = new Map(
    (await listMembers(tx, orgId, [...new Set(moves.flatMap(({ item, to }) => [item.approverId, to]))])).map((member) => [
      member.userId,
      member.name || member.email,
    ]),
  );
  const handedOn: HandedOn[] = [];
  for (const { item, to } of moves) {
    const [moved] = await tx
      .update(approvalItems)
      // Along a chain of absences it stays the member the approval was first meant for.
      .set({ approverId: to, standsInFor: sql`coalesce(${approvalItems.standsInFor}, ${approvalItems.approverId})` })
      .where(and(eq(approvalItems.organizationId, orgId), eq(approvalItems.id, item.id), eq(approvalItems.decision, 'pending')))
      .returning({ id: approvalItems.id });
    if (!moved) continue;
    await writeActivity(tx, orgId, {
      entityType: 'approval_item',
      entityId: item.id,
      action: 'update',
      actor: { type: 'system' },
      changes: {
        ...entityInChanges({ type: item.entityType, id: item.entityId }),
        requestId: item.requestId,
        step: item.step,
        approver: { from: names.get(item.approverId) ?? null, to: names.get(to) ?? null },
        fromApproverId: item.approverId,
        toApproverId: to,
        absentUntil: absences.get(item.approverId)!.endsOn,
      },
    });
    handedOn.push({ fromApproverId: item.approverId, toApproverId: to, entityType: item.entityType, entityId: item.entityId });
  }
  return handedOn;
}

/**
 * A step just opened (a request, or the step before completed): its approvers who are absent
 * today are replaced by their substitutes before anyone is told, so the step's e-mail goes to
 * the substitutes. The caller holds the entity's lock.
 */
export async function handOnOpenedStep(
  tx: Tx,
  orgId: OrgId,
  request: RequestRow,
  step: number,
  day: string,
): Promise<HandedOn[]> {
  const absences = await findAbsencesOn(tx, orgId, day);
  if (absences.size === 0) return [];
  const stepItems = (await listItems(tx, orgId, request.id)).filter((item) => item.step === step);
  const stepApprovers = new Map([[stepKey({ requestId: request.id, step }), new Set(stepItems.map((item) => item.approverId))]]);
  const waiting = stepItems.filter((item) => item.decision === 'pending' && absences.has(item.approverId));
  return moveToSubstitutes(tx, orgId, waiting, stepApprovers, absences, day);
}

/**
 * Everything that waits on `day` for a member who is absent then (optionally only for
 * `onlyUserId`) goes to their substitute: run when an absence is saved and every morning, for
 * absences that begin later than they were entered.
 */
export async function handOnWaitingOfAbsent(tx: Tx, orgId: OrgId, day: string, onlyUserId?: string): Promise<HandedOn[]> {
  const absences = await findAbsencesOn(tx, orgId, day);
  const absentIds = [...absences.keys()].filter((userId) => !onlyUserId || userId === onlyUserId);
  if (absentIds.length === 0) return [];
  const waiting = await tx
    .select({
      id: approvalItems.id,
      requestId: approvalItems.requestId,
      step: approvalItems.step,
      approverId: approvalItems.approverId,
      entityType: approvalItems.entityType,
      entityId: approvalItems.entityId,
    })
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.organizationId, orgId),
        eq(approvalItems.isWaiting, true),
        inArray(approvalItems.approverId, absentIds),
      ),
    )
    .orderBy(approvalItems.requestId, approvalItems.id);
  if (waiting.length === 0) return [];
  const siblings = await tx
    .select({ requestId: approvalItems.requestId, step: approvalItems.step, approverId: approvalItems.approverId })
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.organizationId, orgId),
        inArray(approvalItems.requestId, [...new Set(waiting.map((item) => item.requestId))]),
      ),
    );
  const stepApprovers = new Map<string, Set<string>>();
  for (const sibling of siblings) {
    const approvers = stepApprovers.get(stepKey(sibling)) ?? new Set<string>();
    approvers.add(sibling.approverId);
    stepApprovers.set(stepKey(sibling), approvers);
  }
  return moveToSubstitutes(tx, orgId, waiting, stepApprovers, absences, day);
}
