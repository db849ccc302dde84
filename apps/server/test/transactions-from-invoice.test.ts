import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIso, type ApprovalFlow, type Invoice, type Transaction } from '@kontor/domain';
import { activityLog, invoices, organizations, paymentRuns, transactions } from '../src/db/schema';
import { addApprover, approvalClient, APPROVABLE_BASE_FIELDS, flowBody } from './approval-fixtures';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { insertInvoiceRow } from './invoice-fixtures';
import { IBANS, insertCompanyAccount, insertCounterparty, insertRun } from './transactions-fixtures';

/** Business days as the server computes them (todayIso, Europe/Berlin). */
const today = () => todayIso();
// Calendar days, as the server counts them (instants would shift a day around a DST change).
const inDays = (days: number) => addDaysIso(todayIso(), days);

describe('transactions from approved invoices (issue 7 item 2, SPEC §4)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let approver: TestUser;
  let payer: TestUser;
  let admin: ReturnType<typeof approvalClient>;
  let flow: ApprovalFlow;
  let debitorId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Rechnungen & Zahlungen GmbH');
    approver = await addApprover(testApp, org.id, { name: 'Anna' });
    payer = await addMember(testApp, org.id, ['payment_runs:manage']);
    admin = approvalClient(testApp, org.admin);
    flow = (await admin.createFlow(flowBody([{ approvers: [approver], required: 1 }]))).json();
    debitorId = (await insertCompanyAccount(testApp, org.id)).id;
  });
  afterAll(async () => testApp.close());

  /** An invoice taken through request and the one approval of the flow; answers it approved (version 3). */
  async function approvedInvoice(values: Partial<typeof invoices.$inferInsert> = {}): Promise<Invoice> {
    const id = await insertInvoiceRow(testApp, org.id, {
      uploadedBy: org.admin.userId,
      ...APPROVABLE_BASE_FIELDS,
      counterpartyName: 'Papier & Co. KG',
      counterpartyIban: 'DE02 1203 0000 0000 2020 51',
      invoiceNumber: `RE-${Math.floor(Math.random() * 1e6)}`,
      totalAmount: 100_000,
      currency: 'EUR',
      dueDate: inDays(20),
      ...values,
    });
    expect((await admin.requestApproval(id, 1, flow.id)).statusCode).toBe(200);
    const approved = await approvalClient(testApp, approver).approve(id, 2);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Invoice>().status).toBe('approved');
    return approved.json<Invoice>();
  }

  const changesOf = (entry: { changes: unknown }) => (entry.changes ?? {}) as Record<string, unknown>;
  const transactionOf = async (invoiceId: string) =>
    testApp.database.db.select().from(transactions).where(eq(transactions.invoiceId, invoiceId));
  const activity = (entityId: string) =>
    testApp.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.organizationId, org.id), eq(activityLog.entityId, entityId)));
  const fromInvoice = (invoiceId: string, locale = 'en') =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/transactions/from-invoice/${invoiceId}`,
      headers: browser(payer.cookie, { 'accept-language': locale }),
    });

  it('shows the payment on the invoice: none before approval, then its status, amount, date and run', async () => {
    const getInvoice = async (id: string) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/invoices/${id}`,
        headers: browser(org.admin.cookie),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Invoice>();
    };
    const unapproved = await insertInvoiceRow(testApp, org.id, { uploadedBy: org.admin.userId, totalAmount: 5_000 });
    expect((await getInvoice(unapproved)).payment).toBeNull();

    const invoice = await approvedInvoice({ totalAmount: 123_456 });
    const [row] = await transactionOf(invoice.id);
    expect((await getInvoice(invoice.id)).payment).toEqual({
      id: row!.id,
      status: 'open',
      isExported: false,
      amount: 123_456,
      currency: 'EUR',
      requestedExecutionDate: inDays(20),
      paymentRun: null,
    });

    const run = await insertRun(testApp, org.id, { status: 'draft' });
    await testApp.database.db
      .update(transactions)
      .set({ status: 'planned', paymentRunId: run.id })
      .where(eq(transactions.id, row!.id));
    expect((await getInvoice(invoice.id)).payment).toMatchObject({
      status: 'planned',
      paymentRun: { id: run.id, number: run.number },
    });
  });

  it('creates the payment on the final approval: amount, due date, debitor, creditor, remittance, end-to-end id', async () => {
    const counterparty = await insertCounterparty(
      testApp,
      org.id,
      { street: 'Ring 5', zip: '50667', city: 'Köln', country: 'DE' },
      [{ iban: IBANS.supplier }],
    );
    const invoice = await approvedInvoice({ counterpartyId: counterparty.id, invoiceNumber: 'RE-2026-0042' });
    const [row] = await transactionOf(invoice.id);
    expect(row).toMatchObject({
      status: 'open',
      origin: 'invoice',
      amount: 100_000,
      skontoApplied: false,
      requestedExecutionDate: inDays(20),
      debitorBankAccountId: debitorId,
      // Names are in the SEPA character set: "&" becomes "+".
      debitorName: 'Rechnungen + Zahlungen GmbH',
      debitorIban: IBANS.debitor,
      creditorName: 'Papier + Co. KG',
      creditorIban: IBANS.supplier,
      creditorAddress: { street: 'Ring 5', zip: '50667', city: 'Köln', country: 'DE' },
      counterpartyId: counterparty.id,
      remittanceInformation: 'RE-2026-0042',
      endToEndId: `INV${invoice.id.replace(/-/g, '').toUpperCase()}`,
    });
    expect(row!.analysedAt).not.toBeNull();
    expect((await activity(row!.id)).map((entry) => entry.action)).toEqual(['create']);

    // The payment can be read through the API with its invoice number.
    const view = await testApp.app.inject({ method: 'GET', url: `/api/transactions/${row!.id}`, headers: browser(payer.cookie) });
    expect(view.json<Transaction>()).toMatchObject({
      invoiceId: invoice.id,
      invoiceNumber: 'RE-2026-0042',
      counterpartyName: counterparty.name,
    });
  });

  describe('amount and execution date', () => {
    it('takes the skonto when paid by the skonto date, which becomes the execution date', async () => {
      const invoice = await approvedInvoice({ skontoAmount: 2_000, skontoDate: inDays(5) });
      const [row] = await transactionOf(invoice.id);
      expect(row).toMatchObject({
        amount: 98_000,
        skontoApplied: true,
        skontoDiscount: 2_000,
        requestedExecutionDate: inDays(5),
      });
    });

    it('computes the skonto from the rate when no amount is given', async () => {
      const invoice = await approvedInvoice({ skontoRate: 300, skontoDate: inDays(5) });
      const [row] = await transactionOf(invoice.id);
      expect(row).toMatchObject({ amount: 97_000, skontoDiscount: 3_000 });
    });

    it('pays the full amount on the due date once the skonto date has passed', async () => {
      const invoice = await approvedInvoice({ skontoAmount: 2_000, skontoDate: inDays(-2) });
      const [row] = await transactionOf(invoice.id);
      expect(row).toMatchObject({ amount: 100_000, skontoApplied: false, skontoDiscount: 0, requestedExecutionDate: inDays(20) });
    });

    it('keeps the skonto on the due date when the deadline is ignored', async () => {
      const invoice = await approvedInvoice({ skontoAmount: 2_000, skontoDate: inDays(-2), skontoIgnoreDeadline: true });
      const [row] = await transactionOf(invoice.id);
      expect(row).toMatchObject({ amount: 98_000, skontoApplied: true, requestedExecutionDate: inDays(20) });
    });

    it('never schedules in the past: an overdue invoice is paid today', async () => {
      const invoice = await approvedInvoice({ dueDate: inDays(-10) });
      expect((await transactionOf(invoice.id))[0]!.requestedExecutionDate).toBe(today());
    });

    it('pays as soon as possible under that payment strategy', async () => {
      await testApp.database.db
        .update(organizations)
        .set({ paymentStrategy: 'as_soon_as_possible' })
        .where(eq(organizations.id, org.id));
      try {
        const invoice = await approvedInvoice({ skontoAmount: 2_000, skontoDate: inDays(5) });
        expect((await transactionOf(invoice.id))[0]).toMatchObject({ requestedExecutionDate: today(), amount: 98_000 });
      } finally {
        await testApp.database.db.update(organizations).set({ paymentStrategy: 'due_date' }).where(eq(organizations.id, org.id));
      }
    });
  });

  describe('when no payment is created', () => {
    it('creates none when creating is turned off or the invoice is already paid, and logs nothing about it', async () => {
      for (const values of [{ shouldCreateTransaction: false }, { alreadyPaid: true, alreadyPaidDate: today() }]) {
        const invoice = await approvedInvoice(values);
        expect(await transactionOf(invoice.id)).toHaveLength(0);
        const notCreated = (await activity(invoice.id)).filter((entry) => 'transactionNotCreated' in changesOf(entry));
        expect(notCreated).toHaveLength(0);
      }
    });

    it('approves anyway when the domain names problems, logs them on the invoice, and creates the payment later by route', async () => {
      const invoice = await approvedInvoice({ counterpartyIban: null });
      expect(await transactionOf(invoice.id)).toHaveLength(0);
      const logged = (await activity(invoice.id)).find((entry) => 'transactionNotCreated' in changesOf(entry));
      expect(logged!.changes).toEqual({ transactionNotCreated: ['no_creditor_iban'] });

      const refused = await fromInvoice(invoice.id);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'transaction_not_created', params: { problems: 'the invoice has no IBAN' } });
      expect(refused.json().message).toContain('the invoice has no IBAN');
      const german = await fromInvoice(invoice.id, 'de');
      expect(german.json().message).toContain('die Rechnung hat keine IBAN');

      await testApp.database.db.update(invoices).set({ counterpartyIban: IBANS.other }).where(eq(invoices.id, invoice.id));
      const created = await fromInvoice(invoice.id);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json<Transaction>()).toMatchObject({ invoiceId: invoice.id, creditor: { iban: IBANS.other } });
      // One payment per invoice: asking again answers the same one.
      const again = await fromInvoice(invoice.id);
      expect(again.statusCode).toBe(200);
      expect(again.json<Transaction>().id).toBe(created.json<Transaction>().id);
      expect(await transactionOf(invoice.id)).toHaveLength(1);
    });

    it('lists every problem, e.g. without any debitor account', async () => {
      const bare = await createOrganizationWithAdmin(testApp, 'Ohne Konto GmbH');
      const bareApprover = await addApprover(testApp, bare.id, { name: 'Bea' });
      const bareAdmin = approvalClient(testApp, bare.admin);
      const bareFlow = (await bareAdmin.createFlow(flowBody([{ approvers: [bareApprover], required: 1 }]))).json<ApprovalFlow>();
      const id = await insertInvoiceRow(testApp, bare.id, {
        uploadedBy: bare.admin.userId,
        ...APPROVABLE_BASE_FIELDS,
        invoiceNumber: 'RE-1',
        counterpartyName: 'X',
        counterpartyIban: 'DE00 0000',
        totalAmount: 500,
        currency: 'EUR',
      });
      await bareAdmin.requestApproval(id, 1, bareFlow.id);
      expect((await approvalClient(testApp, bareApprover).approve(id, 2)).json<Invoice>().status).toBe('approved');
      const response = await bareAdmin.send('POST', `/api/transactions/from-invoice/${id}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().params.problems).toBe(
        "no debitor bank account is chosen and the organisation has no default debitor account and the invoice's IBAN is not valid",
      );
    });

    it('refuses an invoice that is not approved', async () => {
      const id = await insertInvoiceRow(testApp, org.id, { uploadedBy: org.admin.userId, totalAmount: 100, currency: 'EUR' });
      const response = await fromInvoice(id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'invoice_action_refused', params: { status: 'new' } });
    });
  });

  describe('invoice reset (SPEC §4)', () => {
    it('deletes an open payment and creates a new one on the next approval', async () => {
      const invoice = await approvedInvoice();
      const [first] = await transactionOf(invoice.id);
      const reset = await admin.reset(invoice.id, invoice.version);
      expect(reset.statusCode, reset.body).toBe(200);
      expect(await transactionOf(invoice.id)).toHaveLength(0);
      expect((await activity(first!.id)).map((entry) => entry.action)).toEqual(['create', 'delete']);

      const reset2 = reset.json<Invoice>();
      expect((await admin.requestApproval(invoice.id, reset2.version, flow.id)).statusCode).toBe(200);
      expect((await approvalClient(testApp, approver).approve(invoice.id, reset2.version + 1)).statusCode).toBe(200);
      const second = await transactionOf(invoice.id);
      expect(second).toHaveLength(1);
      expect(second[0]!.id).not.toBe(first!.id);
    });

    it('takes a planned payment out of its draft run and bumps the run', async () => {
      const invoice = await approvedInvoice();
      const [row] = await transactionOf(invoice.id);
      const run = await insertRun(testApp, org.id, { status: 'draft' });
      await testApp.database.db
        .update(transactions)
        .set({ status: 'planned', paymentRunId: run.id })
        .where(eq(transactions.id, row!.id));
      expect((await admin.reset(invoice.id, invoice.version)).statusCode).toBe(200);
      expect(await transactionOf(invoice.id)).toHaveLength(0);
      const [after] = await testApp.database.db.select().from(paymentRuns).where(eq(paymentRuns.id, run.id));
      expect(after!.version).toBe(run.version + 1);
      const deleted = (await activity(row!.id)).find((entry) => entry.action === 'delete');
      expect(deleted!.changes).toMatchObject({ paymentRunId: { from: run.id, to: null } });
    });

    it('is refused while the payment is in a run under approval (the run must be reset first)', async () => {
      const invoice = await approvedInvoice();
      const [row] = await transactionOf(invoice.id);
      const run = await insertRun(testApp, org.id, { status: 'in_approval' });
      await testApp.database.db
        .update(transactions)
        .set({ status: 'planned', paymentRunId: run.id })
        .where(eq(transactions.id, row!.id));
      const response = await admin.reset(invoice.id, invoice.version);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'payment_run_action_refused', params: { status: 'in_approval' } });
      expect(await transactionOf(invoice.id)).toHaveLength(1);
      expect((await admin.invoice(invoice.id)).status).toBe('approved');
    });

    it('is refused while the payment is approved, exported, or was exported and archived', async () => {
      const cases = [
        { set: { status: 'approved' as const }, runStatus: 'approved' as const, code: 'approval_reset_transaction_approved' },
        {
          set: { status: 'exported' as const, exportedAt: new Date() },
          runStatus: 'exported' as const,
          code: 'approval_reset_transaction_exported',
        },
        {
          set: { status: 'archived' as const, exportedAt: new Date() },
          runStatus: 'exported' as const,
          code: 'approval_reset_transaction_exported',
        },
      ];
      for (const { set, runStatus, code } of cases) {
        const invoice = await approvedInvoice();
        const [row] = await transactionOf(invoice.id);
        const run = await insertRun(testApp, org.id, {
          status: runStatus,
          ...(runStatus === 'exported' ? { exportFileKey: 'x.xml' } : {}),
        });
        await testApp.database.db
          .update(transactions)
          .set({ ...set, paymentRunId: run.id })
          .where(eq(transactions.id, row!.id));
        const response = await admin.reset(invoice.id, invoice.version);
        expect(response.statusCode, code).toBe(409);
        expect(response.json().code).toBe(code);
        expect(await transactionOf(invoice.id)).toHaveLength(1);
      }
    });
  });

  it('keeps a counterparty with payments from being deleted', async () => {
    const counterparty = await insertCounterparty(testApp, org.id, {}, [{ iban: IBANS.supplier }]);
    await approvedInvoice({ counterpartyId: counterparty.id });
    const response = await admin.send('DELETE', `/api/counterparties/${counterparty.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'counterparty_in_use', params: { transactions: 1 } });
  });
});
