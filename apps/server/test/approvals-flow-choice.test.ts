import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalFlow, CostCenter } from '@kontor/domain';
import { invoiceSplits, invoices } from '../src/db/schema';
import { createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { addApprover, approvalClient, flowBody, insertApprovableInvoice } from './approval-fixtures';

describe('cost-centre conditions of approval flows: KOST1 and KOST2', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let anna: TestUser;
  let admin: ReturnType<typeof approvalClient>;
  let projects: CostCenter;
  let projectFlow: ApprovalFlow;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Kostenträger GmbH');
    anna = await addApprover(testApp, org.id, { name: 'Anna Approver' });
    admin = approvalClient(testApp, org.admin);
    projects = (await admin.send('POST', '/api/cost-centers', { code: 'P-4711', name: 'Projekt Nord', type: 2 })).json();
    await admin.createFlow(flowBody([{ approvers: [org.admin], required: 1 }], { name: 'Standard' }));
    projectFlow = (
      await admin.createFlow(
        flowBody([{ approvers: [anna], required: 1 }], {
          name: 'Projekt Nord',
          isDefault: false,
          conditions: [{ kind: 'cost_center', costCenterIds: [projects.id] }],
        }),
      )
    ).json();
  });
  afterAll(async () => testApp.close());

  const matchingFlowName = async (invoiceId: string) =>
    (await admin.matchingFlow(invoiceId)).json<{ matching: { name: string } | null }>().matching?.name;

  it('an invoice with the KOST2 cost centre gets the flow naming it', async () => {
    const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    expect(await matchingFlowName(id)).toBe('Standard');
    await testApp.database.db.update(invoices).set({ costCenter2Id: projects.id }).where(eq(invoices.id, id));
    expect(await matchingFlowName(id)).toBe(projectFlow.name);
  });

  it('so does one whose split line carries it', async () => {
    const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    await testApp.database.db
      .insert(invoiceSplits)
      .values({ organizationId: org.id, invoiceId: id, position: 1, amount: 123456, costCenter2Id: projects.id });
    expect(await matchingFlowName(id)).toBe(projectFlow.name);
  });
});
