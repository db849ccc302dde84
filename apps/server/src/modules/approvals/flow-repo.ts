import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ApprovalCondition, ApprovalFlowType } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { approvalFlows, costCenters, counterparties, memberships, users } from '../../db/schema';
import { readerOrder } from '../../db/reader-text';

export type FlowRow = typeof approvalFlows.$inferSelect;
type FlowValues = Pick<FlowRow, 'name' | 'type' | 'isDefault' | 'steps' | 'conditions'>;

export async function listFlowRows(tx: Tx, orgId: OrgId, type?: ApprovalFlowType): Promise<FlowRow[]> {
  return tx
    .select()
    .from(approvalFlows)
    .where(and(eq(approvalFlows.organizationId, orgId), type ? eq(approvalFlows.type, type) : undefined))
    .orderBy(asc(approvalFlows.type), asc(approvalFlows.position), asc(approvalFlows.createdAt));
}

export async function findFlowRow(tx: Tx, orgId: OrgId, id: string, options: { lock?: boolean } = {}): Promise<FlowRow | null> {
  const query = tx
    .select()
    .from(approvalFlows)
    .where(and(eq(approvalFlows.organizationId, orgId), eq(approvalFlows.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Serialises edits of one organisation's flows of one type (default flag, positions) so that two
 * admins saving at once cannot both end up default or share a position.
 */
export async function lockFlowsOfType(tx: Tx, orgId: OrgId, type: ApprovalFlowType): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`approval_flows:${orgId}:${type}`}, 0))`);
}

async function nextPosition(tx: Tx, orgId: OrgId, type: ApprovalFlowType): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${approvalFlows.position}) + 1, 0)::int` })
    .from(approvalFlows)
    .where(and(eq(approvalFlows.organizationId, orgId), eq(approvalFlows.type, type)));
  return row?.next ?? 0;
}

/** New flows go last among the flows of their type. */
export async function insertFlowRow(tx: Tx, orgId: OrgId, values: FlowValues): Promise<FlowRow> {
  const position = await nextPosition(tx, orgId, values.type);
  const [row] = await tx
    .insert(approvalFlows)
    .values({ ...values, organizationId: orgId, position })
    .returning();
  if (!row) throw new Error('approval flow insert returned nothing');
  return row;
}

/** Optimistic update: null when the version moved on. A flow moved to another type goes last there. */
export async function updateFlowRow(
  tx: Tx,
  orgId: OrgId,
  before: FlowRow,
  version: number,
  values: FlowValues,
): Promise<FlowRow | null> {
  const position = values.type === before.type ? before.position : await nextPosition(tx, orgId, values.type);
  const [row] = await tx
    .update(approvalFlows)
    .set({ ...values, position, version: sql`${approvalFlows.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(approvalFlows.organizationId, orgId), eq(approvalFlows.id, before.id), eq(approvalFlows.version, version)))
    .returning();
  return row ?? null;
}

/** The previous default of the type stops being one (a new default is being saved). */
export async function unsetDefaultFlow(tx: Tx, orgId: OrgId, type: ApprovalFlowType, exceptId: string | null): Promise<void> {
  await tx
    .update(approvalFlows)
    .set({ isDefault: false, version: sql`${approvalFlows.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(approvalFlows.organizationId, orgId),
        eq(approvalFlows.type, type),
        eq(approvalFlows.isDefault, true),
        exceptId ? ne(approvalFlows.id, exceptId) : undefined,
      ),
    );
}

export async function deleteFlowRow(tx: Tx, orgId: OrgId, id: string): Promise<void> {
  await tx.delete(approvalFlows).where(and(eq(approvalFlows.organizationId, orgId), eq(approvalFlows.id, id)));
}

/** Positions 0…n-1 in the given order (one statement); ids of other types or organisations are ignored. */
export async function setFlowPositions(tx: Tx, orgId: OrgId, type: ApprovalFlowType, ids: string[]): Promise<void> {
  await tx.execute(sql`update ${approvalFlows} set position = ordered.position - 1
      from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as ordered(id, position)
     where ${approvalFlows.organizationId} = ${orgId} and ${approvalFlows.type} = ${type} and ${approvalFlows.id} = ordered.id`);
}

export interface MemberDisplay {
  userId: string;
  name: string;
  email: string;
  locale: string | null;
}

/** The organisation's members (approver candidates), or only those among `userIds`. */
export async function listMembers(tx: Tx, orgId: OrgId, userIds?: string[]): Promise<MemberDisplay[]> {
  if (userIds && userIds.length === 0) return [];
  return tx
    .select({ userId: users.id, name: users.name, email: users.email, locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), userIds ? inArray(memberships.userId, userIds) : undefined))
    .orderBy(readerOrder(users.name), asc(users.email));
}

export async function findExistingCostCenterIds(tx: Tx, orgId: OrgId, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: costCenters.id })
    .from(costCenters)
    .where(and(eq(costCenters.organizationId, orgId), inArray(costCenters.id, ids)));
  return new Set(rows.map((row) => row.id));
}

export async function findExistingCounterpartyIds(tx: Tx, orgId: OrgId, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), inArray(counterparties.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The conditions that name records by id, with the list that holds the ids. A deleted record
 * would leave such a condition unable to match, silently: deletes ask here first, merges re-point.
 */
const RECORD_CONDITIONS = { cost_center: 'costCenterIds', counterparty: 'counterpartyIds' } as const;
export type RecordConditionKind = keyof typeof RECORD_CONDITIONS;

function namesRecord(kind: RecordConditionKind, id: string): SQL {
  return sql`exists (select 1 from jsonb_array_elements(${approvalFlows.conditions}) as c
                     where c->>'kind' = ${kind} and c->${RECORD_CONDITIONS[kind]} ? ${id})`;
}

/** The approval flows with a condition naming this cost centre or counterparty, by name. */
export async function flowNamesNaming(tx: Tx, orgId: OrgId, kind: RecordConditionKind, id: string): Promise<string[]> {
  const rows = await tx
    .select({ name: approvalFlows.name })
    .from(approvalFlows)
    .where(and(eq(approvalFlows.organizationId, orgId), namesRecord(kind, id)))
    .orderBy(approvalFlows.name);
  return rows.map((row) => row.name);
}

/**
 * A merged counterparty's place in flow conditions goes to the survivor (named once), so that its
 * invoices, now the survivor's, still take the flow they took before. Answers the flows changed;
 * each gets a new version, so that an admin editing one with the old list gets a 409.
 */
export async function repointCounterpartyConditions(
  tx: Tx,
  orgId: OrgId,
  fromId: string,
  toId: string,
): Promise<{ id: string; name: string }[]> {
  const rows = await tx
    .select({ id: approvalFlows.id, name: approvalFlows.name, conditions: approvalFlows.conditions })
    .from(approvalFlows)
    .where(and(eq(approvalFlows.organizationId, orgId), namesRecord('counterparty', fromId)))
    .for('update');
  for (const row of rows) {
    const conditions = row.conditions.map((condition): ApprovalCondition => {
      if (condition.kind !== 'counterparty') return condition;
      const ids = condition.counterpartyIds.map((id) => (id === fromId ? toId : id));
      return { ...condition, counterpartyIds: [...new Set(ids)] };
    });
    await tx
      .update(approvalFlows)
      .set({ conditions, version: sql`${approvalFlows.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(approvalFlows.organizationId, orgId), eq(approvalFlows.id, row.id)));
  }
  return rows.map(({ id, name }) => ({ id, name }));
}
