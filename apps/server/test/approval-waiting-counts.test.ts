import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldWaitingCounts } from '../src/modules/approvals/waiting-counts';
import { createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { addApprover, approvalClient, flowBody, insertApprovableInvoice } from './approval-fixtures';

/**
 * The deltas behind the "my approvals" count (migration 0025) must sum to a real count of the
 * waiting items after every kind of change, and folding them must not change any sum; the step
 * progress of the approval tabs is kept on the request (migration 0026) with them, and on the
 * invoice (migration 0044).
 */
describe('approval waiting counts and step progress', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let anna: TestUser;
  let ben: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Wartezähler GmbH');
    anna = await addApprover(testApp, org.id, { name: 'Anna' });
    ben = await addApprover(testApp, org.id, { name: 'Ben' });
    await approvalClient(testApp, org.admin).createFlow(
      flowBody([
        { approvers: [anna, ben], required: 1 },
        { approvers: [ben, org.admin], required: 2 },
      ]),
    );
  });
  afterAll(async () => testApp.close());

  const query = async (text: string) =>
    (await testApp.database.pool.query<{ approver: string; count: number }>(text, [org.id])).rows
      .map((row) => [row.approver, row.count])
      .sort();
  const counters = () =>
    query(`select approver_id::text as approver, sum(count)::int as count from approval_waiting_counts
            where organization_id = $1 group by approver_id having sum(count) <> 0`);
  const actual = () =>
    query(`select approver_id::text as approver, count(*)::int as count from approval_items
            where organization_id = $1 and is_waiting group by approver_id`);
  // invoices.approval_progress (migration 0044) as the requests say it should be.
  const progressDrift = async () =>
    (
      await testApp.database.pool.query<{ id: string }>(
        `select id from invoices where organization_id = $1
            and approval_progress is distinct from invoice_approval_progress_of(organization_id, id)`,
        [org.id],
      )
    ).rows;
  const tabCount = async (user: TestUser) => (await approvalClient(testApp, user).list('tab=new')).counts['my-approvals'];

  it('follow requests, approvals, rejections, resets and folding', async () => {
    const admin = approvalClient(testApp, org.admin);
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId, { totalAmount: 1000 + index });
      expect((await admin.requestApproval(id, 1)).statusCode).toBe(200);
      ids.push(id);
    }
    expect(await counters()).toEqual(await actual());
    expect(await progressDrift()).toEqual([]);
    expect([await tabCount(anna), await tabCount(ben), await tabCount(org.admin)]).toEqual([4, 4, 0]);

    // Anna's approval closes step 1 for both; step 2 opens for Ben and the admin.
    const annaClient = approvalClient(testApp, anna);
    for (const id of ids.slice(0, 3)) {
      const { version } = await annaClient.invoice(id);
      expect((await annaClient.approve(id, version)).statusCode).toBe(200);
    }
    expect(await counters()).toEqual(await actual());
    expect(await progressDrift()).toEqual([]);
    expect([await tabCount(anna), await tabCount(ben), await tabCount(org.admin)]).toEqual([1, 4, 3]);

    const benClient = approvalClient(testApp, ben);
    const rejected = await benClient.invoice(ids[0]!);
    expect((await benClient.reject(ids[0]!, rejected.version, 'Falscher Betrag')).statusCode).toBe(200);
    const reset = await admin.invoice(ids[1]!);
    expect((await admin.reset(ids[1]!, reset.version)).statusCode).toBe(200);
    expect(await counters()).toEqual(await actual());
    expect(await progressDrift()).toEqual([]);
    const { rows: closed } = await testApp.database.pool.query<{ approval_progress: number[] | null }>(
      `select approval_progress from invoices where organization_id = $1 and id = any($2::uuid[])`,
      [org.id, ids.slice(0, 2)],
    );
    expect(closed).toEqual([{ approval_progress: null }, { approval_progress: null }]);
    expect([await tabCount(anna), await tabCount(ben), await tabCount(org.admin)]).toEqual([1, 2, 1]);

    // The step progress of the approval tabs counts the open step's approvals (kept on the request).
    const progressOf = async (id: string) =>
      (await admin.list('tab=all-approvals')).items.find((item) => item.id === id)?.approvalProgress;
    expect(await progressOf(ids[2]!)).toEqual({ currentStep: 1, stepCount: 2, approvedInStep: 0, requiredInStep: 2 });
    const inStepTwo = await benClient.invoice(ids[2]!);
    expect((await benClient.approve(ids[2]!, inStepTwo.version)).statusCode).toBe(200);
    expect(await progressOf(ids[2]!)).toEqual({ currentStep: 1, stepCount: 2, approvedInStep: 1, requiredInStep: 2 });
    expect(await counters()).toEqual(await actual());
    expect(await progressDrift()).toEqual([]);
    expect([await tabCount(anna), await tabCount(ben), await tabCount(org.admin)]).toEqual([1, 1, 1]);

    const rowsBefore = await testApp.database.pool.query(
      `select count(*)::int as n from approval_waiting_counts where organization_id = $1`,
      [org.id],
    );
    await foldWaitingCounts(testApp.database);
    expect(await counters()).toEqual(await actual());
    expect(await progressDrift()).toEqual([]);
    const rowsAfter = await testApp.database.pool.query<{ approver_id: string; n: number }>(
      `select approver_id, count(*)::int as n from approval_waiting_counts where organization_id = $1 group by approver_id`,
      [org.id],
    );
    expect(rowsAfter.rows.every((row) => row.n === 1)).toBe(true);
    expect(rowsAfter.rows.length).toBeLessThan(rowsBefore.rows[0]!.n);
    expect([await tabCount(anna), await tabCount(ben), await tabCount(org.admin)]).toEqual([1, 1, 1]);
  });
});
