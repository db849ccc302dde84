import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCounterpartyFields, type ArInvoice, type ArSendDraft, type Organization } from '@kontor/domain';
import { readEInvoicePdf, readEInvoiceXml } from '@kontor/formats';
import { activityLog, companyBankAccounts, counterparties, mailOutbox } from '../src/db/schema';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { arInvoiceBody, insertCustomer } from './receivable-fixtures';

const COMPANY = {
  legalName: 'Forderung Dokumente GmbH',
  street: 'Leopoldstraße 12',
  postalCode: '80802',
  city: 'München',
  countryCode: 'DE',
  vatId: 'DE123456788',
  taxNumber: null,
  email: 'rechnung@forderung.example',
  phone: '+49 89 1234567',
  website: 'https://forderung.example',
  contactName: 'Anna Berger',
  registration: 'Amtsgericht München HRB 234567',
  managingDirectors: 'Anna Berger',
};

/** Issue 65: the PDF (ZUGFeRD), XRechnung and sending of an outgoing invoice. */
describe('outgoing invoice documents', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let customer: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Forderung Dokumente');
    customer = await insertCustomer(testApp, org.id);
    await testApp.database.db
      .update(counterparties)
      .set({ email: 'ap@kunde-nord.example', street: 'Hafenstraße 3', zip: '20457', city: 'Hamburg', country: 'DE' })
      .where(eq(counterparties.id, customer));
  });
  afterAll(async () => testApp.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, locale = 'de') =>
    testApp.app.inject({
      method,
      url,
      headers: browser(org.admin.cookie, { 'accept-language': locale }),
      ...(payload ? { payload } : {}),
    });
  const create = async (issue = true, overrides: Parameters<typeof arInvoiceBody>[1] = {}): Promise<ArInvoice> => {
    const response = await call('POST', '/api/ar-invoices', { ...arInvoiceBody(customer, overrides), issue });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ArInvoice>();
  };
  const setCompanyDetails = async (details: object) => {
    const current = (await call('GET', `/api/organization/${org.id}`)).json<Organization>();
    const response = await call('PUT', '/api/organization', { version: current.version, companyDetails: details });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('checks company details and the Leitweg-ID where they are typed', async () => {
    const current = (await call('GET', `/api/organization/${org.id}`)).json<Organization>();
    const badDetails = await call('PUT', '/api/organization', {
      version: current.version,
      companyDetails: { ...COMPANY, vatId: 'DE123456789', phone: 'call us' },
    });
    expect(badDetails.statusCode).toBe(400);
    expect(Object.keys(badDetails.json().fieldErrors).sort()).toEqual(['companyDetails.phone', 'companyDetails.vatId']);
    const counterparty = { ...emptyCounterpartyFields(), name: 'Stadt Musterstadt', leitwegId: '04011000-12345-04' };
    const badLeitweg = await call('POST', '/api/counterparties', counterparty, 'en');
    expect(badLeitweg.statusCode).toBe(400);
    expect(badLeitweg.json().fieldErrors.leitwegId).toEqual([expect.stringContaining('Not a valid Leitweg-ID')]);
    const created = await call('POST', '/api/counterparties', {
      ...counterparty,
      leitwegId: '04011000-12345-03',
      invoiceLanguage: 'en',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ leitwegId: '04011000-12345-03', invoiceLanguage: 'en' });
  });

  it('refuses a draft, and names the missing company details in the caller language', async () => {
    const draft = await create(false);
    const refused = await call('GET', `/api/ar-invoices/${draft.id}/pdf`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ar_invoice_not_issued');

    const issued = await create();
    const missing = await call('GET', `/api/ar-invoices/${issued.id}/pdf`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'company_details_missing' });
    expect(missing.json().message).toContain('Straße, PLZ, Ort, Land, USt-IdNr. oder Steuernummer');
  });

  it('makes a ZUGFeRD PDF whose embedded XML states the invoice, and serves the same file again', async () => {
    await setCompanyDetails(COMPANY);
    await testApp.database.db.insert(companyBankAccounts).values({
      organizationId: org.id,
      name: 'Hausbank',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      isDefaultDebitor: true,
    });
    const invoice = await create(true, { skontoRate: 200, skontoDays: 14 });
    const response = await call('GET', `/api/ar-invoices/${invoice.id}/pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`Rechnung-${invoice.invoiceNumber}.pdf`);
    const read = (await readEInvoicePdf(response.rawPayload))!;
    expect(read.profile).toBe('urn:cen.eu:en16931:2017');
    expect(read.invoiceNumber?.value).toBe(invoice.invoiceNumber);
    expect(read.totalAmount?.value).toBe(invoice.totalAmount);
    expect(read.taxBreakdown.map((tax) => [tax.rate, tax.basis, tax.tax])).toEqual(
      invoice.taxBreakdown.map((tax) => [tax.rate, tax.basis, tax.tax]),
    );
    expect(read.iban?.value).toBe('DE02120300000000202051');
    expect(read.seller.name?.value).toBe('Forderung Dokumente GmbH');
    expect(read.buyer.name?.value).toBe('Kunde Nord GmbH');
    expect(read.skonto?.value).toMatchObject({ rate: 200, days: 14 });
    expect(read.lineItems.map((line) => line.unit)).toEqual(['HUR', 'C62', 'C62']);

    // The company moves: the document already made stays as it was until the invoice changes.
    await setCompanyDetails({ ...COMPANY, street: 'Neue Straße 1' });
    const again = await call('GET', `/api/ar-invoices/${invoice.id}/pdf`);
    expect(Buffer.compare(again.rawPayload, response.rawPayload)).toBe(0);
    const edited = await call('PUT', `/api/ar-invoices/${invoice.id}`, {
      ...arInvoiceBody(customer, { notes: 'Neue Anschrift' }),
      version: invoice.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const remade = await call('GET', `/api/ar-invoices/${invoice.id}/pdf`);
    expect(Buffer.compare(remade.rawPayload, response.rawPayload)).not.toBe(0);
    expect((await readEInvoicePdf(remade.rawPayload))!.seller.address?.value.street).toBe('Neue Straße 1');
  });

  it('writes XRechnung in UBL and CII only for a customer with a Leitweg-ID', async () => {
    await setCompanyDetails(COMPANY);
    const invoice = await create();
    const refused = await call('GET', `/api/ar-invoices/${invoice.id}/xrechnung?syntax=ubl`, undefined, 'en');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('Kunde Nord GmbH');

    await testApp.database.db
      .update(counterparties)
      .set({ leitwegId: '04011000-12345-03' })
      .where(eq(counterparties.id, customer));
    for (const syntax of ['ubl', 'cii'] as const) {
      const response = await call('GET', `/api/ar-invoices/${invoice.id}/xrechnung?syntax=${syntax}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toContain(`-xrechnung-${syntax}.xml`);
      const read = readEInvoiceXml(response.body);
      expect(read.syntax).toBe(syntax.toUpperCase());
      expect(read.profile).toBe('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
      expect(read.invoiceNumber?.value).toBe(invoice.invoiceNumber);
      expect(read.totalAmount?.value).toBe(invoice.totalAmount);
    }
    const bad = await call('GET', `/api/ar-invoices/${invoice.id}/xrechnung?syntax=pdf`);
    expect(bad.statusCode).toBe(400);
  });

  it('sends the PDF to the customer: a stale version sends nothing, the mail carries the stored file', async () => {
    await setCompanyDetails(COMPANY);
    await testApp.database.db.update(counterparties).set({ invoiceLanguage: 'en' }).where(eq(counterparties.id, customer));
    const invoice = await create();
    const draft = (await call('GET', `/api/ar-invoices/${invoice.id}/send-draft`)).json<ArSendDraft>();
    expect(draft).toMatchObject({
      to: ['ap@kunde-nord.example'],
      subject: `Invoice ${invoice.invoiceNumber} from Forderung Dokumente GmbH`,
      language: 'en',
      fileName: `Invoice-${invoice.invoiceNumber}.pdf`,
      missingCompanyDetails: [],
    });
    expect(draft.message).toContain('€1,977.47');

    const body = { to: draft.to, subject: draft.subject, message: draft.message };
    const stale = await call('POST', `/api/ar-invoices/${invoice.id}/send`, { ...body, version: invoice.version + 1 });
    expect(stale.statusCode).toBe(409);
    const invalid = await call('POST', `/api/ar-invoices/${invoice.id}/send`, {
      ...body,
      to: ['nope'],
      version: invoice.version,
    });
    expect(invalid.statusCode).toBe(400);
    const mailsBefore = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.organizationId, org.id));
    expect(mailsBefore).toHaveLength(0);

    const sent = await call('POST', `/api/ar-invoices/${invoice.id}/send`, { ...body, version: invoice.version });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.organizationId, org.id));
    expect(mail).toMatchObject({ toAddresses: ['ap@kunde-nord.example'], subject: draft.subject, template: 'ar_invoice' });
    expect(mail!.attachments).toEqual([
      expect.objectContaining({ filename: `Invoice-${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf' }),
    ]);
    const pdf = await call('GET', `/api/ar-invoices/${invoice.id}/pdf`);
    const attachment = await testApp.app.inject({ method: 'GET', url: `/mailbox/${mail!.id}/attachments/0` });
    expect(attachment.statusCode).toBe(200);
    expect(Buffer.compare(attachment.rawPayload, pdf.rawPayload)).toBe(0);
    const logged = await testApp.database.db.select().from(activityLog).where(eq(activityLog.entityId, invoice.id));
    expect(logged.map((entry) => entry.action)).toContain('send');

    const canceled = await call('POST', `/api/ar-invoices/${invoice.id}/cancel`, { version: invoice.version, reason: 'Falsch' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const refused = await call('POST', `/api/ar-invoices/${invoice.id}/send`, {
      ...body,
      version: canceled.json<ArInvoice>().version,
    });
    expect(refused.json().code).toBe('ar_invoice_not_sendable');
  });
});
