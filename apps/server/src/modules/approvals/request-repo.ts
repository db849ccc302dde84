import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  fourEyesConflicts,
  type ApprovalDecision,
  type ApprovalFlowType,
  type ApprovalRequestState,
  type ApprovalRequestView,
} from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { approvalItems, approvalRequests, organizations, users } from '../../db/schema';
import { readerOrder } from '../../db/reader-text';

export type RequestRow = typeof approvalRequests.$inferSelect;
export type ItemRow = typeof approvalItems.$inferSelect;

export interface NewRequest {
  entityType: ApprovalFlowType;
  entityId: string;
  flowId: string | null;
  flowName: string;
  requestedBy: string;
  steps: readonly { approverIds: readonly string[]; requiredApprovals: number }[];
}

/** The request and one item per approver and step; the first step's items wait from the start. */
export async function insertRequestWithItems(tx: Tx, orgId: OrgId, request: NewRequest): Promise<RequestRow> {
  const [row] = await tx
    .insert(approvalRequests)
    .values({
      organizationId: orgId,
      entityType: request.entityType,
      entityId: request.entityId,
      flowId: request.flowId,
      flowName: request.flowName,
      status: 'pending',
      currentStep: 0,
      requiredApprovals: request.steps.map((step) => step.requiredApprovals),
      requestedBy: request.requestedBy,
    })
    .returning();
  if (!row) throw new Error('approval request insert returned nothing');
  await tx.insert(approvalItems).values(
    request.steps.flatMap((step, index) =>
      step.approverIds.map((approverId) => ({
        organizationId: orgId,
        requestId: row.id,
        entityType: request.entityType,
        entityId: request.entityId,
        step: index,
        approverId,
        isWaiting: index === 0,
      })),
    ),
  );
  return row;
}

/** The requests of one entity. */
function ofEntity(orgId: OrgId, entityType: ApprovalFlowType, entityId: string) {
  return and(
    eq(approvalRequests.organizationId, orgId),
    eq(approvalRequests.entityType, entityType),
    eq(approvalRequests.entityId, entityId),
  );
}

/** The latest request of an entity that has one of the statuses. */
async function findLatestRequest(
  tx: Tx,
  orgId: OrgId,
  entityType: ApprovalFlowType,
  entityId: string,
  statuses: RequestRow['status'][],
): Promise<RequestRow | null> {
  const [row] = await tx
    .select()
    .from(approvalRequests)
    .where(and(ofEntity(orgId, entityType, entityId), inArray(approvalRequests.status, statuses)))
    .orderBy(desc(approvalRequests.requestedAt), desc(approvalRequests.id))
    .limit(1);
  return row ?? null;
}

/** The pending or approved request of an entity (at most one: unique index). */
export function findOpenRequest(
  tx: Tx,
  orgId: OrgId,
  entityType: ApprovalFlowType,
  entityId: string,
): Promise<RequestRow | null> {
  return findLatestRequest(tx, orgId, entityType, entityId, ['pending', 'approved']);
}

/** The request an invoice's approval status stands on: the latest one that is not reset. */
export function findCurrentRequest(
  tx: Tx,
  orgId: OrgId,
  entityType: ApprovalFlowType,
  entityId: string,
): Promise<RequestRow | null> {
  return findLatestRequest(tx, orgId, entityType, entityId, ['pending', 'approved', 'rejected']);
}

export async function listItems(tx: Tx, orgId: OrgId, requestId: string): Promise<ItemRow[]> {
  return tx
    .select()
    .from(approvalItems)
    .where(and(eq(approvalItems.organizationId, orgId), eq(approvalItems.requestId, requestId)))
    .orderBy(asc(approvalItems.step), asc(approvalItems.approverId));
}

/** The engine's view of a stored request (packages/domain approval-engine). */
export function stateOf(request: RequestRow, items: readonly ItemRow[]): ApprovalRequestState {
  return {
    status: request.status,
    currentStep: request.currentStep,
    steps: request.requiredApprovals.map((requiredApprovals, step) => ({
      requiredApprovals,
      items: items.filter((item) => item.step === step).map((item) => ({ approverId: item.approverId, decision: item.decision })),
    })),
  };
}

/**
 * Records one decision of `approverId`; null if the item was no longer pending (the trigger of
 * migration 0014 backs this) or no longer theirs: an absence may hand it to a substitute between
 * the caller's read and this write, and the substitute's item must not carry the absent member's
 * decision.
 */
export async function decideItem(
  tx: Tx,
  orgId: OrgId,
  itemId: string,
  approverId: string,
  decision: Exclude<ApprovalDecision, 'pending'>,
  reason: string | null,
): Promise<ItemRow | null> {
  const [row] = await tx
    .update(approvalItems)
    .set({ decision, reason, decidedAt: sql`now()`, isWaiting: false })
    .where(
      and(
        eq(approvalItems.organizationId, orgId),
        eq(approvalItems.id, itemId),
        eq(approvalItems.approverId, approverId),
        eq(approvalItems.decision, 'pending'),
      ),
    )
    .returning();
  return row ?? null;
}

type RequestPatch = Partial<Pick<RequestRow, 'status' | 'currentStep' | 'resetBy'>> & {
  decided?: boolean;
  reset?: boolean;
};

export async function updateRequest(tx: Tx, orgId: OrgId, requestId: string, patch: RequestPatch): Promise<void> {
  const { decided, reset, ...columns } = patch;
  await tx
    .update(approvalRequests)
    .set({
      ...columns,
      ...(decided ? { decidedAt: sql`now()` } : {}),
      ...(reset ? { resetAt: sql`now()` } : {}),
      version: sql`${approvalRequests.version} + 1`,
    })
    .where(and(eq(approvalRequests.organizationId, orgId), eq(approvalRequests.id, requestId)));
}

/**
 * Recomputes what is derived from a request's state after every change, in one statement: its
 * approved_in_step (approvals in the open step) and its items' is_waiting (request pending, open
 * step, undecided), so neither can drift from the state it stands for.
 */
export async function syncDerivedState(tx: Tx, orgId: OrgId, requestId: string): Promise<void> {
  await tx.execute(sql`with r as (
      update ${approvalRequests} as r
         set approved_in_step = (select count(*)::int from ${approvalItems} ai
                                  where ai.organization_id = r.organization_id and ai.request_id = r.id
                                    and ai.step = r.current_step and ai.decision = 'approved')
       where r.organization_id = ${orgId} and r.id = ${requestId}
      returning r.organization_id, r.id, r.status, r.current_step)
    update ${approvalItems} as i
       set is_waiting = (r.status = 'pending' and i.step = r.current_step and i.decision = 'pending')
      from r
     where i.organization_id = r.organization_id and i.request_id = r.id
       and i.is_waiting is distinct from (r.status = 'pending' and i.step = r.current_step and i.decision = 'pending')`);
}

export interface Recipient {
  userId: string;
  name: string;
  email: string;
  locale: string | null;
  /** The absent member whose approval this is, when the recipient is their substitute. */
  standsInForName: string | null;
}

const displayName = (name: string | null, email: string | null) => name || email || '';

/** The member an approval went to a substitute from (approval_items.stands_in_for), by name. */
const standsInForUser = alias(users, 'stands_in_for_user');
const standsInForColumns = { standsInForUserName: standsInForUser.name, standsInForUserEmail: standsInForUser.email };
// Every user has an e-mail address: none means the item stands in for nobody.
const standsInForName = (row: { standsInForUserName: string | null; standsInForUserEmail: string | null }) =>
  row.standsInForUserEmail === null ? null : displayName(row.standsInForUserName, row.standsInForUserEmail);

/** The approvers an opened step waits for, with what a notification needs. */
export async function listWaitingRecipients(tx: Tx, orgId: OrgId, requestId: string): Promise<Recipient[]> {
  const rows = await tx
    .select({ userId: users.id, name: users.name, email: users.email, locale: users.locale, ...standsInForColumns })
    .from(approvalItems)
    .innerJoin(users, eq(users.id, approvalItems.approverId))
    .leftJoin(standsInForUser, eq(standsInForUser.id, approvalItems.standsInFor))
    .where(
      and(eq(approvalItems.organizationId, orgId), eq(approvalItems.requestId, requestId), eq(approvalItems.isWaiting, true)),
    );
  return rows.map(({ userId, name, email, locale, ...standsInFor }) => ({
    userId,
    name,
    email,
    locale,
    standsInForName: standsInForName(standsInFor),
  }));
}

/**
 * The current or latest request of an entity with its steps and per-approver decisions, and who
 * may not give its final approval by the four-eyes principle (`creatorId`: the invoice's uploader
 * or the run's creator).
 */
export async function findLatestRequestView(
  tx: Tx,
  orgId: OrgId,
  entity: { type: ApprovalFlowType; id: string; creatorId: string | null },
): Promise<ApprovalRequestView | null> {
  const [request] = await tx
    .select({
      request: approvalRequests,
      requestedByName: users.name,
      requestedByEmail: users.email,
      isFourEyesOn: organizations.fourEyesApproval,
    })
    .from(approvalRequests)
    .innerJoin(organizations, eq(organizations.id, approvalRequests.organizationId))
    .leftJoin(users, eq(users.id, approvalRequests.requestedBy))
    .where(ofEntity(orgId, entity.type, entity.id))
    .orderBy(desc(approvalRequests.requestedAt), desc(approvalRequests.id))
    .limit(1);
  if (!request) return null;
  const items = await tx
    .select({ item: approvalItems, name: users.name, email: users.email, ...standsInForColumns })
    .from(approvalItems)
    .leftJoin(users, eq(users.id, approvalItems.approverId))
    .leftJoin(standsInForUser, eq(standsInForUser.id, approvalItems.standsInFor))
    .where(and(eq(approvalItems.organizationId, orgId), eq(approvalItems.requestId, request.request.id)))
    .orderBy(asc(approvalItems.step), readerOrder(users.name), asc(approvalItems.approverId));
  const row = request.request;
  return {
    id: row.id,
    flowId: row.flowId,
    flowName: row.flowName,
    status: row.status,
    currentStep: row.currentStep,
    requestedBy: row.requestedBy,
    requestedByName: row.requestedBy ? displayName(request.requestedByName, request.requestedByEmail) : null,
    requestedAt: row.requestedAt.toISOString(),
    steps: row.requiredApprovals.map((requiredApprovals, step) => ({
      requiredApprovals,
      items: items
        .filter(({ item }) => item.step === step)
        .map(({ item, name, email, ...standsInFor }) => ({
          approverId: item.approverId,
          approverName: displayName(name, email),
          standsInForName: standsInForName(standsInFor),
          decision: item.decision,
          decidedAt: item.decidedAt?.toISOString() ?? null,
          reason: item.reason,
        })),
    })),
    fourEyesConflicts: fourEyesConflicts({
      isOn: request.isFourEyesOn,
      entityType: entity.type,
      creatorId: entity.creatorId,
      requesterId: row.requestedBy,
    }),
  };
}

/** Requests of an entity that is deleted (its items go with them). */
export async function deleteRequestsOf(tx: Tx, orgId: OrgId, entityType: ApprovalFlowType, entityId: string): Promise<void> {
  await tx.delete(approvalRequests).where(ofEntity(orgId, entityType, entityId));
}
