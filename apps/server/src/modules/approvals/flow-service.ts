import type { ApprovalFlow, ApprovalFlowBody, ApprovalFlowType, Approver, UpdateApprovalFlowBody } from '@kontor/domain';
import type { Database, Tx, OrgId } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { actorOf, tenant } from './context';
import {
  deleteFlowRow,
  findExistingCostCenterIds,
  findExistingCounterpartyIds,
  findFlowRow,
  insertFlowRow,
  listFlowRows,
  listMembers,
  lockFlowsOfType,
  setFlowPositions,
  unsetDefaultFlow,
  updateFlowRow,
  type FlowRow,
} from './flow-repo';

function toApprovalFlow(row: FlowRow, people: Map<string, Approver>): ApprovalFlow {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    isDefault: row.isDefault,
    position: row.position,
    steps: row.steps.map((step) => ({
      // A former member keeps their place in the flow; their name is no longer visible here.
      approvers: step.approverIds.map((userId) => people.get(userId) ?? { userId, name: '', email: '' }),
      requiredApprovals: step.requiredApprovals,
    })),
    conditions: row.conditions,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function toApprovalFlows(tx: Tx, orgId: OrgId, rows: FlowRow[]): Promise<ApprovalFlow[]> {
  const ids = [...new Set(rows.flatMap((row) => row.steps.flatMap((step) => step.approverIds)))];
  const people = new Map((await listMembers(tx, orgId, ids)).map((member) => [member.userId, member]));
  const approvers = new Map(
    [...people].map(([id, member]) => [id, { userId: member.userId, name: member.name, email: member.email }]),
  );
  return rows.map((row) => toApprovalFlow(row, approvers));
}

/**
 * Approvers must be members of the organisation, condition ids must name its cost centres and
 * counterparties (row-level security makes a foreign id look exactly like a missing one).
 */
async function checkFlowReferences(tx: Tx, orgId: OrgId, body: ApprovalFlowBody): Promise<void> {
  const fieldErrors: Record<string, string[]> = {};
  const approverIds = [...new Set(body.steps.flatMap((step) => step.approverIds))];
  const members = new Set((await listMembers(tx, orgId, approverIds)).map((member) => member.userId));
  body.steps.forEach((step, index) => {
    if (step.approverIds.some((id) => !members.has(id))) fieldErrors[`steps.${index}.approverIds`] = ['approver_not_member'];
  });
  const centreIds = body.conditions.flatMap((condition) => (condition.kind === 'cost_center' ? condition.costCenterIds : []));
  const counterpartyIds = body.conditions.flatMap((condition) =>
    condition.kind === 'counterparty' ? condition.counterpartyIds : [],
  );
  const centres = await findExistingCostCenterIds(tx, orgId, centreIds);
  const parties = await findExistingCounterpartyIds(tx, orgId, counterpartyIds);
  body.conditions.forEach((condition, index) => {
    const isMissing =
      (condition.kind === 'cost_center' && condition.costCenterIds.some((id) => !centres.has(id))) ||
      (condition.kind === 'counterparty' && condition.counterpartyIds.some((id) => !parties.has(id)));
    if (isMissing) fieldErrors[`conditions.${index}`] = ['invalid'];
  });
  if (Object.keys(fieldErrors).length > 0) throw new AppError('validation_failed', undefined, { fieldErrors });
}

const valuesOf = (body: ApprovalFlowBody) => ({
  name: body.name,
  type: body.type,
  isDefault: body.isDefault,
  steps: body.steps.map((step) => ({ approverIds: step.approverIds, requiredApprovals: step.requiredApprovals })),
  conditions: body.conditions,
});

/** Approval flow settings (SPEC §2 settings/approval-flows): admins only, see flow-routes.ts. */
export class ApprovalFlowService {
  constructor(private readonly database: Database) {}

  async list(org: OrgContext, type?: ApprovalFlowType): Promise<ApprovalFlow[]> {
    return this.database.withOrg(tenant(org), async (tx) =>
      toApprovalFlows(tx, org.orgId, await listFlowRows(tx, org.orgId, type)),
    );
  }

  async get(org: OrgContext, id: string): Promise<ApprovalFlow> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const row = await findFlowRow(tx, org.orgId, id);
      if (!row) throw new AppError('approval_flow_not_found');
      return (await toApprovalFlows(tx, org.orgId, [row]))[0]!;
    });
  }

  async create(org: OrgContext, body: ApprovalFlowBody): Promise<ApprovalFlow> {
    return this.database.withOrg(tenant(org), async (tx) => {
      await checkFlowReferences(tx, org.orgId, body);
      await lockFlowsOfType(tx, org.orgId, body.type);
      if (body.isDefault) await unsetDefaultFlow(tx, org.orgId, body.type, null);
      const row = await insertFlowRow(tx, org.orgId, valuesOf(body));
      await writeActivity(tx, org.orgId, {
        entityType: 'approval_flow',
        entityId: row.id,
        action: 'create',
        actor: actorOf(org),
        changes: { name: row.name, type: row.type, isDefault: row.isDefault, steps: row.steps.length },
      });
      return (await toApprovalFlows(tx, org.orgId, [row]))[0]!;
    });
  }

  async update(org: OrgContext, id: string, body: UpdateApprovalFlowBody): Promise<ApprovalFlow> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const before = await findFlowRow(tx, org.orgId, id, { lock: true });
      if (!before) throw new AppError('approval_flow_not_found');
      if (before.version !== body.version) throw new AppError('stale_version');
      await checkFlowReferences(tx, org.orgId, body);
      await lockFlowsOfType(tx, org.orgId, body.type);
      if (body.isDefault) await unsetDefaultFlow(tx, org.orgId, body.type, id);
      const row = await updateFlowRow(tx, org.orgId, before, body.version, valuesOf(body));
      if (!row) throw new AppError('stale_version');
      await writeActivity(tx, org.orgId, {
        entityType: 'approval_flow',
        entityId: id,
        action: 'update',
        actor: actorOf(org),
        changes: { name: row.name, type: row.type, isDefault: row.isDefault, steps: row.steps.length },
      });
      return (await toApprovalFlows(tx, org.orgId, [row]))[0]!;
    });
  }

  /** Requests already under way keep their snapshot of the steps (approval_requests has no foreign key). */
  async remove(org: OrgContext, id: string, version: number | undefined): Promise<void> {
    await this.database.withOrg(tenant(org), async (tx) => {
      const row = await findFlowRow(tx, org.orgId, id, { lock: true });
      if (!row) throw new AppError('approval_flow_not_found');
      if (version !== undefined && row.version !== version) throw new AppError('stale_version');
      await deleteFlowRow(tx, org.orgId, id);
      await writeActivity(tx, org.orgId, {
        entityType: 'approval_flow',
        entityId: id,
        action: 'delete',
        actor: actorOf(org),
        changes: { name: row.name, type: row.type },
      });
    });
  }

  /** The flows of one type in the given order; flows the list leaves out keep their place after it. */
  async order(org: OrgContext, type: ApprovalFlowType, ids: string[]): Promise<ApprovalFlow[]> {
    return this.database.withOrg(tenant(org), async (tx) => {
      await lockFlowsOfType(tx, org.orgId, type);
      const current = await listFlowRows(tx, org.orgId, type);
      const known = new Set(current.map((row) => row.id));
      const listed = [...new Set(ids)].filter((id) => known.has(id));
      const rest = current.map((row) => row.id).filter((id) => !listed.includes(id));
      await setFlowPositions(tx, org.orgId, type, [...listed, ...rest]);
      return toApprovalFlows(tx, org.orgId, await listFlowRows(tx, org.orgId, type));
    });
  }

  async approverCandidates(org: OrgContext): Promise<Approver[]> {
    const members = await this.database.withOrg(tenant(org), (tx) => listMembers(tx, org.orgId), { readOnly: true });
    return members.map(({ userId, name, email }) => ({ userId, name, email }));
  }
}
