import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceFieldsInput } from '@kontor/domain';
import { activityLog, counterparties, counterpartyBankAccounts, invoiceReadings, invoices } from '../src/db/schema';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { createMasterData, uploadInvoice, validFields } from './invoice-fixtures';

describe('invoice detail and editing', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let master: Awaited<ReturnType<typeof createMasterData>>;
  let foreignMaster: Awaited<ReturnType<typeof createMasterData>>;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Edit GmbH');
    master = await createMasterData(testApp, org.id);
    const foreign = await createOrganizationWithAdmin(testApp, 'Elsewhere AG');
    foreignMaster = await createMasterData(testApp, foreign.id);
  });
  afterAll(async () => testApp.close());

  const get = (id: string) =>
    testApp.app.inject({ method: 'GET', url: `/api/invoices/${id}`, headers: browser(org.admin.cookie) });
  const put = (invoice: Pick<Invoice, 'id' | 'version'>, fields: InvoiceFieldsInput) =>
    testApp.app.inject({
      method: 'PUT',
      url: `/api/invoices/${invoice.id}`,
      headers: browser(org.admin.cookie),
      payload: { ...fields, version: invoice.version },
    });

  it('saves every field, replaces split lines and line items wholesale and logs the changed fields', async () => {
    const invoice = await uploadInvoice(testApp, org.admin.cookie);
    const fields = validFields(master.debitorId, {
      costCenter: master.kost1Id,
      costCenter2: master.kost2Id,
      ledgerAccount: master.ledgerId,
      taxKeyId: master.taxKeyId,
      purchaseOrder: 'PO-7',
      notes: 'Bitte prüfen',
      partialAmount: [
        {
          amount: 9_000,
          costCenter: master.kost1Id,
          costCenter2: null,
          ledgerAccount: master.ledgerId,
          taxKeyId: null,
          note: 'A',
        },
        {
          amount: 2_900,
          costCenter: null,
          costCenter2: master.kost2Id,
          ledgerAccount: null,
          taxKeyId: master.taxKeyId,
          note: null,
        },
      ],
      lineItems: [{ description: 'Papier', quantity: 2_000, unit: 'Pkg', unitPrice: 5_000, totalPrice: 10_000, taxRate: 1_900 }],
    });
    const first = await put(invoice, fields);
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json<Invoice>();
    expect(saved).toMatchObject({
      version: 2,
      counterpartyIban: 'DE89370400440532013000',
      invoiceNumber: 'RE-2026-001',
      purchaseOrder: 'PO-7',
      partialAmount: fields.partialAmount,
      lineItems: fields.lineItems,
      warnings: [],
    });
    expect((await get(invoice.id)).json()).toEqual(saved);

    const second = await put(saved, { ...fields, partialAmount: [], lineItems: [], notes: null });
    expect(second.json()).toMatchObject({ version: 3, partialAmount: [], lineItems: [], notes: null });

    const activity = await testApp.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/activity`,
      headers: browser(org.admin.cookie),
    });
    const [latest] = activity.json().items;
    expect(latest).toMatchObject({ action: 'update', actorType: 'user' });
    expect(Object.keys(latest.changes).sort()).toEqual(['lineItems', 'notes', 'partialAmount']);
    expect(latest.changes.notes).toEqual({ from: 'Bitte prüfen', to: null });
  });

  it('refuses ids of another organisation and cost centres of the wrong type, per field', async () => {
    const invoice = await uploadInvoice(testApp, org.admin.cookie);
    const response = await put(
      invoice,
      validFields(foreignMaster.debitorId, {
        costCenter: master.kost2Id,
        costCenter2: foreignMaster.kost2Id,
        ledgerAccount: foreignMaster.ledgerId,
        taxKeyId: foreignMaster.taxKeyId,
        counterparty: '00000000-0000-4000-8000-000000000000',
        partialAmount: [
          {
            amount: 11_900,
            costCenter: master.kost1Id,
            costCenter2: null,
            ledgerAccount: foreignMaster.ledgerId,
            taxKeyId: null,
            note: null,
          },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    const { code, fieldErrors } = response.json();
    expect(code).toBe('validation_failed');
    expect(Object.keys(fieldErrors).sort()).toEqual([
      'costCenter',
      'costCenter2',
      'counterparty',
      'debitorBankAccountId',
      'ledgerAccount',
      'partialAmount.0.ledgerAccount',
      'taxKeyId',
    ]);
    expect(fieldErrors.costCenter).toEqual(['This value is not valid.']);
    expect((await get(invoice.id)).json().version).toBe(1);
  });

  it('fills name, VAT number and IBAN from the chosen counterparty when they are empty', async () => {
    const [counterparty] = await testApp.database.db
      .insert(counterparties)
      .values({ organizationId: org.id, name: 'Papier AG', vatNumber: 'DE811111113' })
      .returning();
    await testApp.database.db.insert(counterpartyBankAccounts).values({
      organizationId: org.id,
      counterpartyId: counterparty!.id,
      name: 'Main',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
    });
    const invoice = await uploadInvoice(testApp, org.admin.cookie);
    const response = await put(
      invoice,
      validFields(master.debitorId, {
        counterparty: counterparty!.id,
        counterpartyName: null,
        counterpartyVat: null,
        counterpartyIban: null,
        shouldCreateTransaction: false,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      counterparty: counterparty!.id,
      counterpartyName: 'Papier AG',
      counterpartyVat: 'DE811111113',
      counterpartyIban: 'DE02120300000000202051',
      counterpartyBic: 'BYLADEM1001',
    });
  });

  it('answers 409 stale_version to a stale edit and changes nothing', async () => {
    const invoice = await uploadInvoice(testApp, org.admin.cookie);
    const first = await put(invoice, validFields(master.debitorId, { invoiceNumber: 'FIRST' }));
    expect(first.statusCode).toBe(200);
    const stale = await put(invoice, validFields(master.debitorId, { invoiceNumber: 'SECOND' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
    expect((await get(invoice.id)).json()).toEqual(first.json());
  });

  it('shows warnings, refuses editing outside the editable statuses and opening while OCR runs', async () => {
    const invoice = await uploadInvoice(testApp, org.admin.cookie);
    const old = await put(invoice, validFields(master.debitorId, { date: '2025-01-01', dueDate: '2025-02-01' }));
    expect(old.json().warnings).toEqual(['invoice_older_than_4_months']);

    await testApp.database.db.update(invoices).set({ status: 'approved' }).where(eq(invoices.id, invoice.id));
    expect((await get(invoice.id)).json().warnings).toEqual(['invoice_older_than_4_months', 'editing_approved_invoice']);

    await testApp.database.db.update(invoices).set({ status: 'exported' }).where(eq(invoices.id, invoice.id));
    const exported = await put(old.json(), validFields(master.debitorId));
    expect(exported.statusCode).toBe(409);
    expect(exported.json()).toMatchObject({ code: 'invoice_booked_locked' });

    await testApp.database.db.update(invoices).set({ ocrStatus: 'processing' }).where(eq(invoices.id, invoice.id));
    const reading = await get(invoice.id);
    expect(reading.statusCode).toBe(409);
    expect(reading.json().code).toBe('invoice_in_ocr');
  });

  it('answers 404 invoice_not_found for an unknown id', async () => {
    const response = await get('00000000-0000-4000-8000-000000000001');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'invoice_not_found',
      message: 'Invoice not found, or you have no permission to see it.',
    });
  });

  it('answers SPEC §3 names, and history written under the column names reads under them after migration 0039', async () => {
    const invoice = await uploadInvoice(testApp, org.admin.cookie);
    const shown = (await get(invoice.id)).json();
    for (const name of ['counterparty', 'costCenter', 'costCenter2', 'ledgerAccount', 'partialAmount'])
      expect(shown).toHaveProperty(name);
    for (const name of ['counterpartyId', 'costCenterId', 'costCenter2Id', 'ledgerAccountId', 'splits'])
      expect(shown).not.toHaveProperty(name);

    const oldNames = {
      counterpartyId: { from: null, to: 'c1' },
      costCenterId: { from: null, to: 'k1' },
      costCenter2Id: { from: 'k2', to: null },
      ledgerAccountId: { from: null, to: 'l1' },
      splits: { from: [], to: [{ amount: 5, costCenterId: 'k1' }] },
      notes: { from: null, to: 'kept' },
    };
    await testApp.database.db.insert(activityLog).values([
      {
        organizationId: org.id,
        entityType: 'invoice',
        entityId: invoice.id,
        action: 'update',
        actorType: 'system',
        changes: oldNames,
      },
      // Other entities have their own vocabulary: a counterparty's history is left alone.
      {
        organizationId: org.id,
        entityType: 'counterparty',
        entityId: invoice.id,
        action: 'update',
        actorType: 'system',
        changes: oldNames,
      },
    ]);
    await testApp.database.db.insert(invoiceReadings).values({
      organizationId: org.id,
      invoiceId: invoice.id,
      progress: 100,
      fields: { counterpartyId: { confidence: 0.9, source: 'text' }, invoiceNumber: { confidence: 1, source: 'xml' } },
    });
    const migration = readFileSync(new URL('../src/db/migrations/0039_invoice_fields_spec_names.sql', import.meta.url), 'utf8');
    await testApp.database.pool.query(migration);

    const rows = await testApp.database.db
      .select({ entityType: activityLog.entityType, actorType: activityLog.actorType, changes: activityLog.changes })
      .from(activityLog)
      .where(and(eq(activityLog.organizationId, org.id), eq(activityLog.entityId, invoice.id)));
    const invoiceLog = rows.find((row) => row.entityType === 'invoice' && row.actorType === 'system');
    expect(invoiceLog?.changes).toEqual({
      counterparty: oldNames.counterpartyId,
      costCenter: oldNames.costCenterId,
      costCenter2: oldNames.costCenter2Id,
      ledgerAccount: oldNames.ledgerAccountId,
      partialAmount: oldNames.splits,
      notes: oldNames.notes,
    });
    expect(rows.find((row) => row.entityType === 'counterparty')?.changes).toEqual(oldNames);
    expect((await get(invoice.id)).json().reading.fields).toEqual({
      counterparty: { confidence: 0.9, source: 'text' },
      invoiceNumber: { confidence: 1, source: 'xml' },
    });
  });
});
