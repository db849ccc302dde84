import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REQUIRED_FIELDS, type ApprovalFlow, type Invoice } from '@kontor/domain';
import { eq } from 'drizzle-orm';
import { counterparties, invoices } from '../src/db/schema';
import { browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import {
  addApprover,
  approvalClient,
  APPROVABLE_BASE_FIELDS,
  flowBody,
  insertApprovableInvoice,
  outboxFor,
} from './approval-fixtures';
import { insertInvoiceRow, uploadInvoice } from './invoice-fixtures';

describe('requesting approval of an invoice (SPEC §4)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let anna: TestUser;
  let ben: TestUser;
  let admin: ReturnType<typeof approvalClient>;
  let standard: ApprovalFlow;
  let large: ApprovalFlow;
  let special: ApprovalFlow;
  let supplierId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Anfrage GmbH');
    anna = await addApprover(testApp, org.id, { name: 'Anna Approver', locale: 'de' });
    ben = await addApprover(testApp, org.id, { name: 'Ben Approver', locale: 'en' });
    admin = approvalClient(testApp, org.admin);
    const [supplier] = await testApp.database.db
      .insert(counterparties)
      .values({ organizationId: org.id, name: 'Papier & Co. KG' })
      .returning();
    supplierId = supplier!.id;
  });
  afterAll(async () => testApp.close());

  it('answers flow_not_found while no flow applies', async () => {
    const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    expect((await admin.matchingFlow(id)).json()).toEqual({ matching: null, flows: [] });
    const refused = await admin.requestApproval(id, 1);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('flow_not_found');
    expect((await admin.invoice(id)).status).toBe('new');
  });

  it('chooses the first flow whose conditions hold, else the default; a flow picked by hand wins', async () => {
    standard = (await admin.createFlow(flowBody([{ approvers: [anna], required: 1 }], { name: 'Standard' }))).json();
    large = (
      await admin.createFlow(
        flowBody(
          [
            { approvers: [anna], required: 1 },
            { approvers: [ben], required: 1 },
          ],
          {
            name: 'Groß',
            isDefault: false,
            conditions: [{ kind: 'amount_above', amount: 1_000_000, currency: 'EUR' }],
          },
        ),
      )
    ).json();
    special = (
      await admin.createFlow(
        flowBody([{ approvers: [ben], required: 1 }], {
          name: 'Papier',
          isDefault: false,
          conditions: [{ kind: 'counterparty', counterpartyIds: [supplierId] }],
        }),
      )
    ).json();

    const big = await insertApprovableInvoice(testApp, org.id, org.admin.userId, { totalAmount: 2_000_000 });
    const small = await insertApprovableInvoice(testApp, org.id, org.admin.userId, { totalAmount: 5_000 });
    const paper = await insertApprovableInvoice(testApp, org.id, org.admin.userId, { counterpartyId: supplierId });
    const matching = (await admin.matchingFlow(big)).json();
    expect(matching.matching).toEqual({ id: large.id, name: 'Groß', reason: 'conditions' });
    expect(matching.flows.map((flow: { name: string; stepCount: number }) => [flow.name, flow.stepCount])).toEqual([
      ['Standard', 1],
      ['Groß', 2],
      ['Papier', 1],
    ]);
    // No condition holds for the small invoice: the default applies, and the answer says so and
    // names, per flow, the conditions it does not meet (issue 59).
    const fallback = (await admin.matchingFlow(small)).json();
    expect(fallback.matching).toMatchObject({ name: 'Standard', reason: 'default' });
    expect(fallback.flows.map((flow: { name: string; unmetConditions: unknown[] }) => [flow.name, flow.unmetConditions])).toEqual(
      [
        ['Standard', []],
        ['Groß', [{ kind: 'amount_above', amount: 1_000_000, currency: 'EUR' }]],
        ['Papier', [{ kind: 'counterparty', counterpartyIds: [supplierId] }]],
      ],
    );
    expect((await admin.matchingFlow(paper)).json().matching.name).toBe('Papier');

    const requested = await admin.requestApproval(big, 1);
    expect(requested.statusCode).toBe(200);
    const invoice = requested.json<Invoice>();
    expect(invoice).toMatchObject({ status: 'in_approval', version: 2 });
    expect(invoice.approval).toMatchObject({
      flowName: 'Groß',
      status: 'pending',
      currentStep: 0,
      requestedBy: org.admin.userId,
    });
    expect(invoice.approval!.steps.map((step) => step.items.map((item) => [item.approverName, item.decision]))).toEqual([
      [['Anna Approver', 'pending']],
      [['Ben Approver', 'pending']],
    ]);

    const byHand = await admin.requestApproval(small, 1, special.id);
    expect(byHand.json<Invoice>().approval!.flowName).toBe('Papier');
    const unknown = await admin.requestApproval(paper, 1, '00000000-0000-4000-8000-000000000001');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('approval_flow_not_found');
  });

  it('refuses a stale version and a status that does not allow a request', async () => {
    const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    expect((await admin.requestApproval(id, 7)).json().code).toBe('stale_version');
    expect((await admin.requestApproval(id, 1)).statusCode).toBe(200);
    const again = await admin.requestApproval(id, 2);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'invoice_action_refused', params: { status: 'in_approval' } });
  });

  it('notifies the approvers of the opened step in their language, with a link into the app', async () => {
    const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId, { totalAmount: 2_000_000 });
    await admin.requestApproval(id, 1, large.id);
    const [mail] = (await outboxFor(testApp, org.id, anna.email)).filter((row) => row.textBody.includes(id));
    expect(mail!.subject).toContain('Freigabe erforderlich: Papier & Co. KG');
    expect(mail!.subject).toContain('20.000,00');
    expect(mail!.textBody).toContain(`http://localhost:3000/${org.slug}/invoices/my-approvals/${id}`);
    expect((await outboxFor(testApp, org.id, ben.email)).some((row) => row.textBody.includes(id))).toBe(false);

    // Anna approves step 1: Ben (English) is told now.
    const version = (await admin.invoice(id)).version;
    expect((await approvalClient(testApp, anna).approve(id, version)).statusCode).toBe(200);
    const [english] = (await outboxFor(testApp, org.id, ben.email)).filter((row) => row.textBody.includes(id));
    expect(english!.subject).toMatch(/^Approval needed: Papier & Co\. KG/);
    expect(english!.textBody).toContain('step 2 of 2');
  });

  it('names a missing counterparty in the subject and the text as words of their own', async () => {
    const id = await insertInvoiceRow(testApp, org.id, {
      uploadedBy: org.admin.userId,
      ...APPROVABLE_BASE_FIELDS,
      counterpartyName: null,
      invoiceNumber: 'RE-OHNE-NAME',
      totalAmount: 2_000_000,
      currency: 'EUR',
    });
    expect((await admin.requestApproval(id, 1, large.id)).statusCode).toBe(200);
    const [mail] = (await outboxFor(testApp, org.id, anna.email)).filter((row) => row.textBody.includes(id));
    expect(mail!.subject).toMatch(/^Freigabe erforderlich: Unbekannter Geschäftspartner RE-OHNE-NAME \(20\.000,00\s€\)$/);
    expect(mail!.textBody).toContain('die Rechnung RE-OHNE-NAME von einem unbekannten Geschäftspartner über 20.000,00');
  });

  it("refuses an uploaded, never saved invoice: SPEC §5's base fields are named in the caller's language", async () => {
    const uploaded = await uploadInvoice(testApp, org.admin.cookie);
    // The invoice says so before anyone asks: the request dialog lists them and waits.
    const base = ['invoiceNumber', 'date', 'dueDate', 'currency', 'taxRate', 'totalAmount'];
    expect(uploaded.missingRequiredFields).toEqual({ request_approval: base, first_approval: base, last_approval: base });
    const request = (locale: 'de' | 'en') =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/invoices/${uploaded.id}/request-approval`,
        headers: browser(org.admin.cookie, { 'accept-language': locale }),
        payload: { version: uploaded.version, flowId: standard.id },
      });
    const german = await request('de');
    expect(german.statusCode).toBe(422);
    expect(german.json()).toMatchObject({
      code: 'required_fields_missing',
      params: { fields: 'Rechnungsnummer, Rechnungsdatum, Fälligkeitsdatum, Währung, Steuersatz, Bruttobetrag' },
    });
    expect(german.json().message).toBe(
      'Füllen Sie zuerst die Pflichtfelder aus: Rechnungsnummer, Rechnungsdatum, Fälligkeitsdatum, Währung, Steuersatz, Bruttobetrag.',
    );
    expect(Object.keys(german.json().fieldErrors)).toEqual(base);
    expect((await request('en')).json().message).toBe(
      'Fill in the required fields first: Invoice number, Invoice date, Due date, Currency, Tax rate, Total amount.',
    );
    expect(await admin.invoice(uploaded.id)).toMatchObject({ status: 'new', version: uploaded.version, approval: null });

    // A zero amount and a zero tax rate are values; one field still missing is named alone.
    const { db } = testApp.database;
    await db
      .update(invoices)
      .set({ invoiceNumber: 'RE-NULL', ...APPROVABLE_BASE_FIELDS, taxRate: 0, currency: 'EUR', totalAmount: null })
      .where(eq(invoices.id, uploaded.id));
    expect((await request('de')).json().params).toEqual({ fields: 'Bruttobetrag' });
    await db.update(invoices).set({ totalAmount: 0 }).where(eq(invoices.id, uploaded.id));
    expect((await request('de')).statusCode).toBe(200);
  });

  it('refuses the final approval while a base field is missing (changed under the request), and approves once it is filled', async () => {
    const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    // Ben alone approves in this flow: his approval is the final one.
    expect((await admin.requestApproval(id, 1, special.id)).statusCode).toBe(200);
    const { db } = testApp.database;
    // Not through the form (which checks them on save): an import or an older version of Kontor.
    await db.update(invoices).set({ dueDate: null, totalAmount: null }).where(eq(invoices.id, id));
    const refused = await approvalClient(testApp, ben).approve(id, 2);
    expect(refused.statusCode).toBe(422);
    // Ben reads English (users.locale).
    expect(refused.json()).toMatchObject({ code: 'required_fields_missing', params: { fields: 'Due date, Total amount' } });
    const waiting = await admin.invoice(id);
    expect(waiting).toMatchObject({ status: 'in_approval', version: 2, payment: null });
    expect(waiting.approval!.steps[0]!.items[0]!.decision).toBe('pending');
    await db.update(invoices).set({ dueDate: '2026-12-31', totalAmount: 5_000 }).where(eq(invoices.id, id));
    expect((await approvalClient(testApp, ben).approve(id, 2)).json<Invoice>().status).toBe('approved');
  });

  it('logs the request and the status change', async () => {
    const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    await admin.requestApproval(id, 1);
    const entries = await admin.activity(id);
    expect(entries.map((entry) => [entry.entityType, entry.action])).toEqual([
      ['invoice', 'update'],
      ['approval_request', 'create'],
    ]);
    expect(entries[0]!.changes).toEqual({ status: { from: 'new', to: 'in_approval' } });
  });

  it("enforces the required fields at request, first and last approval in the caller's language", async () => {
    const settings = {
      ...DEFAULT_REQUIRED_FIELDS,
      notes: 'request_approval',
      purchaseOrder: 'first_approval',
      paymentTerms: 'last_approval',
    };
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: `/api/organization/${org.id}/required-fields`,
      headers: browser(org.admin.cookie),
      payload: { version: 1, requiredFields: settings },
    });
    expect(saved.statusCode).toBe(200);
    const id = await insertApprovableInvoice(testApp, org.id, org.admin.userId);
    const refused = await testApp.app.inject({
      method: 'POST',
      url: `/api/invoices/${id}/request-approval`,
      headers: browser(org.admin.cookie, { 'accept-language': 'de' }),
      payload: { version: 1, flowId: standard.id },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'required_fields_missing', params: { fields: 'Notizen' } });
    expect(Object.keys(refused.json().fieldErrors)).toEqual(['notes']);

    const { db } = testApp.database;
    await db.update(invoices).set({ notes: 'ok' }).where(eq(invoices.id, id));
    expect((await admin.requestApproval(id, 1, standard.id)).statusCode).toBe(200);
    const first = await approvalClient(testApp, anna).approve(id, 2);
    expect(first.statusCode).toBe(422);
    // Anna's language is German (users.locale); her approval completes the only step: the last approval.
    expect(first.json().params.fields).toBe('Bestellung, Zahlungsbedingungen');
    await db.update(invoices).set({ purchaseOrder: 'PO-1', paymentTerms: '14 Tage' }).where(eq(invoices.id, id));
    expect((await approvalClient(testApp, anna).approve(id, 2)).json().status).toBe('approved');
  });
});
