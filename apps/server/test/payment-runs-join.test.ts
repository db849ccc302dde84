import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenPaymentRuns, PaymentRun } from '@kontor/domain';
import { addApprover } from './approval-fixtures';
import { addMember, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { activityOf, createRunFlow, insertOpenTransaction, runClient, transactionRows } from './payment-runs-fixtures';

/** Issue 59 item 5: one payment into an open run from its invoice or its own detail, and the picker's runs. */
describe('payment runs: add one payment to an open run', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let approver: TestUser;
  let clerk: TestUser;
  let admin: ReturnType<typeof runClient>;

  const join = (client: ReturnType<typeof runClient>, runId: string, transactionId: string, version: number) =>
    client.send('POST', `/api/payment-runs/${runId}/transactions/${transactionId}`, { version });
  const openRunsFor = (client: ReturnType<typeof runClient>, transactionId: string) =>
    client.send('GET', `/api/payment-runs/open-for/${transactionId}`);
  const newRun = async (amount = 1_000) =>
    (await admin.create([await insertOpenTransaction(testApp, org.id, { amount })])).json<PaymentRun>();

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Einschritt GmbH');
    other = await createOrganizationWithAdmin(testApp, 'Fremd AG');
    approver = await addApprover(testApp, org.id, { name: 'Paula Prüferin', permissions: ['payment_runs:manage'] });
    clerk = await addMember(testApp, org.id, ['ap_invoices:manage']);
    admin = runClient(testApp, org.admin);
    await createRunFlow(testApp, org.admin, [approver]);
  });
  afterAll(async () => testApp.close());

  it('adds the payment to an open run: count, total and version change, both are logged', async () => {
    const run = await newRun(1_000);
    const payment = await insertOpenTransaction(testApp, org.id, { amount: 2_345 });
    const response = await join(admin, run.id, payment, run.version);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PaymentRun>()).toMatchObject({
      status: 'draft',
      transactionCount: 2,
      totalAmount: 3_345,
      version: run.version + 1,
    });
    expect((await transactionRows(testApp, org.id, [payment]))[0]).toMatchObject({ status: 'planned', paymentRunId: run.id });
    const runLog = await activityOf(testApp, org.id, run.id);
    expect(runLog.at(-1)).toMatchObject({ entityType: 'payment_run', action: 'update' });
    expect(runLog.at(-1)!.changes).toMatchObject({ added: { transactionIds: [payment], count: 1, amount: 2_345 } });
    const paymentLog = await activityOf(testApp, org.id, payment);
    expect(paymentLog.at(-1)!.changes).toMatchObject({ event: 'add_to_run', paymentRunId: { from: null, to: run.id } });
  });

  it('lists the open runs a payment can join, and none for a payment that cannot join', async () => {
    const draft = await newRun();
    const rejected = await newRun();
    await admin.requestApproval(rejected.id, rejected.version);
    const rejecting = await runClient(testApp, approver).reject(rejected.id, rejected.version + 1);
    expect(rejecting.json<PaymentRun>().status).toBe('rejected');
    const inApproval = await newRun();
    await admin.requestApproval(inApproval.id, inApproval.version);

    const payment = await insertOpenTransaction(testApp, org.id);
    const response = await openRunsFor(admin, payment);
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json<OpenPaymentRuns>().items.map((run) => run.id);
    expect(ids).toEqual(expect.arrayContaining([draft.id, rejected.id]));
    expect(ids).not.toContain(inApproval.id);
    expect(response.json<OpenPaymentRuns>().items.every((run) => run.status === 'draft' || run.status === 'rejected')).toBe(true);
    // Newest first, with the figures the picker shows.
    expect(ids.indexOf(rejected.id)).toBeLessThan(ids.indexOf(draft.id));
    expect(response.json<OpenPaymentRuns>().items.find((run) => run.id === draft.id)).toMatchObject({
      number: draft.number,
      transactionCount: 1,
      totalAmount: 1_000,
    });

    const archived = await insertOpenTransaction(testApp, org.id, { status: 'archived' });
    expect((await openRunsFor(admin, archived)).json<OpenPaymentRuns>()).toEqual({ items: [] });
    // A rejected run takes payments too: the new one is planned, and asking again plans them all.
    const joined = await join(admin, rejected.id, payment, rejected.version + 2);
    expect(joined.json<PaymentRun>()).toMatchObject({ status: 'rejected', transactionCount: 2 });
  });

  it('refuses a payment that is not payable, already in a run, or a stale run version', async () => {
    const run = await newRun();
    const cancelled = await insertOpenTransaction(testApp, org.id, { status: 'cancelled_archived' });
    const notPayable = await join(admin, run.id, cancelled, run.version);
    expect(notPayable.statusCode).toBe(409);
    expect(notPayable.json()).toMatchObject({ code: 'transaction_not_payable' });

    const elsewhere = await newRun();
    const [taken] = (await admin.send('GET', `/api/transactions?paymentRunId=${elsewhere.id}&view=all`)).json<{
      items: { id: string }[];
    }>().items;
    const alreadyInRun = await join(admin, run.id, taken!.id, run.version);
    expect(alreadyInRun.statusCode).toBe(409);
    expect(alreadyInRun.json()).toMatchObject({ code: 'transaction_already_in_run', params: { number: elsewhere.number } });

    const stale = await join(admin, run.id, await insertOpenTransaction(testApp, org.id), run.version + 5);
    expect(stale.json()).toMatchObject({ code: 'stale_version' });
    expect((await admin.get(run.id)).transactionCount).toBe(1);
  });

  it('refuses a run that is no longer open; an approved run is not changed', async () => {
    const run = await newRun();
    await admin.requestApproval(run.id, run.version);
    const payment = await insertOpenTransaction(testApp, org.id);
    const inApproval = await join(admin, run.id, payment, run.version + 1);
    expect(inApproval.statusCode).toBe(409);
    expect(inApproval.json()).toMatchObject({ code: 'payment_run_not_open', params: { number: run.number } });

    const approved = await runClient(testApp, approver).approve(run.id, run.version + 1);
    expect(approved.json<PaymentRun>().status).toBe('approved');
    const refused = await join(admin, run.id, payment, run.version + 2);
    expect(refused.json()).toMatchObject({ code: 'payment_run_not_open' });
    expect(await admin.get(run.id)).toMatchObject({ status: 'approved', transactionCount: 1, version: run.version + 2 });
    expect((await transactionRows(testApp, org.id, [payment]))[0]).toMatchObject({ status: 'open', paymentRunId: null });
  });

  it("answers 404 for another organisation's run or payment and changes nothing there", async () => {
    const run = await newRun();
    const payment = await insertOpenTransaction(testApp, org.id);
    const foreignPayment = await insertOpenTransaction(testApp, other.id);
    const foreignRun = (
      await runClient(testApp, other.admin).create([await insertOpenTransaction(testApp, other.id)])
    ).json<PaymentRun>();

    const intoForeignRun = await join(admin, foreignRun.id, payment, foreignRun.version);
    expect(intoForeignRun.statusCode).toBe(404);
    expect(intoForeignRun.json()).toMatchObject({ code: 'payment_run_not_found' });
    const foreignIntoRun = await join(admin, run.id, foreignPayment, run.version);
    expect(foreignIntoRun.statusCode).toBe(404);
    expect(foreignIntoRun.json()).toMatchObject({ code: 'transaction_not_found' });
    expect((await openRunsFor(admin, foreignPayment)).statusCode).toBe(404);

    expect((await runClient(testApp, other.admin).get(foreignRun.id)).transactionCount).toBe(1);
    expect((await transactionRows(testApp, other.id, [foreignPayment]))[0]).toMatchObject({ status: 'open', paymentRunId: null });
    // The other organisation's picker never shows this organisation's runs.
    const theirs = (await openRunsFor(runClient(testApp, other.admin), foreignPayment)).json<OpenPaymentRuns>();
    expect(theirs.items.map((entry) => entry.id)).not.toContain(run.id);
  });

  it('needs payment_runs:manage', async () => {
    const run = await newRun();
    const payment = await insertOpenTransaction(testApp, org.id);
    const asClerk = runClient(testApp, clerk);
    const refused = await join(asClerk, run.id, payment, run.version);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'permission_denied' });
    expect((await openRunsFor(asClerk, payment)).statusCode).toBe(403);
    expect((await transactionRows(testApp, org.id, [payment]))[0]).toMatchObject({ status: 'open', paymentRunId: null });
  });
});
