import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalFlow, Invoice } from '@kontor/domain';
import { activityLog } from '../src/db/schema';
import { createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { addApprover, approvalClient, flowBody, insertApprovableInvoice } from './approval-fixtures';

describe('approving and rejecting per step (SPEC §4)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let anna: TestUser;
  let ben: TestUser;
  let carl: TestUser;
  let admin: ReturnType<typeof approvalClient>;
  let twoOfTwoThenOne: ApprovalFlow;
  let oneOfTwo: ApprovalFlow;
  let oneOfTwoThenOne: ApprovalFlow;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Freigabe GmbH');
    anna = await addApprover(testApp, org.id, { name: 'Anna' });
    ben = await addApprover(testApp, org.id, { name: 'Ben' });
    carl = await addApprover(testApp, org.id, { name: 'Carl' });
    admin = approvalClient(testApp, org.admin);
    const steps = [
      { approvers: [anna, ben], required: 2 },
      { approvers: [carl], required: 1 },
    ];
    twoOfTwoThenOne = (await admin.createFlow(flowBody(steps, { name: 'Vier Augen' }))).json();
    oneOfTwo = (
      await admin.createFlow(flowBody([{ approvers: [anna, ben], required: 1 }], { name: 'Einer', isDefault: false }))
    ).json();
    oneOfTwoThenOne = (
      await admin.createFlow(
        flowBody(
          [
            { approvers: [anna, ben], required: 1 },
            { approvers: [carl], required: 1 },
          ],
          { name: 'Einer dann Carl', isDefault: false },
        ),
      )
    ).json();
  });
  afterAll(async () => testApp.close());

  async function requested(flow: ApprovalFlow): Promise<string> {
    const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    expect((await admin.requestApproval(id, 1, flow.id)).statusCode).toBe(200);
    return id; // now at version 2
  }

  it('records approvals without a new version, opens the next step, and approves after the last', async () => {
    const id = await requested(twoOfTwoThenOne);
    const first = await approvalClient(testApp, anna).approve(id, 2);
    expect(first.json<Invoice>()).toMatchObject({ status: 'in_approval', version: 2 });
    expect((await approvalClient(testApp, carl).approve(id, 2)).json().code).toBe('approval_not_your_turn');
    expect((await approvalClient(testApp, anna).approve(id, 2)).json().code).toBe('approval_already_decided');

    const stepDone = (await approvalClient(testApp, ben).approve(id, 2)).json<Invoice>();
    expect(stepDone).toMatchObject({ status: 'in_approval', version: 2 });
    expect(stepDone.approval).toMatchObject({ currentStep: 1, status: 'pending' });
    expect(stepDone.approval!.steps[0]!.items.every((item) => item.decision === 'approved' && item.decidedAt)).toBe(true);

    const approved = (await approvalClient(testApp, carl).approve(id, 2)).json<Invoice>();
    expect(approved).toMatchObject({ status: 'approved', version: 3 });
    expect(approved.approval!.status).toBe('approved');
    const late = await approvalClient(testApp, anna).approve(id, 3);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('approval_not_pending');
  });

  it('rejects with a reason: request and invoice rejected, reason kept and logged', async () => {
    const id = await requested(twoOfTwoThenOne);
    const noReason = await approvalClient(testApp, ben).reject(id, 2, ' ');
    expect(noReason.statusCode).toBe(400);
    const rejected = (await approvalClient(testApp, ben).reject(id, 2, 'Falscher Betrag')).json<Invoice>();
    expect(rejected).toMatchObject({ status: 'rejected', version: 3 });
    const item = rejected.approval!.steps[0]!.items.find((entry) => entry.approverId === ben.userId)!;
    expect(item).toMatchObject({ decision: 'rejected', reason: 'Falscher Betrag' });
    const entries = await admin.activity(id);
    expect(entries.slice(0, 2).map((entry) => [entry.entityType, entry.action])).toEqual([
      ['invoice', 'update'],
      ['approval_item', 'reject'],
    ]);
    expect(entries[1]!.changes).toMatchObject({ reason: 'Falscher Betrag', invoiceId: id });
  });

  it('refuses a stale version and callers who are not approvers', async () => {
    const id = await requested(twoOfTwoThenOne);
    const stale = await approvalClient(testApp, anna).approve(id, 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
    const notApprover = await admin.approve(id, 2);
    expect(notApprover.statusCode).toBe(403);
    expect(notApprover.json().code).toBe('approval_not_your_turn');
    const fresh = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    expect((await admin.approve(fresh, 1)).json().code).toBe('approval_not_pending');
  });

  it('counts two approvals of a 2-of-2 step at the same moment and moves the invoice exactly once', async () => {
    const id = await requested(twoOfTwoThenOne);
    const [a, b] = await Promise.all([approvalClient(testApp, anna).approve(id, 2), approvalClient(testApp, ben).approve(id, 2)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const invoice = await admin.invoice(id);
    expect(invoice.approval).toMatchObject({ currentStep: 1, status: 'pending' });
    expect(invoice.approval!.steps[0]!.items.map((item) => item.decision)).toEqual(['approved', 'approved']);
    const approvals = await testApp.database.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.organizationId, org.id),
          eq(activityLog.entityType, 'approval_item'),
          eq(activityLog.action, 'approve'),
        ),
      );
    expect(approvals.filter((entry) => (entry.changes as { invoiceId: string }).invoiceId === id)).toHaveLength(2);
    expect((await approvalClient(testApp, carl).approve(id, 2)).json().status).toBe('approved');
    // Status changes only: the approval also logs why no payment was created (no debitor account, no IBAN).
    const statusChanges = (await admin.activity(id)).filter(
      (entry) => entry.entityType === 'invoice' && entry.changes !== null && 'status' in entry.changes,
    );
    expect(statusChanges.map((entry) => entry.changes)).toEqual([
      { status: { from: 'in_approval', to: 'approved' } },
      { status: { from: 'new', to: 'in_approval' } },
    ]);
  });

  it('lets one of two parallel approvals of a 1-of-2 step win; the other gets a clear 409', async () => {
    for (const flow of [oneOfTwo, oneOfTwoThenOne]) {
      const id = await requested(flow);
      const answers = await Promise.all([
        approvalClient(testApp, anna).approve(id, 2),
        approvalClient(testApp, ben).approve(id, 2),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, flow.name).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409)!.json().code;
      expect(['stale_version', 'approval_already_decided']).toContain(loser);
      const invoice = await admin.invoice(id);
      expect(invoice.approval!.steps[0]!.items.filter((item) => item.decision === 'approved')).toHaveLength(1);
      expect(invoice.status).toBe(flow === oneOfTwo ? 'approved' : 'in_approval');
    }
  });
});
