import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, normalizeIban, todayIso, type ApprovalFlow, type Invoice } from '@kontor/domain';
import { activityLog, approvalRequests, invoices, paymentRuns, transactions } from '../src/db/schema';
import { addApprover, approvalClient, flowBody } from './approval-fixtures';
import { createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { createMasterData, insertInvoiceRow, validFields } from './invoice-fixtures';
import { insertRun } from './transactions-fixtures';

const inDays = (days: number) => addDaysIso(todayIso(), days);
/** Today's invoice due in 20 days: its payment is planned for the due date. */
const DATES = () => ({ date: todayIso(), dueDate: inDays(20) });

/**
 * SPEC §4: "A reset removes all approvals and deletes a linked transaction", refused while that
 * transaction is approved or exported. The Reset action, an edit of total, currency or
 * counterparty (record, name or IBAN), cancel and archive all end approvals, so all follow it; an
 * edit that keeps the approvals but changes payment data renews the open payment.
 */
describe('every path that ends approvals follows the Reset; payment data follows the invoice', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let approver: TestUser;
  let admin: ReturnType<typeof approvalClient>;
  let flow: ApprovalFlow;
  let debitorId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Zahlungsfolge GmbH');
    ({ debitorId } = await createMasterData(testApp, org.id));
    approver = await addApprover(testApp, org.id, { name: 'Anna' });
    admin = approvalClient(testApp, org.admin);
    flow = (await admin.createFlow(flowBody([{ approvers: [approver], required: 1 }]))).json<ApprovalFlow>();
  });
  afterAll(async () => testApp.close());

  const form = (overrides: Parameters<typeof validFields>[1] = {}) => validFields(debitorId, { ...DATES(), ...overrides });

  /** An invoice as the form saves it, requested by the admin and approved by Anna: version 3, payment open. */
  async function approvedInvoice(): Promise<Invoice> {
    const { partialAmount, lineItems, counterpartyIban, ...fields } = form();
    expect([partialAmount, lineItems]).toEqual([[], []]);
    const id = await insertInvoiceRow(testApp, org.id, {
      ...fields,
      counterpartyIban: normalizeIban(counterpartyIban!),
      uploadedBy: org.admin.userId,
    });
    expect((await admin.requestApproval(id, 1, flow.id)).statusCode).toBe(200);
    const approved = await approvalClient(testApp, approver).approve(id, 2);
    expect(approved.statusCode, approved.body).toBe(200);
    const invoice = approved.json<Invoice>();
    expect(invoice).toMatchObject({ status: 'approved', version: 3, payment: { status: 'open', amount: 11_900 } });
    return invoice;
  }

  const edit = (invoice: Invoice, overrides: Parameters<typeof validFields>[1]) =>
    admin.send('PUT', `/api/invoices/${invoice.id}`, { ...form(overrides), version: invoice.version });
  const cancel = (invoice: Invoice) =>
    admin.send('POST', `/api/invoices/${invoice.id}/cancel`, { reason: 'Doppelt', version: invoice.version });
  const archive = (invoice: Invoice) => admin.send('POST', `/api/invoices/${invoice.id}/archive`, { version: invoice.version });
  const transactionsOf = (invoiceId: string) =>
    testApp.database.db.select().from(transactions).where(eq(transactions.invoiceId, invoiceId));
  const activityOf = (entityType: string, entityId: string) =>
    testApp.database.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.organizationId, org.id), eq(activityLog.entityType, entityType), eq(activityLog.entityId, entityId)),
      )
      .orderBy(activityLog.id);
  const requestStatusOf = async (invoiceId: string) =>
    (await testApp.database.db.select().from(approvalRequests).where(eq(approvalRequests.entityId, invoiceId))).map(
      (request) => request.status,
    );

  /** Puts the invoice's payment into a run of `runStatus` with `status` (as the payment-runs module would). */
  async function movePayment(invoiceId: string, set: Partial<typeof transactions.$inferInsert>, runStatus: string) {
    const run = await insertRun(testApp, org.id, {
      status: runStatus as typeof paymentRuns.$inferInsert.status,
      ...(runStatus === 'exported' ? { exportFileKey: 'x.xml' } : {}),
    });
    await testApp.database.db
      .update(transactions)
      .set({ ...set, paymentRunId: run.id })
      .where(eq(transactions.invoiceId, invoiceId));
    return run;
  }

  describe('ending approvals', () => {
    it('an edit of the total resets, deletes the open payment (logged), and the next approval pays the new amount', async () => {
      const invoice = await approvedInvoice();
      const [old] = await transactionsOf(invoice.id);
      const edited = await edit(invoice, { totalAmount: 12_000, netAmount: 10_084, taxAmount: 1_916 });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<Invoice>()).toMatchObject({ status: 'new', version: 4, payment: null, approval: { status: 'reset' } });
      expect(await transactionsOf(invoice.id)).toEqual([]);
      const trail = await activityOf('transaction', old!.id);
      expect(trail.map((entry) => entry.action)).toEqual(['create', 'delete']);
      expect(trail[1]!.changes).toMatchObject({ reason: 'invoice_reset', cause: 'edit', invoiceId: invoice.id, amount: 11_900 });

      // Before, the old payment stayed open and this approval answered it, at 119,00.
      expect((await admin.requestApproval(invoice.id, 4, flow.id)).statusCode).toBe(200);
      const again = (await approvalClient(testApp, approver).approve(invoice.id, 5)).json<Invoice>();
      expect(again.payment).toMatchObject({ status: 'open', amount: 12_000 });
      const [renewed] = await transactionsOf(invoice.id);
      expect(renewed!.id).not.toBe(old!.id);
    });

    it('an edit of only the counterparty name or IBAN (no counterparty record) resets and deletes the payment too', async () => {
      for (const change of [{ counterpartyName: 'Umgeleitet GmbH' }, { counterpartyIban: 'DE44 5001 0517 5407 3249 31' }]) {
        const invoice = await approvedInvoice();
        const edited = await edit(invoice, change);
        expect(edited.json<Invoice>()).toMatchObject({ status: 'new', payment: null, approval: { status: 'reset' } });
        expect(await transactionsOf(invoice.id)).toEqual([]);
      }
    });

    it('cancel and archive end the approvals and delete the open payment; one planned in a draft run leaves it', async () => {
      const cancelled = await approvedInvoice();
      const [cancelledPayment] = await transactionsOf(cancelled.id);
      expect((await cancel(cancelled)).json<Invoice>()).toMatchObject({ status: 'cancelled', approval: { status: 'reset' } });
      expect(await transactionsOf(cancelled.id)).toEqual([]);
      expect((await activityOf('transaction', cancelledPayment!.id))[1]!.changes).toMatchObject({ cause: 'cancel' });

      const archived = await approvedInvoice();
      const run = await movePayment(archived.id, { status: 'planned' }, 'draft');
      const [archivedPayment] = await transactionsOf(archived.id);
      expect((await archive(archived)).json<Invoice>()).toMatchObject({ status: 'archived', approval: { status: 'reset' } });
      expect(await transactionsOf(archived.id)).toEqual([]);
      expect((await activityOf('transaction', archivedPayment!.id))[1]!.changes).toMatchObject({
        cause: 'archive',
        paymentRunId: { from: run.id, to: null },
      });
      const [runAfter] = await testApp.database.db.select().from(paymentRuns).where(eq(paymentRuns.id, run.id));
      expect(runAfter!.version).toBe(run.version + 1);
      // Restored, it starts again as new: no payment, no approvals.
      const restored = await admin.send('POST', `/api/invoices/${archived.id}/restore`, { version: archived.version + 1 });
      expect(restored.json<Invoice>()).toMatchObject({ status: 'new', payment: null });
    });

    it("refuses an edit of who or how much, cancel and archive with the Reset's error while the payment is approved or exported", async () => {
      const cases = [
        { set: { status: 'approved' as const }, run: 'approved', code: 'approval_reset_transaction_approved' },
        {
          set: { status: 'exported' as const, exportedAt: new Date() },
          run: 'exported',
          code: 'approval_reset_transaction_exported',
        },
        { set: { status: 'planned' as const }, run: 'in_approval', code: 'payment_run_action_refused' },
      ];
      for (const { set, run, code } of cases) {
        const invoice = await approvedInvoice();
        await movePayment(invoice.id, set, run);
        const [payment] = await transactionsOf(invoice.id);
        const reset = await admin.reset(invoice.id, invoice.version);
        expect(reset.json().code, run).toBe(code);
        const attempts = [
          await edit(invoice, { totalAmount: 12_000, netAmount: 10_084, taxAmount: 1_916 }),
          await edit(invoice, { counterpartyName: 'Umgeleitet GmbH' }),
          await cancel(invoice),
          await archive(invoice),
        ];
        for (const attempt of attempts) {
          expect(attempt.statusCode, `${run}: ${attempt.body}`).toBe(409);
          // The same code, parameters and words as the Reset's own refusal.
          expect(attempt.json()).toEqual(reset.json());
        }
        // Nothing changed: the invoice, its approval, its payment.
        const [row] = await testApp.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
        expect(row).toMatchObject({ status: 'approved', version: 3, totalAmount: 11_900, counterpartyName: 'Lieferant GmbH' });
        expect(await requestStatusOf(invoice.id)).toEqual(['approved']);
        expect(await transactionsOf(invoice.id)).toEqual([payment]);
      }
    });

    it('archives an exported invoice with its approvals and exported payment untouched, and restores it as exported', async () => {
      const invoice = await approvedInvoice();
      await movePayment(invoice.id, { status: 'exported', exportedAt: new Date() }, 'exported');
      await testApp.database.db.update(invoices).set({ status: 'exported' }).where(eq(invoices.id, invoice.id));
      const [payment] = await transactionsOf(invoice.id);
      const archived = await archive(invoice);
      expect(archived.statusCode, archived.body).toBe(200);
      expect(archived.json<Invoice>()).toMatchObject({ status: 'archived', approval: { status: 'approved' } });
      expect(await transactionsOf(invoice.id)).toEqual([payment]);
      const restored = await admin.send('POST', `/api/invoices/${invoice.id}/restore`, { version: invoice.version + 1 });
      expect(restored.json<Invoice>()).toMatchObject({ status: 'exported', approval: { status: 'approved' } });
    });
  });

  describe('payment data of an approved invoice', () => {
    it('a new due date renews the open payment (logged) and keeps the approvals', async () => {
      const invoice = await approvedInvoice();
      const [old] = await transactionsOf(invoice.id);
      expect(old!.requestedExecutionDate).toBe(inDays(20));
      const edited = await edit(invoice, { dueDate: inDays(30) });
      expect(edited.statusCode, edited.body).toBe(200);
      const after = edited.json<Invoice>();
      expect(after).toMatchObject({ status: 'approved', version: 4, approval: { status: 'approved' } });
      expect(after.payment).toMatchObject({ status: 'open', amount: 11_900, requestedExecutionDate: inDays(30) });
      const [renewed] = await transactionsOf(invoice.id);
      expect(renewed!.id).not.toBe(old!.id);
      const trail = await activityOf('transaction', old!.id);
      expect(trail.map((entry) => [entry.action, (entry.changes as { reason?: string }).reason])).toEqual([
        ['create', undefined],
        ['delete', 'invoice_payment_changed'],
      ]);
      expect((await activityOf('transaction', renewed!.id)).map((entry) => entry.action)).toEqual(['create']);
    });

    it('an edit that changes nothing of the payment leaves it as it is', async () => {
      const invoice = await approvedInvoice();
      const [payment] = await transactionsOf(invoice.id);
      const edited = await edit(invoice, { notes: 'Nur eine Notiz', purchaseOrder: 'PO-7', counterpartyVat: 'DE129273398' });
      expect(edited.json<Invoice>()).toMatchObject({ status: 'approved', version: 4 });
      expect(await transactionsOf(invoice.id)).toEqual([payment]);
    });

    it('paid already, or no payment wanted: the open payment goes and none is made', async () => {
      for (const change of [{ alreadyPaid: true, alreadyPaidDate: todayIso() }, { shouldCreateTransaction: false }]) {
        const invoice = await approvedInvoice();
        const edited = await edit(invoice, change);
        expect(edited.statusCode, edited.body).toBe(200);
        expect(edited.json<Invoice>()).toMatchObject({ status: 'approved', payment: null });
        expect(await transactionsOf(invoice.id)).toEqual([]);
      }
    });

    it('a skonto on a payment planned in a draft run: the run loses it, a new open payment takes the skonto', async () => {
      const invoice = await approvedInvoice();
      const run = await movePayment(invoice.id, { status: 'planned' }, 'draft');
      const edited = await edit(invoice, { skontoRate: 200, skontoAmount: 238, skontoDate: inDays(10) });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<Invoice>().payment).toEqual(
        expect.objectContaining({ status: 'open', amount: 11_662, requestedExecutionDate: inDays(10), paymentRun: null }),
      );
      const [runAfter] = await testApp.database.db.select().from(paymentRuns).where(eq(paymentRuns.id, run.id));
      expect(runAfter!.version).toBe(run.version + 1);
    });

    it('refuses the edit while the payment is approved or exported, or its run is under approval', async () => {
      const cases = [
        {
          set: { status: 'approved' as const },
          run: 'approved',
          error: { code: 'transaction_action_refused', params: { status: 'approved' } },
        },
        {
          // Archived after its export: the money has still left.
          set: { status: 'archived' as const, exportedAt: new Date() },
          run: 'exported',
          error: { code: 'transaction_action_refused', params: { status: 'exported' } },
        },
        {
          set: { status: 'planned' as const },
          run: 'in_approval',
          error: { code: 'payment_run_action_refused', params: { status: 'in_approval' } },
        },
      ];
      for (const { set, run, error } of cases) {
        const invoice = await approvedInvoice();
        await movePayment(invoice.id, set, run);
        const [payment] = await transactionsOf(invoice.id);
        const edited = await edit(invoice, { dueDate: inDays(30) });
        expect(edited.statusCode, run).toBe(409);
        expect(edited.json()).toMatchObject(error);
        const [row] = await testApp.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
        expect(row).toMatchObject({ status: 'approved', version: 3, dueDate: inDays(20) });
        expect(await transactionsOf(invoice.id)).toEqual([payment]);
      }
    });
  });
});
