import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArInvoice } from '@kontor/domain';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { hasEInvoiceFixtures, readFixture } from './reading-fixtures';
import { multipartFiles } from './uploads';

const STANDARD = 'xrechnung-testsuite/business-cases/standard';

/** Issue 64: existing receivables taken over from their e-invoices. */
describe.skipIf(!hasEInvoiceFixtures)('receivables from e-invoices', () => {
  let testApp: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Import GmbH');
  });
  afterAll(async () => testApp.close());

  const upload = (filename: string, content: Buffer) => {
    const { body, contentType } = multipartFiles([{ field: 'file', filename, content, contentType: 'application/xml' }]);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/ar-invoices/imports/einvoice',
      headers: { ...browser(org.admin.cookie), 'content-type': contentType },
      payload: body,
    });
  };

  it('takes over an XRechnung (UBL and CII) with its number, dates, lines and totals, and its customer', async () => {
    const ubl = await upload('01.05a-INVOICE_ubl.xml', readFixture(`${STANDARD}/01.05a-INVOICE_ubl.xml`));
    expect(ubl.statusCode, ubl.body).toBe(201);
    const invoice = ubl.json<ArInvoice>();
    expect(invoice).toMatchObject({ invoiceNumber: 'PRG1502112', status: 'outstanding', totalAmount: 1055530, currency: 'EUR' });
    expect(invoice.lineItems).toHaveLength(4);
    expect(invoice.counterpartyName).toBe('[Buyer name]');

    // The same document again: its number is taken.
    const again = await upload('01.05a-INVOICE_uncefact.xml', readFixture(`${STANDARD}/01.05a-INVOICE_uncefact.xml`));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ar_invoice_number_taken', params: { invoiceNumber: 'PRG1502112' } });

    // Another document of the same buyer reuses the customer.
    const cii = await upload('01.01a-INVOICE_uncefact.xml', readFixture(`${STANDARD}/01.01a-INVOICE_uncefact.xml`));
    expect(cii.statusCode, cii.body).toBe(201);
    expect(cii.json<ArInvoice>()).toMatchObject({
      invoiceNumber: '123456XX',
      totalAmount: 33690,
      counterpartyId: invoice.counterpartyId,
    });
  });

  it('refuses a document whose totals do not follow from its lines, showing the difference, and stores nothing', async () => {
    const xml = readFixture(`${STANDARD}/01.02a-INVOICE_ubl.xml`).toString('utf8');
    const tampered = xml
      .replace(/(<cbc:TaxExclusiveAmount currencyID="EUR">)[^<]+/, '$112.00')
      .replace(
        /(<cbc:LineExtensionAmount currencyID="EUR">)([^<]+)(<\/cbc:LineExtensionAmount>\s*<cbc:TaxExclusiveAmount)/,
        '$112.00$3',
      );
    const response = await upload('tampered.xml', Buffer.from(tampered));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().code).toBe('ar_invoice_totals_mismatch');
    expect(response.json().params).toHaveProperty('difference');
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/ar-invoices?tab=all&search=123456',
      headers: browser(org.admin.cookie),
    });
    expect(list.json().items.map((item: ArInvoice) => item.invoiceNumber)).not.toContain('123456');
  });

  it('refuses XML that is no e-invoice and a damaged file with clear messages', async () => {
    const plain = await upload('notes.xml', Buffer.from('<?xml version="1.0"?><notes><note>hello</note></notes>'));
    expect(plain.statusCode).toBe(415);
    expect(plain.json().code).toBe('upload_xml_not_einvoice');
    const broken = await upload('broken.xml', Buffer.from('<?xml version="1.0"?><Invoice><cbc:ID>'));
    expect(broken.json().code).toMatch(/upload_xml_(malformed|not_einvoice)/);
  });
});
