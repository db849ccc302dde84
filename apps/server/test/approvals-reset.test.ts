import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@kontor/domain';
import { approvalItems, invoices } from '../src/db/schema';
import { browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { addApprover, approvalClient, flowBody, insertApprovableInvoice } from './approval-fixtures';
import { createMasterData, validFields } from './invoice-fixtures';

describe('resetting approvals (SPEC §4)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let anna: TestUser;
  let requester: TestUser;
  let manager: TestUser;
  let admin: ReturnType<typeof approvalClient>;
  let debitorId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Reset GmbH');
    ({ debitorId } = await createMasterData(testApp, org.id));
    anna = await addApprover(testApp, org.id, { name: 'Anna' });
    requester = await addApprover(testApp, org.id, { name: 'Rita Requester' });
    manager = await addApprover(testApp, org.id, { name: 'Max Manager', permissions: ['ap_invoices:manage'] });
    admin = approvalClient(testApp, org.admin);
    expect((await admin.createFlow(flowBody([{ approvers: [anna], required: 1 }]))).statusCode).toBe(201);
  });
  afterAll(async () => testApp.close());

  /** An invoice Rita uploaded and sent for approval (version 2). */
  async function requestedByRita(): Promise<string> {
    const id = await insertApprovableInvoice(testApp, org.id, requester.userId);
    expect((await approvalClient(testApp, requester).requestApproval(id, 1)).statusCode).toBe(200);
    return id;
  }

  const waitingItems = async (id: string) =>
    (await testApp.database.db.select().from(approvalItems).where(eq(approvalItems.entityId, id))).filter(
      (item) => item.isWaiting,
    );

  it('lets the requester reset in approval, approved and rejected; new then refuses', async () => {
    const pending = await requestedByRita();
    const reset = (await approvalClient(testApp, requester).reset(pending, 2)).json<Invoice>();
    expect(reset).toMatchObject({ status: 'new', version: 3 });
    expect(reset.approval!.status).toBe('reset');
    expect(await waitingItems(pending)).toEqual([]);
    const again = await approvalClient(testApp, requester).reset(pending, 3);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'approval_reset_refused', params: { status: 'new' } });
    // A new request starts afresh.
    expect((await approvalClient(testApp, requester).requestApproval(pending, 3)).json().approval.status).toBe('pending');

    const approved = await requestedByRita();
    expect((await approvalClient(testApp, anna).approve(approved, 2)).json().status).toBe('approved');
    expect((await approvalClient(testApp, requester).reset(approved, 3)).json().status).toBe('new');

    const rejected = await requestedByRita();
    expect((await approvalClient(testApp, anna).reject(rejected, 2, 'Nein')).json().status).toBe('rejected');
    expect((await approvalClient(testApp, requester).reset(rejected, 3)).json().status).toBe('new');
    const entries = await admin.activity(rejected);
    expect(entries.map((entry) => [entry.entityType, entry.action]).slice(0, 2)).toEqual([
      ['invoice', 'update'],
      ['approval_request', 'reset'],
    ]);
  });

  it('forbids others without ap_invoices:manage; managers and admins may reset', async () => {
    const id = await requestedByRita();
    const forbidden = await approvalClient(testApp, anna).reset(id, 2);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('approval_reset_forbidden');
    expect((await approvalClient(testApp, manager).reset(id, 2)).json().status).toBe('new');
    const other = await requestedByRita();
    expect((await admin.reset(other, 2)).json().status).toBe('new');
  });

  /** An invoice as validFields() saves it (no counterparty record), in approval by Rita (version 2). */
  async function formInvoiceInApproval(): Promise<string> {
    const id = await insertApprovableInvoice(testApp, org.id, requester.userId, { totalAmount: 11900 });
    const { counterpartyName, counterpartyIban, invoiceNumber, date } = validFields(debitorId);
    await testApp.database.db
      .update(invoices)
      .set({ invoiceNumber, date, counterpartyName, counterpartyIban: counterpartyIban!.replace(/\s/g, '') })
      .where(eq(invoices.id, id));
    expect((await approvalClient(testApp, requester).requestApproval(id, 1)).statusCode).toBe(200);
    return id;
  }

  it('resets when total, currency or counterparty change, not for other edits', async () => {
    const id = await insertApprovableInvoice(testApp, org.id, requester.userId, { totalAmount: 11900 });
    const { counterpartyName, counterpartyIban } = validFields(debitorId);
    await testApp.database.db
      .update(invoices)
      // The IBAN as stored with blanks: how it is written is no change of counterparty.
      .set({ invoiceNumber: 'RE-2026-001', date: '2026-11-01', counterpartyName, counterpartyIban })
      .where(eq(invoices.id, id));
    const rita = approvalClient(testApp, requester);
    expect((await rita.requestApproval(id, 1)).statusCode).toBe(200);
    const edit = (version: number, overrides: Parameters<typeof validFields>[1]) =>
      rita.send('PUT', `/api/invoices/${id}`, { ...validFields(debitorId, overrides), version });
    const notes = await edit(2, { notes: 'nur eine Notiz' });
    expect(notes.json<Invoice>()).toMatchObject({ status: 'in_approval', version: 3 });
    const total = await edit(3, { totalAmount: 12000, netAmount: 10084, taxAmount: 1916 });
    expect(total.statusCode).toBe(200);
    expect(total.json<Invoice>()).toMatchObject({ status: 'new', version: 4 });
    expect(total.json<Invoice>().approval!.status).toBe('reset');
    expect(await waitingItems(id)).toEqual([]);
    const entries = await rita.activity(id);
    expect(entries[0]!.changes).toMatchObject({ status: { from: 'in_approval', to: 'new' } });
    expect(entries[1]).toMatchObject({ entityType: 'approval_request', action: 'reset', changes: { cause: 'edit' } });
  });

  it('resets when only the counterparty name or IBAN changes, on an invoice without a counterparty record', async () => {
    const rita = approvalClient(testApp, requester);
    const changes = [
      { sent: { counterpartyName: 'Andere Lieferant GmbH' }, stored: { counterpartyName: 'Andere Lieferant GmbH' } },
      { sent: { counterpartyIban: 'DE44 5001 0517 5407 3249 31' }, stored: { counterpartyIban: 'DE44500105175407324931' } },
    ];
    for (const { sent, stored } of changes) {
      const id = await formInvoiceInApproval();
      const edited = await rita.send('PUT', `/api/invoices/${id}`, { ...validFields(debitorId, sent), version: 2 });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<Invoice>()).toMatchObject({ status: 'new', version: 3, ...stored });
      expect(edited.json<Invoice>().approval!.status).toBe('reset');
      expect(await waitingItems(id)).toEqual([]);
      const entries = await rita.activity(id);
      expect(entries[1]).toMatchObject({ entityType: 'approval_request', action: 'reset', changes: { cause: 'edit' } });
    }
  });

  it('closes the request when the invoice is cancelled', async () => {
    const id = await requestedByRita();
    const cancelled = await testApp.app.inject({
      method: 'POST',
      url: `/api/invoices/${id}/cancel`,
      headers: browser(requester.cookie),
      payload: { reason: 'Doppelt', version: 2 },
    });
    expect(cancelled.json<Invoice>()).toMatchObject({ status: 'cancelled' });
    expect(cancelled.json<Invoice>().approval!.status).toBe('reset');
    expect(await waitingItems(id)).toEqual([]);
  });
});
