import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalFlow } from '@kontor/domain';
import { counterparties } from '../src/db/schema';
import { createOrganizationWithAdmin, createUser, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { addApprover, approvalClient, flowBody } from './approval-fixtures';

describe('approval flow settings (SPEC §2, §5)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let anna: TestUser;
  let ben: TestUser;
  let admin: ReturnType<typeof approvalClient>;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Flows GmbH');
    anna = await addApprover(testApp, org.id, { name: 'Anna Approver' });
    ben = await addApprover(testApp, org.id, { name: 'Ben Approver' });
    admin = approvalClient(testApp, org.admin);
  });
  afterAll(async () => testApp.close());

  it('creates, reads, lists by position and lists the approver candidates', async () => {
    const created = await admin.createFlow(flowBody([{ approvers: [anna, ben], required: 2 }], { name: 'Zwei Augen' }));
    expect(created.statusCode).toBe(201);
    const flow = created.json<ApprovalFlow>();
    expect(flow).toMatchObject({ name: 'Zwei Augen', type: 'invoice', isDefault: true, version: 1 });
    expect(flow.steps[0]!.approvers.map((approver) => approver.name).sort()).toEqual(['Anna Approver', 'Ben Approver']);
    expect((await admin.send('GET', `/api/approval-flows/${flow.id}`)).json<ApprovalFlow>().id).toBe(flow.id);

    const second = (
      await admin.createFlow(flowBody([{ approvers: [anna], required: 1 }], { name: 'Klein', isDefault: false }))
    ).json<ApprovalFlow>();
    expect(second.position).toBeGreaterThan(flow.position);
    const list = (await admin.send('GET', '/api/approval-flows?type=invoice')).json<{ items: ApprovalFlow[] }>();
    expect(list.items.map((item) => item.name)).toEqual(['Zwei Augen', 'Klein']);
    expect((await admin.send('GET', '/api/approval-flows?type=payment_run')).json().items).toEqual([]);

    const candidates = (await admin.send('GET', '/api/approval-flows/approver-candidates')).json<{
      items: { userId: string }[];
    }>();
    expect(candidates.items.map((item) => item.userId).sort()).toEqual([org.admin.userId, anna.userId, ben.userId].sort());
  });

  it('lists the approver candidates by name as a German reader sorts (any case, Ö as O)', async () => {
    const names = await createOrganizationWithAdmin(testApp, 'Namen AG');
    const people = [
      await addApprover(testApp, names.id, { name: 'zoe Zander' }),
      await addApprover(testApp, names.id, { name: 'Özlem Acar' }),
      await addApprover(testApp, names.id, { name: 'anna Berg' }),
      await addApprover(testApp, names.id, { name: 'Otto Pohl' }),
    ];
    const candidates = (await approvalClient(testApp, names.admin).send('GET', '/api/approval-flows/approver-candidates')).json<{
      items: { userId: string; name: string }[];
    }>();
    const added = new Set(people.map((person) => person.userId));
    expect(candidates.items.filter((item) => added.has(item.userId)).map((item) => item.name)).toEqual([
      'anna Berg',
      'Otto Pohl',
      'Özlem Acar',
      'zoe Zander',
    ]);
  });

  it('refuses a step without approvers, a count above the approvers and non-members', async () => {
    const empty = await admin.createFlow({ ...flowBody([]), steps: [{ approverIds: [], requiredApprovals: 1 }] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors['steps.0.approverIds']).toEqual(['Each approval step needs at least one approver.']);
    const tooMany = await admin.createFlow(flowBody([{ approvers: [anna], required: 2 }]));
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().fieldErrors)).toContain('steps.0.requiredApprovals');
    const noSteps = await admin.createFlow(flowBody([]));
    expect(noSteps.statusCode).toBe(400);

    const stranger = await createUser(testApp);
    const nonMember = await admin.createFlow(
      flowBody([
        { approvers: [anna], required: 1 },
        { approvers: [{ ...stranger, cookie: '' }], required: 1 },
      ]),
    );
    expect(nonMember.statusCode).toBe(400);
    expect(nonMember.json().fieldErrors).toEqual({
      'steps.1.approverIds': ['This approver is not a member of the organisation.'],
    });
  });

  it('checks that condition ids name cost centres and counterparties of the organisation', async () => {
    const other = await createOrganizationWithAdmin(testApp, 'Other AG');
    const [foreign] = await testApp.database.db
      .insert(counterparties)
      .values({ organizationId: other.id, name: 'Fremd' })
      .returning();
    const response = await admin.createFlow(
      flowBody([{ approvers: [anna], required: 1 }], {
        isDefault: false,
        conditions: [{ kind: 'counterparty', counterpartyIds: [foreign!.id] }],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toEqual(['conditions.0']);
  });

  it('keeps one default per type, answers 409 to a stale edit and reorders', async () => {
    const flows = (await admin.send('GET', '/api/approval-flows?type=invoice')).json<{ items: ApprovalFlow[] }>().items;
    const klein = flows.find((flow) => flow.name === 'Klein')!;
    const updated = await admin.send('PUT', `/api/approval-flows/${klein.id}`, {
      ...flowBody([{ approvers: [ben], required: 1 }], { name: 'Klein', isDefault: true }),
      version: klein.version,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<ApprovalFlow>()).toMatchObject({ isDefault: true, version: klein.version + 1 });
    const after = (await admin.send('GET', '/api/approval-flows?type=invoice')).json<{ items: ApprovalFlow[] }>().items;
    expect(after.filter((flow) => flow.isDefault).map((flow) => flow.name)).toEqual(['Klein']);

    const stale = await admin.send('PUT', `/api/approval-flows/${klein.id}`, {
      ...flowBody([{ approvers: [ben], required: 1 }], { name: 'Veraltet' }),
      version: klein.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');

    const reordered = await admin.send('PUT', '/api/approval-flows/order', { type: 'invoice', ids: [klein.id] });
    expect(reordered.json<{ items: ApprovalFlow[] }>().items.map((flow) => [flow.name, flow.position])).toEqual([
      ['Klein', 0],
      ['Zwei Augen', 1],
    ]);
  });

  it('deletes with the current version only; an unknown flow answers 404', async () => {
    const flow = (
      await admin.createFlow(flowBody([{ approvers: [anna], required: 1 }], { name: 'Weg', isDefault: false }))
    ).json<ApprovalFlow>();
    expect((await admin.send('DELETE', `/api/approval-flows/${flow.id}?version=9`)).statusCode).toBe(409);
    expect((await admin.send('DELETE', `/api/approval-flows/${flow.id}?version=1`)).statusCode).toBe(204);
    const gone = await admin.send('GET', `/api/approval-flows/${flow.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('approval_flow_not_found');
  });

  it('is for admins only', async () => {
    const member = approvalClient(testApp, anna);
    expect((await member.send('GET', '/api/approval-flows')).statusCode).toBe(403);
    expect((await member.createFlow(flowBody([{ approvers: [anna], required: 1 }]))).statusCode).toBe(403);
  });
});
