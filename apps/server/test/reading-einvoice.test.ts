import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../src/db/schema';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { uploadFiles } from './invoice-fixtures';
import { getInvoice, hasEInvoiceFixtures, PDF_TYPE, READING_ENV, readFixture, uploadAndRead, XML_TYPE } from './reading-fixtures';

const ZUGFERD = 'zugferd-corpus/ZUGFeRDv2/correct/intarsys/EN16931/zugferd_2p0_EN16931_Physiotherapeut.pdf';
const CII = 'zugferd-corpus/XML-Rechnung/CII/EN16931_Einfach.cii.xml';
const UBL_CREDIT_NOTE = 'zugferd-corpus/XML-Rechnung/UBL/ubl-tc434-creditnote1.xml';
const MINIMUM = 'zugferd-corpus/ZUGFeRDv2/correct/intarsys/MINIMUM/zugferd_2p0_MINIMUM.pdf';

describe.skipIf(!hasEInvoiceFixtures)('reading e-invoices', () => {
  let testApp: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    testApp = await createTestApp({ env: READING_ENV });
    org = await createOrganizationWithAdmin(testApp, 'Reading GmbH');
  });
  afterAll(async () => testApp.close());

  it('reads a ZUGFeRD PDF: fields, line items, marks and a proposed counterparty', async () => {
    const response = await uploadFiles(testApp, org.admin.cookie, [
      { filename: 'physio.pdf', contentType: PDF_TYPE, content: readFixture(ZUGFERD) },
    ]);
    expect(response.statusCode).toBe(201);
    const uploaded = response.json().items[0];
    expect(uploaded.ocrStatus).toBe('pending');
    const inOcr = await testApp.app.inject({
      method: 'GET',
      url: `/api/invoices/${uploaded.id}`,
      headers: browser(org.admin.cookie),
    });
    expect(inOcr.json().code).toBe('invoice_in_ocr');
    const list = await testApp.app.inject({ method: 'GET', url: '/api/invoices?tab=new', headers: browser(org.admin.cookie) });
    expect(list.json().items[0]).toMatchObject({ id: uploaded.id, ocrStatus: 'pending', readingProgress: 0 });

    await testApp.app.invoiceReading.reader.run({ orgId: org.id, invoiceId: uploaded.id });
    const invoice = await getInvoice(testApp, org.admin.cookie, uploaded.id);
    expect(invoice).toMatchObject({
      ocrStatus: 'done',
      invoiceNumber: 'R18-31',
      date: '2018-10-03',
      currency: 'EUR',
      totalAmount: 38000,
      counterpartyIban: 'DE02120300000000202051',
      counterparty: null,
      type: 'invoice',
    });
    expect(invoice.lineItems.length).toBeGreaterThan(0);
    expect(invoice.lineItems[0]!.description).not.toBe('');
    expect(invoice.reading).toMatchObject({ kind: 'einvoice-pdf', progress: 100, errorCode: null, hybridMismatches: [] });
    expect(invoice.reading!.profile).toContain('en16931');
    expect(invoice.reading!.fields.invoiceNumber).toEqual({ confidence: 1, source: 'xml' });
    expect(invoice.reading!.fields.totalAmount).toEqual({ confidence: 1, source: 'xml' });
    expect(invoice.reading!.proposedCounterparty).toMatchObject({ iban: 'DE02120300000000202051' });
    expect(invoice.reading!.proposedCounterparty!.name).not.toBe('');

    const activity = await testApp.app.inject({
      method: 'GET',
      url: `/api/invoices/${uploaded.id}/activity`,
      headers: browser(org.admin.cookie),
    });
    const entry = activity.json().items.find((item: { actorType: string }) => item.actorType === 'system');
    expect(entry).toMatchObject({ action: 'update' });
    expect(entry.changes.invoiceNumber).toEqual({ from: null, to: 'R18-31' });
  });

  it('reads an uploaded XRechnung CII file, served back as application/xml', async () => {
    const invoice = await uploadAndRead(testApp, org.admin.cookie, org.id, {
      filename: 'rechnung.xml',
      contentType: 'text/xml',
      content: readFixture(CII),
    });
    expect(invoice.document).toMatchObject({ contentType: XML_TYPE, fileName: 'rechnung.xml' });
    expect(invoice).toMatchObject({
      invoiceNumber: '471102',
      netAmount: 47300,
      taxAmount: 5687,
      totalAmount: 52987,
      counterpartyVat: 'DE123456789',
      counterpartyName: 'Lieferant GmbH',
    });
    expect(invoice.lineItems).toHaveLength(2);
    expect(invoice.lineItems[0]).toMatchObject({
      description: 'Trennblätter A4',
      quantity: 20_000,
      unitPrice: 990,
      totalPrice: 19800,
      taxRate: 1900,
    });
    expect(invoice.reading).toMatchObject({ kind: 'einvoice-xml', missingFormalItems: [] });
  });

  it('makes a UBL credit note a credit_note', async () => {
    const invoice = await uploadAndRead(testApp, org.admin.cookie, org.id, {
      filename: 'gutschrift.xml',
      contentType: XML_TYPE,
      content: readFixture(UBL_CREDIT_NOTE),
    });
    expect(invoice.type).toBe('credit_note');
    expect(invoice.reading!.fields.type).toEqual({ confidence: 1, source: 'xml' });
  });

  it('refuses XML that is not an e-invoice, and damaged XML, with a clear message', async () => {
    const other = await uploadFiles(testApp, org.admin.cookie, [
      { filename: 'feed.xml', contentType: XML_TYPE, content: Buffer.from('<?xml version="1.0"?><rss><channel/></rss>') },
    ]);
    expect(other.statusCode).toBe(415);
    expect(other.json()).toMatchObject({ code: 'upload_xml_not_einvoice', params: { fileName: 'feed.xml' } });
    const broken = await uploadFiles(testApp, org.admin.cookie, [
      { filename: 'cut.xml', contentType: XML_TYPE, content: readFixture(CII).subarray(0, 2000) },
    ]);
    expect(broken.statusCode).toBe(422);
    expect(broken.json().code).toBe('upload_xml_malformed');

    // A web page is said to be one; a DOCTYPE is refused for safety, and the message says so.
    const page = await uploadFiles(testApp, org.admin.cookie, [
      {
        filename: 'rechnung.html',
        contentType: 'text/html',
        content: Buffer.from('<!DOCTYPE html>\n<html><body>Rechnung</body></html>'),
      },
    ]);
    expect(page.statusCode).toBe(415);
    expect(page.json()).toMatchObject({ code: 'upload_html_not_invoice', params: { fileName: 'rechnung.html' } });
    expect(page.json().message).toContain('HTML');
    const withDoctype = readFixture(CII)
      .toString('utf8')
      .replace('<rsm:CrossIndustryInvoice', '<!DOCTYPE rsm:CrossIndustryInvoice [ <!ENTITY x "y"> ]>\n<rsm:CrossIndustryInvoice');
    const doctype = await uploadFiles(testApp, org.admin.cookie, [
      { filename: 'doctype.xml', contentType: XML_TYPE, content: Buffer.from(withDoctype) },
    ]);
    expect(doctype.statusCode).toBe(422);
    expect(doctype.json()).toMatchObject({ code: 'upload_xml_doctype_refused', params: { fileName: 'doctype.xml' } });
    expect(doctype.json().message).toContain('DOCTYPE');
  });

  it('lists the §14 UStG items a MINIMUM profile invoice lacks', async () => {
    const invoice = await uploadAndRead(testApp, org.admin.cookie, org.id, {
      filename: 'minimum.pdf',
      contentType: PDF_TYPE,
      content: readFixture(MINIMUM),
    });
    expect(invoice.reading!.missingFormalItems).toEqual(
      expect.arrayContaining(['quantity_and_description', 'tax_rate_and_amount']),
    );
    expect(invoice.reading!.missingFormalItems).not.toContain('invoice_number');
  });

  it('never overwrites what a person typed when the job runs again', async () => {
    const first = await uploadAndRead(testApp, org.admin.cookie, org.id, {
      filename: 'again.xml',
      contentType: XML_TYPE,
      content: readFixture(CII),
    });
    const { id } = first;
    // What a person typed meanwhile (the form's PUT needs a complete form; the columns are what counts).
    await testApp.database.db
      .update(invoices)
      .set({ invoiceNumber: 'TYPED-1', totalAmount: 1, netAmount: null, taxAmount: null })
      .where(eq(invoices.id, id));
    await testApp.database.pool.query('delete from invoice_line_items where invoice_id = $1', [id]);
    // Queued again (e.g. a retry after a crash): the second run finds the edited fields filled.
    await testApp.database.db.update(invoices).set({ ocrStatus: 'pending' }).where(eq(invoices.id, id));
    await testApp.app.invoiceReading.reader.run({ orgId: org.id, invoiceId: id });
    await testApp.app.invoiceReading.reader.run({ orgId: org.id, invoiceId: id });
    const after = await getInvoice(testApp, org.admin.cookie, id);
    expect(after).toMatchObject({
      invoiceNumber: 'TYPED-1',
      totalAmount: 1,
      netAmount: 47300,
      taxAmount: 5687,
      ocrStatus: 'done',
    });
    // The line items were cleared by the person, so the reading fills them again; nothing else changed.
    expect(after.lineItems).toHaveLength(2);
  });

  it('drops the read mark of a field a person changes, and keeps the others', async () => {
    const read = await uploadAndRead(testApp, org.admin.cookie, org.id, {
      filename: 'edited.xml',
      contentType: XML_TYPE,
      content: readFixture(CII),
    });
    expect(read.reading!.fields.invoiceNumber).toBeDefined();
    // The form sends every field back: the read ones unchanged, the invoice number edited.
    const {
      id,
      version,
      status,
      ocrStatus,
      uploadedBy,
      emailOrigin,
      document,
      attachments,
      warnings,
      missingRequiredFields,
      approval,
      reading,
      createdAt,
      updatedAt,
      cancelReason,
      ...fields
    } = read;
    void [
      status,
      ocrStatus,
      uploadedBy,
      emailOrigin,
      document,
      attachments,
      warnings,
      missingRequiredFields,
      approval,
      reading,
      createdAt,
      updatedAt,
      cancelReason,
    ];
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: `/api/invoices/${id}`,
      headers: browser(org.admin.cookie),
      payload: {
        ...fields,
        // What this document leaves open and the form requires (no payment: no IBAN or debitor needed).
        shouldCreateTransaction: false,
        dueDate: fields.dueDate ?? '2030-12-31',
        taxRate: fields.taxRate ?? 1900,
        // The fixture's VAT ID (DE123456789) fails the German check digit, as the form would say.
        counterpartyVat: 'DE129273398',
        invoiceNumber: 'EDITED-7',
        version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json() as typeof read;
    expect(after.reading!.fields.invoiceNumber).toBeUndefined();
    expect(after.reading!.fields.totalAmount).toEqual({ confidence: 1, source: 'xml' });
  });
});
