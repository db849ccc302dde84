import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArInvoice } from '@kontor/domain';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { hasEInvoiceFixtures, readFixture } from './reading-fixtures';
import { multipartFiles } from './uploads';

const STANDARD = 'xrechnung-testsuite/business-cases/standard';

/** Issue 64: existing receivables taken over from their e-invoices. */
describe('receivables from a CSV', () => {
  let testApp: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'CSV GmbH');
  });
  afterAll(async () => testApp.close());

  /** The CSV as part `file`, and the dialog's column mapping as the text field `mapping`. */
  const upload = (csv: string, mapping?: Record<string, string>) => {
    const boundary = `----kontor${Date.now()}`;
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="offene-posten.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
      ...(mapping
        ? [`--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${JSON.stringify(mapping)}\r\n`]
        : []),
      `--${boundary}--\r\n`,
    ];
    return testApp.app.inject({
      method: 'POST',
      url: '/api/ar-invoices/imports/csv',
      headers: { ...browser(org.admin.cookie), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(parts.join(''), 'utf8'),
    });
  };

  it('takes over one invoice per row, creates unknown customers, and skips with reasons', async () => {
    const csv = [
      'Rechnungsnummer;Kunde;Debitorennummer;Rechnungsdatum;Fälligkeit;Netto;Steuersatz;Brutto;Bezahlt',
      'AR-1;Bäckerei Süd;10500;15.10.2026;14.11.2026;1.000,00;19 %;1.190,00;',
      'AR-2;Bäckerei Süd;10500;16.10.2026;15.11.2026;;7;107,00;50,00',
      'AR-3;Metzgerei West;;17.10.2026;;100,00;19;120,00;',
      'AR-1;Bäckerei Süd;10500;15.10.2026;14.11.2026;1.000,00;19;1.190,00;',
      'AR-4;Metzgerei West;;kein Datum;;100,00;19;119,00;',
      'AR-5;Metzgerei West;;18.10.2026;;;19;-59,50;',
    ].join('\n');
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      created: 3,
      createdCustomers: 2,
      skipped: [
        { row: 4, invoiceNumber: 'AR-3', reason: 'totals_mismatch', difference: 100 },
        { row: 5, invoiceNumber: 'AR-1', reason: 'duplicate_in_file' },
        { row: 6, invoiceNumber: 'AR-4', reason: 'invalid', field: 'invoiceDate' },
      ],
    });
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/ar-invoices?tab=all&sort=invoiceNumber',
      headers: browser(org.admin.cookie),
    });
    const items = list.json<{ items: ArInvoice[] }>().items;
    expect(
      items.map((item) => [
        item.invoiceNumber,
        item.type,
        item.status,
        item.netAmount,
        item.taxAmount,
        item.totalAmount,
        item.paidAmount,
      ]),
    ).toEqual([
      ['AR-1', 'invoice', 'outstanding', 100000, 19000, 119000, 0],
      ['AR-2', 'invoice', 'partially_paid', 10000, 700, 10700, 5000],
      ['AR-5', 'credit_note', 'outstanding', 5000, 950, 5950, 0],
    ]);
    expect(items[0]!.counterpartyArNumber).toBe('10500');
    expect(items[0]!.counterpartyId).toBe(items[1]!.counterpartyId);

    // The same file again: every number is in Kontor now.
    const again = (await upload(csv)).json<{ created: number; skipped: { reason: string }[] }>();
    expect(again.created).toBe(0);
    expect(again.skipped.filter((entry) => entry.reason === 'exists')).toHaveLength(3);
  });

  it('refuses a file without the required columns, naming them, and reads any headers through the mapping', async () => {
    const csv = 'Nr;Firma;Am;Summe\nX-1;Kiosk Nord;01.11.2026;238,00';
    const refused = await upload(csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'import_missing_columns' });
    const mapped = await upload(csv, { invoiceNumber: 'Nr', customer: 'Firma', invoiceDate: 'Am', totalAmount: 'Summe' });
    expect(mapped.statusCode, mapped.body).toBe(200);
    // Without a rate column the total is taken as it is (0 %).
    expect(mapped.json()).toMatchObject({ created: 1, skipped: [] });
  });
});

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
