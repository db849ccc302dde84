import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalFlow, ApproverCandidatesResponse, Invoice } from '@kontor/domain';
import { browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { addApprover, approvalClient, flowBody, insertApprovableInvoice, outboxFor } from './approval-fixtures';

/** POST /api/invoices/:id/reassign-approval: an open approval handed on to another member (issue 4). */
describe('handing an approval on', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let anna: TestUser;
  let ben: TestUser;
  let carl: TestUser;
  let dora: TestUser;
  let flow: ApprovalFlow;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Vertretung GmbH');
    anna = await addApprover(testApp, org.id, { name: 'Anna' });
    ben = await addApprover(testApp, org.id, { name: 'Ben' });
    carl = await addApprover(testApp, org.id, { name: 'Carl' });
    dora = await addApprover(testApp, org.id, { name: 'Dora', locale: 'de' });
    // Step 1: Anna and Ben, both needed; step 2: Carl.
    flow = (
      await approvalClient(testApp, org.admin).createFlow(
        flowBody([
          { approvers: [anna, ben], required: 2 },
          { approvers: [carl], required: 1 },
        ]),
      )
    ).json();
  });
  afterAll(async () => testApp.close());

  async function requested(): Promise<string> {
    const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    expect((await approvalClient(testApp, org.admin).requestApproval(id, 1, flow.id)).statusCode).toBe(200);
    return id; // version 2
  }

  const reassign = (
    user: TestUser,
    id: string,
    body: { version: number; fromApproverId: string; toApproverId: string; note?: string },
  ) => approvalClient(testApp, user).send('POST', `/api/invoices/${id}/reassign-approval`, body);

  it('an approver hands their approval on: the new one waits, decides, and the step counts as before', async () => {
    const id = await requested();
    expect((await approvalClient(testApp, ben).approve(id, 2)).statusCode).toBe(200);

    const handed = await reassign(anna, id, {
      version: 2,
      fromApproverId: anna.userId,
      toApproverId: dora.userId,
      note: 'Urlaub bis 5.12.',
    });
    expect(handed.statusCode).toBe(200);
    const invoice = handed.json<Invoice>();
    expect(invoice.version).toBe(2);
    const stepOne = invoice.approval!.steps[0]!.items.map((item) => ({ approverId: item.approverId, decision: item.decision }));
    expect(stepOne).toEqual(
      expect.arrayContaining([
        { approverId: ben.userId, decision: 'approved' },
        { approverId: dora.userId, decision: 'pending' },
      ]),
    );
    expect(stepOne).toHaveLength(2);

    // Dora sees it waiting (tab and count), Anna no longer.
    const doraWaiting = await approvalClient(testApp, dora).list('tab=my-approvals&limit=50');
    expect(doraWaiting.items.map((item) => item.id)).toContain(id);
    expect(doraWaiting.counts['my-approvals']).toBe(1);
    const annaWaiting = await approvalClient(testApp, anna).list('tab=my-approvals&limit=50');
    expect(annaWaiting.items.map((item) => item.id)).not.toContain(id);
    // Without ap_invoices:manage she saw it only as its approver: it has left her desk.
    expect((await approvalClient(testApp, anna).approve(id, 2)).json().code).toBe('invoice_not_found');

    // Dora is told, in her language, with a link into the app.
    const mails = await outboxFor(testApp, org.id, dora.email);
    expect(mails.filter((mail) => mail.textBody.includes(`/invoices/my-approvals/${id}`))).toHaveLength(1);

    // Her approval completes step 1 (2 of 2), as Anna's would have.
    const decided = (await approvalClient(testApp, dora).approve(id, 2)).json<Invoice>();
    expect(decided.approval).toMatchObject({ currentStep: 1, status: 'pending' });

    const log = await approvalClient(testApp, org.admin).activity(id);
    const entry = log.find((item) => item.entityType === 'approval_item' && item.changes && 'approver' in item.changes);
    expect(entry?.changes).toMatchObject({ approver: { from: 'Anna', to: 'Dora' }, note: 'Urlaub bis 5.12.', step: 0 });
  });

  it('a manager may hand on anyone’s approval; a member only their own', async () => {
    const id = await requested();
    const notHers = await reassign(anna, id, { version: 2, fromApproverId: ben.userId, toApproverId: dora.userId });
    expect(notHers.statusCode).toBe(403);
    expect(notHers.json().code).toBe('approval_reassign_forbidden');
    const byAdmin = await reassign(org.admin, id, { version: 2, fromApproverId: ben.userId, toApproverId: dora.userId });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json<Invoice>().approval!.steps[0]!.items.map((item) => item.approverId)).toContain(dora.userId);
  });

  it('refuses what would break the step: decided or other-step items, a current approver, a non-member, a stale version', async () => {
    const id = await requested();
    expect((await approvalClient(testApp, ben).approve(id, 2)).statusCode).toBe(200);
    const admin = org.admin;
    const outsider = await createOrganizationWithAdmin(testApp, 'Andere GmbH');
    const cases: [{ version: number; fromApproverId: string; toApproverId: string }, number, string][] = [
      [{ version: 2, fromApproverId: ben.userId, toApproverId: dora.userId }, 409, 'approval_item_not_pending'],
      [{ version: 2, fromApproverId: carl.userId, toApproverId: dora.userId }, 409, 'approval_item_not_pending'],
      [{ version: 2, fromApproverId: anna.userId, toApproverId: ben.userId }, 422, 'approval_new_approver_invalid'],
      [{ version: 2, fromApproverId: anna.userId, toApproverId: anna.userId }, 422, 'approval_new_approver_invalid'],
      [{ version: 2, fromApproverId: anna.userId, toApproverId: outsider.admin.userId }, 422, 'approval_new_approver_invalid'],
      [{ version: 1, fromApproverId: anna.userId, toApproverId: dora.userId }, 409, 'stale_version'],
    ];
    for (const [body, status, code] of cases) {
      const response = await reassign(admin, id, body);
      expect([response.statusCode, response.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    const notPending = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    const refused = await reassign(admin, notPending, { version: 1, fromApproverId: anna.userId, toApproverId: dora.userId });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'approval_not_pending']);
    // Nothing moved.
    const items = (await approvalClient(testApp, admin).invoice(id)).approval!.steps[0]!.items.map((item) => item.approverId);
    expect(items.sort()).toEqual([anna.userId, ben.userId].sort());
  });

  it('lists the members an approval may go to, for any member who sees the invoice', async () => {
    const id = await requested();
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/invoices/${id}/approver-candidates`,
      headers: browser(anna.cookie),
    });
    expect(response.statusCode).toBe(200);
    const names = response.json<ApproverCandidatesResponse>().items.map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining(['Anna', 'Ben', 'Carl', 'Dora']));
  });
});
