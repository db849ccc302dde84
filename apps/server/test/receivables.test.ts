import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArInvoice, ArInvoiceListItem } from '@kontor/domain';
import { activityLog, arInvoiceNumbering } from '../src/db/schema';
import { todayIso } from '@kontor/domain/dates';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { arInvoiceBody, insertCustomer } from './receivable-fixtures';

/** Issue 64: outgoing invoices — create, number, edit, pay, cancel, restore, list. */
describe('receivables', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let customer: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Forderung GmbH');
    customer = await insertCustomer(testApp, org.id);
  });
  afterAll(async () => testApp.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = org.admin.cookie) =>
    testApp.app.inject({ method, url: `/api/ar-invoices${url}`, headers: browser(cookie), ...(payload ? { payload } : {}) });
  const create = async (overrides: Parameters<typeof arInvoiceBody>[1] = {}, issue = true): Promise<ArInvoice> => {
    const response = await call('POST', '/', { ...arInvoiceBody(customer, overrides), issue });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ArInvoice>();
  };
  const act = async (invoice: ArInvoice, path: string, body: object = {}) =>
    call('POST', `/${invoice.id}/${path}`, { version: invoice.version, ...body });
  const list = async (query: string) => (await call('GET', `/?${query}`)).json<{ items: ArInvoiceListItem[] }>().items;

  it('computes line, tax-rate and document totals exactly and keeps a draft without a number', async () => {
    const draft = await create({}, false);
    expect(draft).toMatchObject({
      status: 'draft',
      invoiceNumber: null,
      netAmount: 166980,
      taxAmount: 30767,
      totalAmount: 197747,
      taxBreakdown: [
        { rate: 1900, basis: 158990, tax: 30208 },
        { rate: 700, basis: 7990, tax: 559 },
      ],
      counterpartyName: 'Kunde Nord GmbH',
    });
    expect(draft.lineItems.map((line) => [line.quantity, line.netAmount])).toEqual([
      [12.5, 150000],
      [1, 8990],
      [2, 7990],
    ]);
    const issued = await act(draft, 'issue');
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json<ArInvoice>()).toMatchObject({ status: 'outstanding', invoiceNumber: expect.stringMatching(/^RE-\d+$/) });
  });

  it('numbers issued invoices without gaps or doubles, also when issued at the same time', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => create()));
    const numbers = results.map((invoice) => Number(invoice.invoiceNumber!.slice(3))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers.at(-1)! - numbers[0]!).toBe(7);
    const [sequence] = await testApp.database.db
      .select()
      .from(arInvoiceNumbering)
      .where(eq(arInvoiceNumbering.organizationId, org.id));
    expect(sequence!.nextNumber).toBe(numbers.at(-1)! + 1);
  });

  it('records payments: partially paid, then paid; unpaid again; refuses a future date and more than is open', async () => {
    const invoice = await create();
    const future = await act(invoice, 'payments', { paidOn: '2999-01-01', amount: 100 });
    expect(future.statusCode).toBe(422);
    expect(future.json().code).toBe('ar_invoice_paid_in_future');
    const tooMuch = await act(invoice, 'payments', { paidOn: todayIso(), amount: invoice.totalAmount + 1 });
    expect(tooMuch.statusCode).toBe(400);

    const partial = (await act(invoice, 'payments', { paidOn: todayIso(), amount: 50000 })).json<ArInvoice>();
    expect(partial).toMatchObject({ status: 'partially_paid', paidAmount: 50000 });
    const paid = (await act(partial, 'payments', { paidOn: todayIso(), amount: invoice.totalAmount - 50000 })).json<ArInvoice>();
    expect(paid).toMatchObject({ status: 'paid', paidAmount: invoice.totalAmount, paidOn: todayIso() });
    const unpaid = (await act(paid, 'unpaid')).json<ArInvoice>();
    expect(unpaid).toMatchObject({ status: 'outstanding', paidAmount: 0, paidOn: null });
  });

  it('cancels with a reason, refuses to edit a canceled invoice, and restores it', async () => {
    const invoice = await create();
    const canceled = (await act(invoice, 'cancel', { reason: 'Doppelt erfasst' })).json<ArInvoice>();
    expect(canceled).toMatchObject({ status: 'canceled', cancelReason: 'Doppelt erfasst' });
    const edit = await call('PUT', `/${invoice.id}`, { ...arInvoiceBody(customer), version: canceled.version });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('ar_invoice_not_editable');
    const pay = await act(canceled, 'payments', { paidOn: todayIso(), amount: 100 });
    expect(pay.json().code).toBe('ar_invoice_transition');
    const restored = (await act(canceled, 'restore')).json<ArInvoice>();
    expect(restored).toMatchObject({ status: 'outstanding', cancelReason: null, invoiceNumber: invoice.invoiceNumber });

    const draft = await create({}, false);
    const canceledDraft = (await act(draft, 'cancel', { reason: 'Nicht gebraucht' })).json<ArInvoice>();
    expect((await act(canceledDraft, 'restore')).json<ArInvoice>().status).toBe('draft');
  });

  it('edits an unpaid invoice, logs what changed, and answers 409 to a stale edit', async () => {
    const invoice = await create();
    const edited = await call('PUT', `/${invoice.id}`, {
      ...arInvoiceBody(customer, {
        dueDate: '2026-12-20',
        lineItems: [{ description: 'Pauschale', quantity: 1, unit: null, unitPrice: 100000, taxRate: 1900 }],
      }),
      version: invoice.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<ArInvoice>()).toMatchObject({
      dueDate: '2026-12-20',
      totalAmount: 119000,
      lineItems: [{ description: 'Pauschale' }],
    });
    const stale = await call('PUT', `/${invoice.id}`, { ...arInvoiceBody(customer), version: invoice.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');

    const activity = (await call('GET', `/${invoice.id}/activity`)).json<{
      items: { action: string; changes: Record<string, unknown> }[];
    }>();
    expect(activity.items.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(activity.items[0]!.changes).toMatchObject({
      dueDate: { from: '2026-12-02', to: '2026-12-20' },
      totalAmount: { to: 119000 },
    });
    const rows = await testApp.database.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.organizationId, org.id),
          eq(activityLog.entityType, 'ar_invoice'),
          eq(activityLog.entityId, invoice.id),
        ),
      );
    expect(rows).toHaveLength(2);
  });

  it('refuses a credit note without the invoice it corrects, and one for a foreign customer', async () => {
    const missing = await call('POST', '/', arInvoiceBody(customer, { type: 'credit_note' }));
    expect(missing.statusCode).toBe(400);
    const invoice = await create();
    const credit = await create({ type: 'credit_note', correctedInvoiceId: invoice.id });
    expect(credit).toMatchObject({ type: 'credit_note', correctedInvoiceId: invoice.id, status: 'outstanding' });
    const foreign = await createOrganizationWithAdmin(testApp, 'Fremd AG');
    const foreignCustomer = await insertCustomer(testApp, foreign.id);
    const response = await call('POST', '/', arInvoiceBody(foreignCustomer));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty('counterpartyId');
  });

  it('lists by tab, quick filter, search and sort', async () => {
    const other = await createOrganizationWithAdmin(testApp, 'Liste GmbH');
    const buyer = await insertCustomer(testApp, other.id, 'Bäckerei Süd');
    const post = async (dueDate: string, overrides: object = {}) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/ar-invoices',
        headers: browser(other.admin.cookie),
        payload: { ...arInvoiceBody(buyer, { invoiceDate: '2026-01-01', dueDate, ...overrides }), issue: true },
      });
      return response.json<ArInvoice>();
    };
    const today = todayIso();
    const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const overdue = await post(shift(-3));
    const dueToday = await post(today);
    const dueSoon = await post(shift(5));
    const later = await post(shift(40));
    const paidOne = await post(shift(10));
    await testApp.app.inject({
      method: 'POST',
      url: `/api/ar-invoices/${paidOne.id}/payments`,
      headers: browser(other.admin.cookie),
      payload: { version: paidOne.version, paidOn: today, amount: paidOne.totalAmount },
    });
    const get = async (query: string) =>
      (await testApp.app.inject({ method: 'GET', url: `/api/ar-invoices?${query}`, headers: browser(other.admin.cookie) }))
        .json<{ items: ArInvoiceListItem[] }>()
        .items.map((item) => item.id);

    expect(await get('tab=outstanding')).toEqual([overdue.id, dueToday.id, dueSoon.id, later.id]);
    expect(await get('tab=overdue')).toEqual([overdue.id]);
    expect(await get('tab=paid')).toEqual([paidOne.id]);
    expect(await get('filter=due_today')).toEqual([dueToday.id]);
    expect(await get('filter=due_in_7_days')).toEqual([dueSoon.id]);
    expect(await get('filter=overdue')).toEqual([overdue.id]);
    expect(await get('filter=all_outstanding&sort=dueDate&direction=desc')).toEqual([
      later.id,
      dueSoon.id,
      dueToday.id,
      overdue.id,
    ]);
    expect(await get(`tab=all&search=${encodeURIComponent(later.invoiceNumber!)}`)).toEqual([later.id]);
    expect(await get('tab=all&search=b%C3%A4ckerei')).toHaveLength(5);
    const firstPage = (
      await testApp.app.inject({ method: 'GET', url: '/api/ar-invoices?tab=all&limit=2', headers: browser(other.admin.cookie) })
    ).json<{ items: ArInvoiceListItem[]; nextCursor: string }>();
    expect(firstPage.items).toHaveLength(2);
    const secondPage = await get(`tab=all&limit=2&cursor=${firstPage.nextCursor}`);
    expect(secondPage).toHaveLength(2);
    expect(secondPage).not.toContain(firstPage.items[0]!.id);
    // The first organisation's receivables never show here.
    expect(await list('tab=all')).not.toContain(overdue.id);
  });

  it("exports the list as Kontor CSV in the caller's language, with the same tab and search", async () => {
    const invoice = await create();
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/ar-invoices/export?format=csv&tab=all&search=${encodeURIComponent(invoice.invoiceNumber!)}`,
      headers: { ...browser(org.admin.cookie), 'accept-language': 'de' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['x-row-count']).toBe('1');
    const [header, row] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toContain('Rechnungsnummer;');
    expect(row).toContain(`${invoice.invoiceNumber};Rechnung;Offen;Kunde Nord GmbH;`);
    expect(row).toContain('1977,47');
  });

  it('keeps a customer with outgoing invoices from being deleted', async () => {
    const kept = await insertCustomer(testApp, org.id, 'Stammkunde KG');
    await call('POST', '/', arInvoiceBody(kept));
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/counterparties/${kept}`,
      headers: browser(org.admin.cookie),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'counterparty_in_use', params: { invoices: 1 } });
  });

  it('answers 403 to a member without ar_invoices:manage and 404 for an unknown id', async () => {
    const clerk = await addMember(testApp, org.id, ['ap_invoices:manage']);
    expect((await call('GET', '/', undefined, clerk.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/00000000-0000-4000-8000-000000000000')).json().code).toBe('ar_invoice_not_found');
  });
});
