import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterparties, counterpartyBankAccounts, invoices, ledgerAccounts } from '../src/db/schema';
import { createOrganizationWithAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';
import { getInvoice, PDF_TYPE, READING_ENV, supplierInvoiceLines, textPdf, uploadAndRead } from './reading-fixtures';

/** Counterparty recognition (IBAN, VAT ID, name) and the duplicate warning. */
describe('reading: counterparty and duplicates', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: READING_ENV });
  });
  afterAll(async () => testApp.close());

  async function organisationWithSupplier(name: string, supplier: { name: string; vatNumber?: string; iban?: string }) {
    const org = await createOrganizationWithAdmin(testApp, name);
    const { db } = testApp.database;
    const [ledger] = await db
      .insert(ledgerAccounts)
      .values({ organizationId: org.id, code: '4930', name: 'Bürobedarf' })
      .returning();
    const [counterparty] = await db
      .insert(counterparties)
      .values({
        organizationId: org.id,
        name: supplier.name,
        vatNumber: supplier.vatNumber ?? null,
        defaultLedgerAccountId: ledger!.id,
        paymentTermsDays: 14,
        skontoDays: 7,
        skontoRate: 200,
      })
      .returning();
    if (supplier.iban) {
      await db
        .insert(counterpartyBankAccounts)
        .values({ organizationId: org.id, counterpartyId: counterparty!.id, name: 'Haupt', iban: supplier.iban });
    }
    return { org, counterpartyId: counterparty!.id, ledgerId: ledger!.id };
  }

  const read = async (org: { id: string; admin: { cookie: string } }, overrides: Record<string, string> = {}) =>
    uploadAndRead(testApp, org.admin.cookie, org.id, {
      filename: 'rechnung.pdf',
      contentType: PDF_TYPE,
      content: await textPdf(supplierInvoiceLines(overrides)),
    });

  it('recognises the supplier by IBAN and fills its default ledger account', async () => {
    const { org, counterpartyId, ledgerId } = await organisationWithSupplier('Iban GmbH', {
      name: 'Ganz Anderer Name KG',
      iban: 'DE89370400440532013000',
    });
    const invoice = await read(org);
    expect(invoice).toMatchObject({ counterparty: counterpartyId, ledgerAccount: ledgerId });
    expect(invoice.reading!.proposedCounterparty).toBeNull();
    expect(invoice.reading!.fields.counterparty).toBeDefined();
  });

  it('recognises the supplier by VAT ID when the IBAN is unknown', async () => {
    const { org, counterpartyId } = await organisationWithSupplier('Vat GmbH', { name: 'Anders AG', vatNumber: 'DE136695976' });
    expect((await read(org)).counterparty).toBe(counterpartyId);
  });

  it('recognises the supplier by a similar name, and fills the due date and the skonto from its terms', async () => {
    const { org, counterpartyId } = await organisationWithSupplier('Name GmbH', { name: 'Muster Bürobedarf' });
    const invoice = await read(org, { vat: '', iban: '', terms: '' });
    expect(invoice.counterparty).toBe(counterpartyId);
    expect(invoice.dueDate).toBe('2024-03-29');
    expect(invoice.totalAmount).toBeGreaterThan(0);
    expect(invoice).toMatchObject({
      skontoRate: 200,
      skontoDate: '2024-03-22',
      skontoAmount: Math.round((invoice.totalAmount! * 2) / 100),
    });
    expect(invoice.reading!.fields.counterparty!.confidence).toBeGreaterThanOrEqual(0.6);
  });

  it('does not take a merely similar-sounding supplier, and proposes the new one instead', async () => {
    const { org } = await organisationWithSupplier('Other GmbH', { name: 'Meister Baubedarf AG' });
    const invoice = await read(org);
    expect(invoice.counterparty).toBeNull();
    expect(invoice.reading!.proposedCounterparty).toMatchObject({
      name: 'Muster Bürobedarf GmbH',
      vatNumber: 'DE136695976',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
  });

  it('warns of duplicates, and recomputes the warning after an edit', async () => {
    const org = await createOrganizationWithAdmin(testApp, 'Duplicate GmbH');
    const first = await read(org);
    const second = await read(org);
    expect(second.reading!.duplicates).toEqual([
      expect.objectContaining({ id: first.id, invoiceNumber: 'RE-2024-117', reason: 'same_number' }),
    ]);
    // Another number, same total and date: still a likely duplicate.
    await testApp.database.db.update(invoices).set({ invoiceNumber: 'RE-2024-118' }).where(eq(invoices.id, second.id));
    const renumbered = await getInvoice(testApp, org.admin.cookie, second.id);
    expect(renumbered.reading!.duplicates).toEqual([expect.objectContaining({ id: first.id, reason: 'same_amount_date' })]);
    await testApp.database.db.update(invoices).set({ date: '2024-03-16' }).where(eq(invoices.id, second.id));
    expect((await getInvoice(testApp, org.admin.cookie, second.id)).reading!.duplicates).toEqual([]);
  });
});
