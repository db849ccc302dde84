import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalFlow, BulkApproveResponse, Invoice, Organization, PaymentRun } from '@kontor/domain';
import { activityLog, approvalItems } from '../src/db/schema';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { addApprover, approvalClient, flowBody, flowOneAfterAnother, insertApprovableInvoice } from './approval-fixtures';
import { insertOpenTransaction, runClient } from './payment-runs-fixtures';

/**
 * The four-eyes principle (issue 59 item 4): who uploaded an invoice or requested its approval, or
 * created a payment run, cannot give its final approval; earlier steps and rejecting stay theirs.
 */
describe('four-eyes principle', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let anna: TestUser;
  let ben: TestUser;
  let carl: TestUser;
  let admin: ReturnType<typeof approvalClient>;
  let annaAlone: ApprovalFlow;
  let adminAlone: ApprovalFlow;
  let annaOrCarl: ApprovalFlow;
  let annaThenCarl: ApprovalFlow;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Vier Augen GmbH');
    anna = await addApprover(testApp, org.id, { name: 'Anna' });
    ben = await addApprover(testApp, org.id, { name: 'Ben' });
    carl = await addApprover(testApp, org.id, { name: 'Carl' });
    admin = approvalClient(testApp, org.admin);
    const flow = async (body: ReturnType<typeof flowBody>) => (await admin.createFlow(body)).json<ApprovalFlow>();
    annaAlone = await flow(flowBody([{ approvers: [anna], required: 1 }], { name: 'Anna allein' }));
    adminAlone = await flow(flowBody([{ approvers: [org.admin], required: 1 }], { name: 'Admin allein', isDefault: false }));
    annaOrCarl = await flow(flowBody([{ approvers: [anna, carl], required: 1 }], { name: 'Anna oder Carl', isDefault: false }));
    annaThenCarl = await flowOneAfterAnother(admin, [anna, carl], 'Anna dann Carl');
  });
  afterAll(async () => testApp.close());

  /** An invoice uploaded by `uploader`, whose approval the admin requested with `flow` (now version 2). */
  async function requested(uploader: TestUser, flow: ApprovalFlow): Promise<string> {
    const id = await insertApprovableInvoice(testApp, org.id, uploader.userId);
    const response = await admin.requestApproval(id, 1, flow.id);
    expect(response.statusCode, response.body).toBe(200);
    return id;
  }

  /** The organisation as the admin's settings screen loads it. */
  const organization = async () =>
    (
      await testApp.app.inject({ method: 'GET', url: `/api/organization/${org.id}`, headers: browser(org.admin.cookie) })
    ).json<Organization>();
  const setFourEyes = async (user: TestUser, fourEyesApproval: boolean) =>
    testApp.app.inject({
      method: 'PUT',
      url: '/api/organization',
      headers: browser(user.cookie),
      payload: { version: (await organization()).version, fourEyesApproval },
    });

  async function expectNothingStored(id: string) {
    const invoice = await admin.invoice(id);
    expect(invoice).toMatchObject({ status: 'in_approval', version: 2 });
    expect(invoice.approval!.steps.flatMap((step) => step.items).every((item) => item.decision === 'pending')).toBe(true);
    const decisions = await testApp.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.organizationId, org.id), eq(activityLog.entityType, 'approval_item')));
    expect(decisions.filter((entry) => (entry.changes as { invoiceId?: string } | null)?.invoiceId === id)).toEqual([]);
  }

  it('is on for a new organisation', async () => {
    expect((await organization()).fourEyesApproval).toBe(true);
  });

  it('refuses the uploader the final approval with its reason, stores nothing, and lets a colleague give it', async () => {
    const id = await requested(anna, annaOrCarl);
    // The detail tells the web before anyone clicks.
    expect((await admin.invoice(id)).approval!.fourEyesConflicts).toEqual([
      { userId: anna.userId, reason: 'uploaded' },
      { userId: org.admin.userId, reason: 'requested' },
    ]);
    const refused = await approvalClient(testApp, anna).approve(id, 2);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'approval_four_eyes_uploaded',
      message: 'You uploaded this invoice. Under the four-eyes principle another person must give its final approval.',
    });
    await expectNothingStored(id);

    const approved = await approvalClient(testApp, carl).approve(id, 2);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Invoice>()).toMatchObject({ status: 'approved', version: 3 });
  });

  it('refuses the requester the final approval, and answers in German when asked', async () => {
    const id = await requested(ben, adminAlone);
    const refused = await testApp.app.inject({
      method: 'POST',
      url: `/api/invoices/${id}/approve`,
      headers: browser(org.admin.cookie, { 'accept-language': 'de' }),
      payload: { version: 2 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'approval_four_eyes_requested',
      message:
        'Sie haben die Freigabe dieser Rechnung angefordert. Nach dem Vier-Augen-Prinzip muss eine andere Person die letzte Freigabe erteilen.',
    });
    await expectNothingStored(id);
  });

  it('lets the uploader approve an earlier step and reject; only the final approval is someone else’s', async () => {
    const id = await requested(anna, annaThenCarl);
    const first = await approvalClient(testApp, anna).approve(id, 2);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Invoice>().approval).toMatchObject({ currentStep: 1, status: 'pending' });
    expect((await approvalClient(testApp, carl).approve(id, 2)).json<Invoice>().status).toBe('approved');

    const rejected = await approvalClient(testApp, anna).reject(await requested(anna, annaAlone), 2, 'Doppelt');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<Invoice>().status).toBe('rejected');
  });

  it('refuses the uploader in a bulk approval with the same reason, and approves the rest', async () => {
    const own = await requested(anna, annaAlone);
    const others = await requested(ben, annaAlone);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/invoices/bulk-approve',
      headers: browser(anna.cookie),
      payload: {
        items: [
          { id: own, version: 2 },
          { id: others, version: 2 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BulkApproveResponse>()).toEqual({
      decided: [{ id: others, outcome: 'approved' }],
      failed: [
        {
          id: own,
          code: 'approval_four_eyes_uploaded',
          message: 'You uploaded this invoice. Under the four-eyes principle another person must give its final approval.',
        },
      ],
    });
  });

  it('refuses the creator of a payment run its final approval; a colleague gives it', async () => {
    const paula = await addApprover(testApp, org.id, { name: 'Paula', permissions: ['payment_runs:manage'] });
    const flow = await admin.createFlow(
      flowBody([{ approvers: [org.admin, paula], required: 1 }], { name: 'Zahlungslauf', type: 'payment_run' }),
    );
    expect(flow.statusCode, flow.body).toBe(201);
    const runs = runClient(testApp, org.admin);
    const run = (await runs.create([await insertOpenTransaction(testApp, org.id)])).json<PaymentRun>();
    const inApproval = (await runs.requestApproval(run.id, run.version)).json<PaymentRun>();
    expect(inApproval.approval!.fourEyesConflicts).toEqual([{ userId: org.admin.userId, reason: 'created' }]);
    // Approve and reject go together (canDecide); the approve button asks the same rule.
    expect(inApproval.canDecide).toBe(true);

    const refused = await runs.approve(run.id, inApproval.version);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('approval_four_eyes_created');
    expect((await runs.get(run.id)).status).toBe('in_approval');

    const approved = await runClient(testApp, paula).approve(run.id, inApproval.version);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<PaymentRun>().status).toBe('approved');
  });

  it('may be switched only by an admin; switching it off is logged with before and after, and then the uploader approves', async () => {
    const manager = await addMember(testApp, org.id, ['ap_invoices:manage', 'payment_runs:manage', 'team_members:manage']);
    const forbidden = await setFourEyes(manager, false);
    expect(forbidden.statusCode).toBe(403);
    expect((await organization()).fourEyesApproval).toBe(true);

    const off = await setFourEyes(org.admin, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<Organization>().fourEyesApproval).toBe(false);
    const logged = await testApp.database.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.organizationId, org.id), eq(activityLog.entityType, 'organization'), eq(activityLog.action, 'update')),
      );
    expect(logged).toContainEqual(
      expect.objectContaining({
        actorType: 'user',
        actorId: org.admin.userId,
        changes: { fourEyesApproval: { from: true, to: false } },
      }),
    );

    const id = await requested(anna, annaAlone);
    expect((await admin.invoice(id)).approval!.fourEyesConflicts).toEqual([]);
    const approved = await approvalClient(testApp, anna).approve(id, 2);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Invoice>().status).toBe('approved');
    const [item] = await testApp.database.db.select().from(approvalItems).where(eq(approvalItems.entityId, id));
    expect(item).toMatchObject({ approverId: anna.userId, decision: 'approved' });

    expect((await setFourEyes(org.admin, true)).json<Organization>().fourEyesApproval).toBe(true);
  });
});
