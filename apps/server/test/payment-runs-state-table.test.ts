import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  nextPaymentRunStatus,
  PAYMENT_RUN_EVENTS,
  PAYMENT_RUN_STATUSES,
  type PaymentRun,
  type PaymentRunEvent,
  type PaymentRunStatus,
} from '@kontor/domain';
import { setFourEyes } from './approval-fixtures';
import { createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { createRunFlow, insertOpenTransaction, runClient, transactionRows } from './payment-runs-fixtures';

/** SPEC §4: every event in every run status through the API; allowed ones succeed, the others refuse. */
describe('payment-run state table through the API', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let client: ReturnType<typeof runClient>;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Zustands GmbH');
    client = runClient(testApp, org.admin);
    await createRunFlow(testApp, org.admin, [org.admin]);
    // The admin approves the runs they create: the four-eyes principle has its own test.
    await setFourEyes(testApp, org.id, false);
  });
  afterAll(async () => testApp.close());

  /** A run of one transaction brought into `status` by the API itself. */
  async function runIn(status: PaymentRunStatus): Promise<{ run: PaymentRun; transactionId: string }> {
    const transactionId = await insertOpenTransaction(testApp, org.id);
    let run = (await client.create([transactionId])).json<PaymentRun>();
    const step = async (response: Promise<{ statusCode: number; body: string; json: <T>() => T }>) => {
      const answer = await response;
      expect(answer.statusCode, answer.body).toBe(200);
      run = answer.json<PaymentRun>();
    };
    if (status !== 'draft') await step(client.requestApproval(run.id, run.version));
    if (status === 'approved' || status === 'exported') await step(client.approve(run.id, run.version));
    if (status === 'rejected') await step(client.reject(run.id, run.version));
    if (status === 'exported') await step(client.export(run.id, run.version));
    expect(run.status).toBe(status);
    return { run, transactionId };
  }

  function fire(event: PaymentRunEvent, run: PaymentRun) {
    switch (event) {
      case 'request_approval':
        return client.requestApproval(run.id, run.version);
      case 'approve':
        return client.approve(run.id, run.version);
      case 'reject':
        return client.reject(run.id, run.version);
      case 'reset':
        return client.reset(run.id, run.version);
      case 'delete':
        return client.delete(run.id, run.version);
      case 'export':
        return client.export(run.id, run.version);
      case 'change_transactions':
        return insertOpenTransaction(testApp, org.id).then((id) => client.add(run.id, run.version, [id]));
    }
  }

  const cases = PAYMENT_RUN_STATUSES.flatMap((status) => PAYMENT_RUN_EVENTS.map((event) => [status, event] as const));

  it.each(cases)('%s + %s', async (status, event) => {
    const { run, transactionId } = await runIn(status);
    const next = nextPaymentRunStatus(status, event);
    const response = await fire(event, run);
    if (status === 'exported' && event === 'export') {
      // Not allowed as a move, but idempotent by design (item 4): the exported run comes back unchanged.
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<PaymentRun>()).toEqual(run);
      return;
    }
    if (next === null) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: 'payment_run_action_refused', params: { status } });
      expect((await client.get(run.id)).version).toBe(run.version);
      return;
    }
    if (next === 'deleted') {
      expect(response.statusCode, response.body).toBe(204);
      expect((await client.send('GET', `/api/payment-runs/${run.id}`)).statusCode).toBe(404);
      expect((await transactionRows(testApp, org.id, [transactionId]))[0]).toMatchObject({ status: 'open', paymentRunId: null });
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<PaymentRun>();
    expect(after.status).toBe(next);
    expect(after.version).toBe(run.version + 1);
    // The transactions follow the run: draft/in approval → planned, approved, rejected, exported.
    const expected: Record<PaymentRunStatus, string> = {
      draft: 'planned',
      in_approval: 'planned',
      approved: 'approved',
      rejected: 'rejected',
      exported: 'exported',
    };
    expect((await transactionRows(testApp, org.id, [transactionId]))[0]!.status).toBe(expected[next]);
  });
});
