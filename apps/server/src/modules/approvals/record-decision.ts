import { decideApproval, todayIso, type ApprovalRequestState } from '@kontor/domain';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { decisionRefusalError } from './approval-checks';
import { entityInChanges } from './approval-entity';
import { actorOf } from './context';
import { enforceFourEyes, type DecidedEntity } from './four-eyes';
import { decideItem, listItems, stateOf, syncDerivedState, updateRequest, type RequestRow } from './request-repo';
import { handOnOpenedStep } from './substitutes';

export interface DecisionChoice {
  decision: 'approved' | 'rejected';
  reason: string | null;
}

/**
 * What the decision did to the request: `recorded` (the step still waits for others: no status
 * change), `step_completed` (the next step opened: notify its approvers), or the final outcome
 * (the caller moves the entity).
 */
export type RecordedDecision =
  { outcome: 'recorded' } | { outcome: 'step_completed'; openedStep: number } | { outcome: 'approved' | 'rejected' };

/**
 * The current user approves or rejects the open request of the entity (SPEC §4): the engine in
 * packages/domain decides, this stores the decision, logs it and advances or closes the request.
 * The caller has locked the entity (so concurrent approvers are serialised and each sees the
 * decisions committed before) and found its open request. The approval that would approve the
 * request is refused to whom the four-eyes principle names (issue 59). `beforeStoring` runs once
 * the engine has allowed the decision, before anything is written (invoices check their required
 * fields).
 */
export async function recordDecision(
  tx: Tx,
  org: OrgContext,
  entity: DecidedEntity,
  request: RequestRow,
  choice: DecisionChoice,
  beforeStoring?: (state: ApprovalRequestState) => Promise<void>,
): Promise<RecordedDecision> {
  const items = await listItems(tx, org.orgId, request.id);
  const state = stateOf(request, items);
  const result = decideApproval(state, org.userId, choice.decision);
  if (!result.ok) throw decisionRefusalError(result.refusal, items, state.currentStep, org.userId);
  if (result.outcome === 'approved') await enforceFourEyes(tx, org.orgId, entity, request, state, org.userId);
  await beforeStoring?.(state);
  // decideApproval found the user among the open step's approvers.
  const item = items.find((entry) => entry.step === state.currentStep && entry.approverId === org.userId)!;
  if (!(await decideItem(tx, org.orgId, item.id, org.userId, choice.decision, choice.reason))) {
    throw new AppError('approval_already_decided');
  }
  await writeActivity(tx, org.orgId, {
    entityType: 'approval_item',
    entityId: item.id,
    action: choice.decision === 'approved' ? 'approve' : 'reject',
    actor: actorOf(org),
    changes: {
      ...entityInChanges(entity),
      requestId: request.id,
      step: state.currentStep,
      ...(choice.reason !== null ? { reason: choice.reason } : {}),
    },
  });

  if (result.outcome === 'recorded') {
    await syncDerivedState(tx, org.orgId, request.id);
    return { outcome: 'recorded' };
  }
  if (result.outcome === 'step_completed') {
    await updateRequest(tx, org.orgId, request.id, { currentStep: result.state.currentStep });
    await syncDerivedState(tx, org.orgId, request.id);
    // Approvers of the opened step who are away today: their substitutes are told instead.
    await handOnOpenedStep(tx, org.orgId, request, result.state.currentStep, todayIso());
    return { outcome: 'step_completed', openedStep: result.state.currentStep };
  }
  await updateRequest(tx, org.orgId, request.id, { status: result.state.status, decided: true });
  await syncDerivedState(tx, org.orgId, request.id);
  return { outcome: result.outcome };
}
