import { chooseFlow, startApproval, todayIso, type ErrorCode, type FlowSubject } from '@kontor/domain';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { entityInChanges, type ApprovalEntity } from './approval-entity';
import { actorOf } from './context';
import { listFlowRows, type FlowRow } from './flow-repo';
import { insertRequestWithItems, type RequestRow } from './request-repo';
import { handOnOpenedStep } from './substitutes';

export interface FlowChoice {
  /** A flow picked by hand; it wins over the flows' conditions. */
  flowId?: string;
  /** What the conditions are tested against when no flow was picked. */
  subject: FlowSubject;
  /** The caller's error when no flow applies (`pickedByHand`: the picked one does not exist). */
  notFound: (pickedByHand: boolean) => ErrorCode;
}

/**
 * Opens an approval request for the entity (SPEC §4): a flow picked by hand wins; otherwise the
 * first whose conditions hold, else the default. The flow's steps are snapshotted into the
 * request and its items, and the opening is logged; approvers of step 0 who are absent today are
 * replaced by their substitutes. The caller has locked the entity and moves its status; it
 * notifies the approvers of step 0.
 */
export async function openApprovalRequest(
  tx: Tx,
  org: OrgContext,
  entity: ApprovalEntity,
  choice: FlowChoice,
): Promise<{ request: RequestRow; flow: FlowRow }> {
  const flows = await listFlowRows(tx, org.orgId, entity.type);
  const matching = chooseFlow(flows, entity.type, choice.subject);
  const flow = choice.flowId ? flows.find((candidate) => candidate.id === choice.flowId) : matching;
  if (!flow) throw new AppError(choice.notFound(Boolean(choice.flowId)));
  // An auditor must see when a flow other than the one the conditions choose was picked by hand
  // (a lighter flow for a large invoice, say), and which one the conditions would have chosen.
  const overridden = flow.id !== matching?.id ? { pickedByHand: true, matchingFlowName: matching?.name ?? null } : {};
  startApproval(flow.steps); // throws on a malformed snapshot before anything is written
  const request = await insertRequestWithItems(tx, org.orgId, {
    entityType: entity.type,
    entityId: entity.id,
    flowId: flow.id,
    flowName: flow.name,
    requestedBy: org.userId,
    steps: flow.steps,
  });
  await writeActivity(tx, org.orgId, {
    entityType: 'approval_request',
    entityId: request.id,
    action: 'create',
    actor: actorOf(org),
    changes: { ...entityInChanges(entity), flowId: flow.id, flowName: flow.name, steps: flow.steps.length, ...overridden },
  });
  await handOnOpenedStep(tx, org.orgId, request, 0, todayIso());
  return { request, flow };
}
