import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, type PaymentRun, type PaymentRunSummary } from '@kontor/domain';
import { activityLog } from '../src/db/schema';
import { addApprover, outboxFor } from './approval-fixtures';
import { addMember, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import {
  activityOf,
  createRunFlow,
  IBAN,
  insertOpenTransaction,
  insertOpenTransactions,
  runClient,
  transactionRows,
} from './payment-runs-fixtures';

describe('payment runs: create, change, approve, reject, reset, delete (SPEC §4)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let approver: TestUser;
  let admin: ReturnType<typeof runClient>;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Zahlungs GmbH');
    other = await createOrganizationWithAdmin(testApp, 'Andere AG');
    approver = await addApprover(testApp, org.id, { name: 'Paula Prüferin', locale: 'de', permissions: ['payment_runs:manage'] });
    admin = runClient(testApp, org.admin);
    await createRunFlow(testApp, org.admin, [approver]);
  });
  afterAll(async () => testApp.close());

  it('creates a run from open transactions with figures and one payment block per debitor account and date', async () => {
    const [a, b] = await insertOpenTransactions(testApp, org.id, 2, { amount: 1_000, requestedExecutionDate: '2030-02-01' });
    const c = await insertOpenTransaction(testApp, org.id, {
      amount: 2_500,
      debitorIban: IBAN.debitorB,
      debitorName: 'Kontor Zweitkonto',
      requestedExecutionDate: '2030-01-20',
    });
    const response = await admin.create([a!, b!, c], 'November');
    expect(response.statusCode).toBe(201);
    const run = response.json<PaymentRun>();
    expect(run).toMatchObject({
      status: 'draft',
      origin: 'manual',
      name: 'November',
      transactionCount: 3,
      totalAmount: 4_500,
      earliestExecutionDate: '2030-01-20',
      version: 1,
      approval: null,
      canDecide: false,
      export: null,
    });
    expect(run.number).toBeGreaterThanOrEqual(1);
    expect(run.allowedEvents.sort()).toEqual(['change_transactions', 'delete', 'request_approval']);
    expect(run.paymentBlocks).toEqual(
      [
        {
          debitorIban: IBAN.debitorB,
          debitorName: 'Kontor Zweitkonto',
          requestedExecutionDate: '2030-01-20',
          count: 1,
          amount: 2_500,
        },
        {
          debitorIban: IBAN.debitorA,
          debitorName: 'Kontor Test GmbH',
          requestedExecutionDate: '2030-02-01',
          count: 2,
          amount: 2_000,
        },
      ].sort((x, y) => x.debitorIban.localeCompare(y.debitorIban)),
    );
    const rows = await transactionRows(testApp, org.id, [a!, b!, c]);
    expect(rows.every((row) => row.status === 'planned' && row.paymentRunId === run.id)).toBe(true);
    const log = await activityOf(testApp, org.id, run.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ entityType: 'payment_run', action: 'create' });
    expect(log[0]!.changes).toMatchObject({ added: { count: 3, amount: 4_500 } });
  });

  it('numbers runs per organisation without gaps', async () => {
    const first = (await admin.create([await insertOpenTransaction(testApp, org.id)])).json<PaymentRun>();
    const second = (await admin.create([await insertOpenTransaction(testApp, org.id)])).json<PaymentRun>();
    expect(second.number).toBe(first.number + 1);
    const abroad = (
      await runClient(testApp, other.admin).create([await insertOpenTransaction(testApp, other.id)])
    ).json<PaymentRun>();
    expect(abroad.number).toBe(1);
  });

  it('refuses transactions that are in another run, not open, or of another organisation', async () => {
    const taken = await insertOpenTransaction(testApp, org.id);
    expect((await admin.create([taken])).statusCode).toBe(201);
    const free = await insertOpenTransaction(testApp, org.id);
    const again = await admin.create([free, taken]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'transaction_in_other_run', params: { count: 1 } });
    const archived = await insertOpenTransaction(testApp, org.id, { status: 'archived' });
    expect((await admin.create([archived])).json()).toMatchObject({ code: 'transaction_in_other_run' });
    const foreign = await insertOpenTransaction(testApp, other.id);
    expect((await admin.create([foreign])).json()).toMatchObject({ code: 'transaction_in_other_run', params: { count: 1 } });
    expect((await transactionRows(testApp, org.id, [free]))[0]).toMatchObject({ status: 'open', paymentRunId: null });
    expect((await transactionRows(testApp, other.id, [foreign]))[0]).toMatchObject({ status: 'open', paymentRunId: null });
    expect((await admin.create([])).statusCode).toBe(400);
  });

  it('adds and removes transactions while a draft, with version checks', async () => {
    const [a, b] = await insertOpenTransactions(testApp, org.id, 2, { amount: 700 });
    const run = (await admin.create([a!])).json<PaymentRun>();
    const added = await admin.add(run.id, 1, [b!]);
    expect(added.json<PaymentRun>()).toMatchObject({ transactionCount: 2, totalAmount: 1_400, version: 2 });
    expect((await admin.add(run.id, 1, [await insertOpenTransaction(testApp, org.id)])).json().code).toBe('stale_version');
    const removed = await admin.remove(run.id, 2, [a!]);
    expect(removed.json<PaymentRun>()).toMatchObject({ transactionCount: 1, totalAmount: 700, version: 3 });
    expect((await transactionRows(testApp, org.id, [a!]))[0]).toMatchObject({ status: 'open', paymentRunId: null });
    const notInRun = await insertOpenTransaction(testApp, org.id);
    expect((await admin.remove(run.id, 3, [notInRun])).json().code).toBe('transaction_not_found');
    const log = await activityOf(testApp, org.id, run.id);
    expect(log.map((entry) => entry.action)).toEqual(['create', 'update', 'update']);
    expect(log[2]!.changes).toMatchObject({ removed: { count: 1, amount: 700 } });
  });

  it('requests approval through the payment-run flow, mails the approver in German and lets them approve', async () => {
    const ids = await insertOpenTransactions(testApp, org.id, 2, { amount: 12_345 });
    const run = (await admin.create(ids)).json<PaymentRun>();
    const requested = await admin.requestApproval(run.id, 1);
    expect(requested.statusCode).toBe(200);
    expect(requested.json<PaymentRun>()).toMatchObject({ status: 'in_approval', version: 2, canDecide: false });
    const mails = await outboxFor(testApp, org.id, approver.email);
    const mail = mails.find((entry) => entry.subject.includes(`PR-${run.number} `));
    expect(mail?.subject).toBe(`Zahlungslauf PR-${run.number} wartet auf Ihre Freigabe (${formatMoney(24_690, 'EUR')})`);
    expect(mail?.textBody).toContain(`/pr/${run.id}`);
    expect(mail?.textBody).toContain(`der Zahlungslauf PR-${run.number} mit 2 Zahlungen über ${formatMoney(24_690, 'EUR')}`);

    const asApprover = runClient(testApp, approver);
    expect((await asApprover.get(run.id)).canDecide).toBe(true);
    expect((await admin.approve(run.id, 2)).json().code).toBe('approval_not_your_turn');
    const approved = (await asApprover.approve(run.id, 2)).json<PaymentRun>();
    expect(approved).toMatchObject({ status: 'approved', version: 3, canDecide: false });
    expect(approved.approval).toMatchObject({ status: 'approved', flowName: 'Zahlungslauf' });
    expect((await transactionRows(testApp, org.id, ids)).map((row) => row.status)).toEqual(['approved', 'approved']);
    expect((await activityOf(testApp, org.id, run.id)).map((entry) => entry.action)).toEqual(['create', 'update', 'approve']);
  });

  it('says "1 Zahlung", not "1 Zahlungen", for a run of one payment', async () => {
    const [id] = await insertOpenTransactions(testApp, org.id, 1, { amount: 5_000 });
    const run = (await admin.create([id!])).json<PaymentRun>();
    expect((await admin.requestApproval(run.id, 1)).statusCode).toBe(200);
    const mail = (await outboxFor(testApp, org.id, approver.email)).find((entry) => entry.subject.includes(`PR-${run.number} `));
    expect(mail?.textBody).toContain(`der Zahlungslauf PR-${run.number} mit 1 Zahlung über ${formatMoney(5_000, 'EUR')}`);
  });

  it('rejects with a reason, asks again, resets and deletes', async () => {
    const ids = await insertOpenTransactions(testApp, org.id, 2);
    const run = (await admin.create(ids)).json<PaymentRun>();
    await admin.requestApproval(run.id, 1);
    const asApprover = runClient(testApp, approver);
    expect((await asApprover.send('POST', `/api/payment-runs/${run.id}/reject`, { version: 2, reason: ' ' })).statusCode).toBe(
      400,
    );
    const rejected = (await asApprover.reject(run.id, 2, 'Betrag prüfen')).json<PaymentRun>();
    expect(rejected).toMatchObject({ status: 'rejected', version: 3 });
    expect((await transactionRows(testApp, org.id, ids)).map((row) => row.status)).toEqual(['rejected', 'rejected']);

    const again = (await admin.requestApproval(run.id, 3)).json<PaymentRun>();
    expect(again).toMatchObject({ status: 'in_approval', version: 4 });
    expect((await transactionRows(testApp, org.id, ids)).map((row) => row.status)).toEqual(['planned', 'planned']);
    await asApprover.approve(run.id, 4);
    const reset = (await admin.reset(run.id, 5)).json<PaymentRun>();
    expect(reset).toMatchObject({ status: 'draft', version: 6 });
    expect(reset.approval).toMatchObject({ status: 'reset' });
    expect((await transactionRows(testApp, org.id, ids)).map((row) => row.status)).toEqual(['planned', 'planned']);

    expect((await admin.delete(run.id, 5)).json().code).toBe('stale_version');
    expect((await admin.delete(run.id, 6)).statusCode).toBe(204);
    expect((await admin.send('GET', `/api/payment-runs/${run.id}`)).statusCode).toBe(404);
    const rows = await transactionRows(testApp, org.id, ids);
    expect(rows.every((row) => row.status === 'open' && row.paymentRunId === null)).toBe(true);
    const log = await activityOf(testApp, org.id, run.id);
    expect(log.map((entry) => entry.action)).toEqual(['create', 'update', 'reject', 'update', 'approve', 'reset', 'delete']);
    expect(log.at(-1)!.changes).toMatchObject({ number: run.number, removed: { count: 2, amount: 20_000 } });
    // The approval requests' entries name the run one way, opened and reset alike.
    const requestLog = await testApp.database.db
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(
        and(
          eq(activityLog.organizationId, org.id),
          eq(activityLog.entityType, 'approval_request'),
          sql`${activityLog.changes}->>'paymentRunId' = ${run.id}`,
        ),
      )
      .orderBy(activityLog.createdAt);
    expect(requestLog.map((entry) => entry.action)).toEqual(['create', 'create', 'reset']);
  });

  it('refuses a request when no flow applies, and when the run is empty', async () => {
    const bare = await createOrganizationWithAdmin(testApp, 'Ohne Ablauf GmbH');
    const client = runClient(testApp, bare.admin);
    const [a] = await insertOpenTransactions(testApp, bare.id, 1);
    const run = (await client.create([a!])).json<PaymentRun>();
    expect((await client.requestApproval(run.id, 1)).json()).toMatchObject({ code: 'payment_run_flow_not_found' });
    await createRunFlow(testApp, bare.admin, [bare.admin]);
    await client.remove(run.id, 1, [a!]);
    const empty = await client.requestApproval(run.id, 2);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().code).toBe('payment_run_empty');
  });

  it('lists runs newest first with a status filter and keyset paging', async () => {
    const listed: PaymentRunSummary[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: PaymentRunSummary[]; nextCursor: string | null } = (
        await admin.list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      listed.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const all = (await admin.list('limit=200')).json<{ items: PaymentRunSummary[] }>().items;
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(listed.map((run) => run.id)).toEqual(all.map((run) => run.id));
    const created = listed.map((run) => run.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const approved = (await admin.list('status=approved')).json<{ items: PaymentRunSummary[] }>().items;
    expect(approved.length).toBeGreaterThan(0);
    expect(approved.every((run) => run.status === 'approved')).toBe(true);
    expect((await admin.list('cursor=nonsense')).statusCode).toBe(400);
  });

  it('needs payment_runs:manage', async () => {
    const clerk = await addMember(testApp, org.id, ['ap_invoices:manage']);
    expect((await runClient(testApp, clerk).list()).statusCode).toBe(403);
  });
});
