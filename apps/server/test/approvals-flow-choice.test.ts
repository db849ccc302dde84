import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalFlow, CostCenter } from '@kontor/domain';
import { approvalFlows, counterparties, invoiceSplits, invoices } from '../src/db/schema';
import { createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { addApprover, approvalClient, flowBody, insertApprovableInvoice } from './approval-fixtures';

describe('choosing the approval flow: KOST2 conditions, and a flow picked by hand', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let anna: TestUser;
  let admin: ReturnType<typeof approvalClient>;
  let projects: CostCenter;
  let projectFlow: ApprovalFlow;
  let supplierId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Kostenträger GmbH');
    anna = await addApprover(testApp, org.id, { name: 'Anna Approver' });
    admin = approvalClient(testApp, org.admin);
    const [supplier] = await testApp.database.db
      .insert(counterparties)
      .values({ organizationId: org.id, name: 'Altlieferant GmbH' })
      .returning({ id: counterparties.id });
    supplierId = supplier!.id;
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

  it('logs a flow picked by hand instead of the matching one, with the one the conditions chose', async () => {
    const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    await testApp.database.db.update(invoices).set({ costCenter2Id: projects.id }).where(eq(invoices.id, id));
    const flows = (await admin.matchingFlow(id)).json<{ flows: { id: string; name: string }[] }>().flows;
    const standard = flows.find((flow) => flow.name === 'Standard')!;
    const requested = await admin.requestApproval(id, 1, standard.id);
    expect(requested.statusCode, requested.body).toBe(200);
    const opened = (await admin.activity(id)).find((entry) => entry.entityType === 'approval_request');
    expect(opened?.changes).toMatchObject({ flowName: 'Standard', pickedByHand: true, matchingFlowName: 'Projekt Nord' });

    const chosen = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    expect((await admin.requestApproval(chosen, 1, standard.id)).statusCode).toBe(200);
    const asMatched = (await admin.activity(chosen)).find((entry) => entry.entityType === 'approval_request');
    expect(asMatched?.changes).toMatchObject({ flowName: 'Standard' });
    expect(asMatched?.changes).not.toHaveProperty('pickedByHand');
  });

  it('reads amount conditions saved before they named a currency as euros (migration 0038)', async () => {
    const [legacy] = await testApp.database.db
      .insert(approvalFlows)
      .values({
        organizationId: org.id,
        name: 'Alt: über 1.000 €',
        type: 'invoice',
        position: 0,
        steps: [{ approverIds: [anna.userId], requiredApprovals: 1 }],
        // As stored before: no currency. The cast stands for rows the current type no longer describes.
        conditions: [
          { kind: 'amount_above', amount: 100_000 },
          { kind: 'counterparty', counterpartyIds: [supplierId] },
        ] as never,
      })
      .returning({ id: approvalFlows.id });
    const migration = readFileSync(
      new URL('../src/db/migrations/0038_approval_amount_condition_currency.sql', import.meta.url),
      'utf8',
    );
    await testApp.database.pool.query(migration);
    const [row] = await testApp.database.db.select().from(approvalFlows).where(eq(approvalFlows.id, legacy!.id));
    expect(row?.conditions).toEqual([
      { kind: 'amount_above', amount: 100_000, currency: 'EUR' },
      { kind: 'counterparty', counterpartyIds: [supplierId] },
    ]);
    const euros = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    await testApp.database.db.update(invoices).set({ counterpartyId: supplierId }).where(eq(invoices.id, euros));
    expect(await matchingFlowName(euros)).toBe('Alt: über 1.000 €');
    await testApp.database.db.update(invoices).set({ currency: 'USD' }).where(eq(invoices.id, euros));
    expect(await matchingFlowName(euros)).toBe('Standard');
    await testApp.database.db.delete(approvalFlows).where(eq(approvalFlows.id, legacy!.id));
  });
});
