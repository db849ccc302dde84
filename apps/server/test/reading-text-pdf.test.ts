import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceFiles } from '../src/db/schema';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { uploadFiles } from './invoice-fixtures';
import {
  getInvoice,
  hasEInvoiceFixtures,
  PDF_TYPE,
  READING_ENV,
  readFixture,
  supplierInvoiceLines,
  textPdf,
  uploadAndRead,
} from './reading-fixtures';

describe('reading text PDFs, hybrid checks and failures', () => {
  let testApp: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    testApp = await createTestApp({ env: READING_ENV });
    org = await createOrganizationWithAdmin(testApp, 'Text GmbH');
  });
  afterAll(async () => testApp.close());

  it('reads the text layer of a PDF: amounts, dates, IBAN, skonto, period, order, marked with confidence', async () => {
    const invoice = await uploadAndRead(testApp, org.admin.cookie, org.id, {
      filename: 'rechnung.pdf',
      contentType: PDF_TYPE,
      content: await textPdf(supplierInvoiceLines()),
    });
    expect(invoice).toMatchObject({
      ocrStatus: 'done',
      counterpartyName: 'Muster Bürobedarf GmbH',
      counterpartyVat: 'DE136695976',
      counterpartyIban: 'DE89370400440532013000',
      counterpartyBic: 'COBADEFFXXX',
      invoiceNumber: 'RE-2024-117',
      date: '2024-03-15',
      dueDate: '2024-04-14',
      billingPeriodStart: '2024-02-01',
      billingPeriodEnd: '2024-02-29',
      purchaseOrder: 'PO-4711',
      netAmount: 100000,
      taxAmount: 19000,
      totalAmount: 119000,
      taxRate: 1900,
      currency: 'EUR',
      skontoRate: 200,
      skontoAmount: 2380,
      skontoDate: '2024-03-25',
      remittanceInformation: 'RE-2024-117',
    });
    expect(invoice.reading).toMatchObject({ kind: 'text-pdf', profile: null, hybridMismatches: [] });
    expect(invoice.reading!.fields.totalAmount!.source).toBe('text');
    expect(invoice.reading!.fields.totalAmount!.confidence).toBeGreaterThan(0.5);
    expect(invoice.reading!.fields.totalAmount!.confidence).toBeLessThan(1);
    // The text names no recipient: §14 UStG wants one above 250 €.
    expect(invoice.reading!.missingFormalItems).toContain('recipient_name_address');
  });

  it('leaves an unsupported currency empty and says which it was', async () => {
    const invoice = await uploadAndRead(testApp, org.admin.cookie, org.id, {
      filename: 'chf.pdf',
      contentType: PDF_TYPE,
      content: await textPdf(
        supplierInvoiceLines({
          net: 'Nettobetrag: 1.000,00 CHF',
          tax: 'MWST 8,1%: 81,00 CHF',
          total: 'Gesamtbetrag: 1.081,00 CHF',
        }),
      ),
    });
    expect(invoice.currency).toBeNull();
    expect(invoice.reading!.unsupportedCurrency).toBe('CHF');
  });

  it('leaves net and tax empty when they do not add up to the total, and says why on the fields', async () => {
    const invoice = await uploadAndRead(testApp, org.admin.cookie, org.id, {
      filename: 'widerspruch.pdf',
      contentType: PDF_TYPE,
      content: await textPdf(
        supplierInvoiceLines({
          net: 'Nettobetrag: 1.000,00 EUR',
          tax: 'MwSt 19%: 123,45 EUR',
          total: 'Gesamtbetrag: 1.190,00 EUR',
        }),
      ),
    });
    expect(invoice).toMatchObject({ netAmount: null, taxAmount: null, totalAmount: 119000 });
    expect(invoice.reading!.fields.netAmount).toEqual({ confidence: 0, source: 'text', doubt: 'totals_disagree' });
    expect(invoice.reading!.fields.taxAmount).toEqual({ confidence: 0, source: 'text', doubt: 'totals_disagree' });
    expect(invoice.reading!.fields.totalAmount!.doubt).toBeUndefined();
  });

  it('never takes the organisation itself (the address window) for the supplier', async () => {
    const invoice = await uploadAndRead(testApp, org.admin.cookie, org.id, {
      filename: 'eigene-firma.pdf',
      contentType: PDF_TYPE,
      content: await textPdf(supplierInvoiceLines({ name: 'TEXT GmbH', vat: '' })),
    });
    expect(invoice.counterpartyName).toBeNull();
    expect(invoice.reading!.fields.counterpartyName).toMatchObject({ confidence: 0, doubt: 'own_organisation' });
    expect(invoice.invoiceNumber).toBe('RE-2024-117');
  });

  it('marks a broken document as failed and keeps it', async () => {
    const response = await uploadFiles(testApp, org.admin.cookie, [
      { filename: 'kaputt.pdf', contentType: PDF_TYPE, content: await textPdf(supplierInvoiceLines()) },
    ]);
    const uploaded = response.json().items[0];
    // The stored file is damaged after the upload (a storage fault): reading must fail cleanly.
    const [file] = await testApp.database.db.select().from(invoiceFiles).where(eq(invoiceFiles.invoiceId, uploaded.id));
    await testApp.app.storage.put(file!.storageKey, Buffer.from('%PDF-1.7\nnot really a pdf'), PDF_TYPE);
    await testApp.app.invoiceReading.reader.run({ orgId: org.id, invoiceId: uploaded.id });
    const invoice = await getInvoice(testApp, org.admin.cookie, uploaded.id);
    expect(invoice.ocrStatus).toBe('failed');
    expect(invoice.reading).toMatchObject({ errorCode: 'broken_pdf', kind: null, progress: 100 });
    expect(invoice.document).toMatchObject({ fileName: 'kaputt.pdf' });
    expect(invoice.invoiceNumber).toBeNull();
  });

  it.skipIf(!hasEInvoiceFixtures)('flags a Factur-X PDF whose page disagrees with its XML on IBAN and total', async () => {
    const xml = readFixture('zugferd-corpus/XML-Rechnung/CII/EN16931_Physiotherapeut.cii.xml');
    const lines = supplierInvoiceLines({ total: 'Gesamtbetrag: 999,99 EUR', net: '', tax: '' });
    const invoice = await uploadAndRead(testApp, org.admin.cookie, org.id, {
      filename: 'hybrid.pdf',
      contentType: PDF_TYPE,
      content: await textPdf(lines, { name: 'factur-x.xml', xml }),
    });
    expect(invoice.reading!.kind).toBe('einvoice-pdf');
    expect(invoice.totalAmount).toBe(38000);
    expect(invoice.reading!.hybridMismatches).toEqual(['iban', 'total']);
  });

  it('shows reading progress in the overview while the document is queued', async () => {
    const response = await uploadFiles(testApp, org.admin.cookie, [
      { filename: 'queued.pdf', contentType: PDF_TYPE, content: await textPdf(supplierInvoiceLines()) },
    ]);
    const { id } = response.json().items[0];
    const list = await testApp.app.inject({ method: 'GET', url: '/api/invoices?tab=new', headers: browser(org.admin.cookie) });
    expect(list.json().items.find((item: { id: string }) => item.id === id)).toMatchObject({
      ocrStatus: 'pending',
      readingProgress: 0,
    });
  });
});
