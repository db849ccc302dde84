import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRun } from '@kontor/domain';
import { approvalItems } from '../src/db/schema';
import { addApprover } from './approval-fixtures';
import { createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import {
  activityOf,
  createRunFlow,
  insertOpenTransaction,
  insertOpenTransactions,
  runClient,
  transactionRows,
} from './payment-runs-fixtures';

/** Issue 7 item 8: approving twice at the same moment records one decision; a transaction is in at most one run. */
describe('payment runs under concurrency', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let anna: TestUser;
  let ben: TestUser;
  let admin: ReturnType<typeof runClient>;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Parallel GmbH');
    anna = await addApprover(testApp, org.id, { name: 'Anna', permissions: ['payment_runs:manage'] });
    ben = await addApprover(testApp, org.id, { name: 'Ben', permissions: ['payment_runs:manage'] });
    admin = runClient(testApp, org.admin);
    await createRunFlow(testApp, org.admin, [anna, ben], 1);
  });
  afterAll(async () => testApp.close());

  async function inApproval(): Promise<{ run: PaymentRun; ids: string[] }> {
    const ids = await insertOpenTransactions(testApp, org.id, 3);
    const run = (await admin.create(ids)).json<PaymentRun>();
    return { run: (await admin.requestApproval(run.id, 1)).json<PaymentRun>(), ids };
  }

  async function decisions(runId: string) {
    return (
      await testApp.database.db
        .select()
        .from(approvalItems)
        .where(and(eq(approvalItems.organizationId, org.id), eq(approvalItems.entityId, runId)))
    ).filter((item) => item.decision !== 'pending');
  }

  it('two approvers of a 1-of-2 step at the same moment: exactly one decision, one approval', async () => {
    const { run, ids } = await inApproval();
    const answers = await Promise.all([runClient(testApp, anna).approve(run.id, 2), runClient(testApp, ben).approve(run.id, 2)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await decisions(run.id)).toHaveLength(1);
    expect(await admin.get(run.id)).toMatchObject({ status: 'approved', version: 3 });
    expect((await transactionRows(testApp, org.id, ids)).every((row) => row.status === 'approved')).toBe(true);
    const log = await activityOf(testApp, org.id, run.id);
    expect(log.filter((entry) => entry.action === 'approve')).toHaveLength(1);
  });

  it('one approver twice at the same moment: one decision recorded', async () => {
    const { run } = await inApproval();
    const asAnna = runClient(testApp, anna);
    const answers = await Promise.all([asAnna.approve(run.id, 2), asAnna.approve(run.id, 2)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await decisions(run.id)).toHaveLength(1);
    expect((await admin.get(run.id)).status).toBe('approved');
  });

  it('approve and reject at the same moment: one wins, the run and its transactions agree', async () => {
    const { run, ids } = await inApproval();
    const answers = await Promise.all([runClient(testApp, anna).approve(run.id, 2), runClient(testApp, ben).reject(run.id, 2)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const final = await admin.get(run.id);
    expect(['approved', 'rejected']).toContain(final.status);
    const rows = await transactionRows(testApp, org.id, ids);
    expect(rows.every((row) => row.status === final.status)).toBe(true);
  });

  it('two runs from the same transaction at the same moment: one is created, the other refused', async () => {
    const shared = await insertOpenTransaction(testApp, org.id);
    const [first, second] = await Promise.all([
      admin.create([shared, await insertOpenTransaction(testApp, org.id)]),
      admin.create([await insertOpenTransaction(testApp, org.id), shared]),
    ]);
    const codes = [first, second].map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const refused = [first, second].find((answer) => answer.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ code: 'transaction_in_other_run', params: { count: 1 } });
    const created = [first, second].find((answer) => answer.statusCode === 201)!.json<PaymentRun>();
    expect((await transactionRows(testApp, org.id, [shared]))[0]).toMatchObject({ status: 'planned', paymentRunId: created.id });
  });

  it('many runs created at once get distinct consecutive numbers', async () => {
    const ids = await insertOpenTransactions(testApp, org.id, 6);
    const answers = await Promise.all(ids.map((id) => admin.create([id])));
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    const numbers = answers.map((answer) => answer.json<PaymentRun>().number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers.at(-1)! - numbers[0]!).toBe(5);
  });
});
