import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@kontor/domain';
import { counterparties, counterpartyBankAccounts } from '../src/db/schema';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { getInvoice, hasEInvoiceFixtures, PDF_TYPE, READING_ENV, readFixture, uploadAndRead } from './reading-fixtures';

/**
 * Issue 50: the IBAN to pay comes from the document, never silently from the counterparty record.
 * What each document shows as read (reading.payment), proposed (paymentAccountReview) and paid
 * (counterpartyIban), and the person's choice.
 */
const DIFFERENT_PAYEE = 'zugferd-corpus/ZUGFeRDv2/correct/intarsys/EN16931/zugferd_2p0_EN16931_AbweichenderZahlungsempf.pdf';
const PRE_NOTIFICATION = 'zugferd-corpus/ZUGFeRDv2/correct/intarsys/EN16931/zugferd_2p0_EN16931_SEPA_Prenotification.pdf';
const EINFACH = 'zugferd-corpus/XML-Rechnung/CII/EN16931_Einfach.cii.xml';

const SELLER_VAT = 'DE123456789';
const STORED_IBAN = 'DE02120300000000202051';
const DOCUMENT_IBAN = 'DE89370400440532013000';

let invoiceCounter = 0;

/** EN16931_Einfach with a unique number and, optionally, payment means and a payee spliced in (CII order). */
function einfach(options: { means?: string; payee?: string; dropNetPrice?: boolean } = {}): Buffer {
  let xml = readFixture(EINFACH).toString('utf8');
  invoiceCounter += 1;
  xml = xml.replace('<ram:ID>471102</ram:ID>', `<ram:ID>PAY-${invoiceCounter}</ram:ID>`);
  const settlement = [
    '<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>',
    options.payee ? `<ram:PayeeTradeParty><ram:Name>${options.payee}</ram:Name></ram:PayeeTradeParty>` : '',
    options.means ?? '',
  ].join('');
  xml = xml.replace('<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>', settlement);
  if (options.dropNetPrice) {
    xml = xml.replace(/<ram:NetPriceProductTradePrice>[\s\S]*?<\/ram:NetPriceProductTradePrice>/, '');
  }
  return Buffer.from(xml, 'utf8');
}

const transferTo = (iban: string) =>
  `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode>` +
  `<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${iban}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>` +
  `</ram:SpecifiedTradeSettlementPaymentMeans>`;

describe.skipIf(!hasEInvoiceFixtures)('reading: the account to pay', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let counterpartyId: string;

  beforeAll(async () => {
    testApp = await createTestApp({ env: READING_ENV });
    org = await createOrganizationWithAdmin(testApp, 'Zahlungskonto GmbH');
    const { db } = testApp.database;
    // The seller of the Einfach examples, with the account Kontor knows for it.
    const [counterparty] = await db
      .insert(counterparties)
      .values({ organizationId: org.id, name: 'Lieferant GmbH', vatNumber: SELLER_VAT })
      .returning();
    counterpartyId = counterparty!.id;
    await db
      .insert(counterpartyBankAccounts)
      .values({ organizationId: org.id, counterpartyId, name: 'Hausbank', iban: STORED_IBAN, bic: 'BYLADEM1001' });
  });
  afterAll(async () => testApp.close());

  const upload = (filename: string, content: Buffer, contentType = 'application/xml') =>
    uploadAndRead(testApp, org.admin.cookie, org.id, { filename, contentType, content });

  const choose = (invoice: Invoice, body: { source: 'document' | 'counterparty'; iban: string; version?: number }) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/payment-account`,
      headers: browser(org.admin.cookie),
      payload: { version: invoice.version, ...body },
    });

  it('a document without an account: nothing is filled from the counterparty; the person chooses, and the log says so', async () => {
    const invoice = await upload('einfach.xml', einfach());
    expect(invoice).toMatchObject({ ocrStatus: 'done', counterparty: counterpartyId, counterpartyIban: null });
    expect(invoice.reading!.payment).toEqual({ means: null, account: null, payee: null });
    expect(invoice.paymentAccountReview).toMatchObject({
      state: 'document_without_account',
      needsDecision: true,
      counterpartyAccounts: [{ iban: STORED_IBAN, bic: 'BYLADEM1001', name: 'Hausbank', isVerified: false }],
    });

    const chosen = await choose(invoice, { source: 'counterparty', iban: 'DE02 1203 0000 0000 2020 51' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<Invoice>()).toMatchObject({ counterpartyIban: STORED_IBAN, counterpartyBic: 'BYLADEM1001' });
    expect(chosen.json<Invoice>().paymentAccountReview).toMatchObject({
      state: 'document_without_account',
      needsDecision: false,
    });
    const activity = await testApp.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/activity`,
      headers: browser(org.admin.cookie),
    });
    const entry = activity.json().items.find((item: { changes?: Record<string, unknown> }) => item.changes?.paymentAccountChoice);
    expect(entry).toMatchObject({
      action: 'update',
      actorType: 'user',
      changes: { counterpartyIban: { from: null, to: STORED_IBAN }, paymentAccountChoice: { source: 'counterparty' } },
    });
  });

  it('a document account the counterparty does not have is not paid until chosen; another IBAN is refused', async () => {
    const invoice = await upload('neues-konto.xml', einfach({ means: transferTo(DOCUMENT_IBAN) }));
    expect(invoice.counterpartyIban).toBeNull();
    expect(invoice.reading!.payment).toEqual({
      means: 'transfer',
      account: { iban: DOCUMENT_IBAN, isValid: true, bic: null, role: 'seller' },
      payee: null,
    });
    expect(invoice.paymentAccountReview).toMatchObject({ state: 'differs', needsDecision: true });

    const foreign = await choose(invoice, { source: 'document', iban: 'DE75512108001245126199' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe('invoice_payment_account_not_offered');
    const badIban = await choose(invoice, { source: 'document', iban: 'DE00123' });
    expect(badIban.statusCode).toBe(400);
    const stale = await choose(invoice, { source: 'document', iban: DOCUMENT_IBAN, version: invoice.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
    expect((await getInvoice(testApp, org.admin.cookie, invoice.id)).counterpartyIban).toBeNull();

    const chosen = await choose(invoice, { source: 'document', iban: DOCUMENT_IBAN });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<Invoice>()).toMatchObject({ counterpartyIban: DOCUMENT_IBAN, version: invoice.version + 1 });
  });

  it("the document account that is one of the counterparty's is filled in as read", async () => {
    const invoice = await upload('bekannt.xml', einfach({ means: transferTo(STORED_IBAN) }));
    expect(invoice.counterpartyIban).toBe(STORED_IBAN);
    expect(invoice.reading!.fields.counterpartyIban).toEqual({ confidence: 1, source: 'xml' });
    expect(invoice.paymentAccountReview).toMatchObject({ state: 'agrees', needsDecision: false });
  });

  it('a different payee (EN 16931 BG-10): its name and account are shown, nothing is paid until a person chooses', async () => {
    const built = await upload('factoring.xml', einfach({ payee: 'Factoring Bank AG', means: transferTo(DOCUMENT_IBAN) }));
    expect(built.counterpartyIban).toBeNull();
    expect(built.reading!.payment).toMatchObject({
      account: { iban: DOCUMENT_IBAN, isValid: true, role: 'payee' },
      payee: { name: 'Factoring Bank AG' },
    });
    expect(built.paymentAccountReview).toMatchObject({ state: 'payee_differs', needsDecision: true });
    // The payee's account does not make the payee the supplier: no supplier proposed with it.
    expect(built.counterparty).toBe(counterpartyId);

    // The FeRD sample: the payee's IBAN fails its checksum; it is shown as read, marked invalid.
    const sample = await upload('abweichend.pdf', readFixture(DIFFERENT_PAYEE), PDF_TYPE);
    expect(sample.counterpartyIban).toBeNull();
    expect(sample.reading!.payment).toMatchObject({
      means: 'transfer',
      account: { iban: 'DE12123456781234567890', isValid: false, role: 'payee' },
      payee: { name: 'Factoring GmbH' },
    });
    expect(sample.paymentAccountReview!.needsDecision).toBe(true);
    const refused = await choose(sample, { source: 'document', iban: 'DE12123456781234567890' });
    expect(refused.statusCode).toBe(400);
  });

  it('an IBAN with a wrong checksum is kept as read and marked invalid', async () => {
    const invoice = await upload('falsch.xml', einfach({ means: transferTo('DE89370400440532013001') }));
    expect(invoice.counterpartyIban).toBeNull();
    expect(invoice.reading!.payment!.account).toEqual({
      iban: 'DE89370400440532013001',
      isValid: false,
      bic: null,
      role: 'seller',
    });
    expect(invoice.paymentAccountReview).toMatchObject({ state: 'document_account_invalid', needsDecision: true });
  });

  it('SEPA pre-notification (direct debit): no transfer proposed, no transaction by default', async () => {
    const invoice = await upload('lastschrift.pdf', readFixture(PRE_NOTIFICATION), PDF_TYPE);
    expect(invoice).toMatchObject({ ocrStatus: 'done', counterpartyIban: null, shouldCreateTransaction: false });
    expect(invoice.reading!.fields.shouldCreateTransaction).toEqual({ confidence: 1, source: 'xml' });
    expect(invoice.reading!.payment).toMatchObject({
      means: 'direct_debit',
      account: { iban: 'DE21860000000086001055', isValid: true, role: 'debited' },
    });
    expect(invoice.paymentAccountReview).toMatchObject({ state: 'direct_debit', needsDecision: false });
    // The buyer's own account to be debited is never offered as the account to pay to.
    const refused = await choose(invoice, { source: 'document', iban: 'DE21860000000086001055' });
    expect(refused.statusCode).toBe(422);
  });

  it('an e-invoice that breaks EN 16931 rules (a line without net price) is read and stored with a warning', async () => {
    const invoice = await upload('ohne-preis.xml', einfach({ dropNetPrice: true }));
    expect(invoice).toMatchObject({ ocrStatus: 'done', invoiceNumber: expect.stringMatching(/^PAY-/), totalAmount: 52987 });
    expect(invoice.document).not.toBeNull();
    expect(invoice.reading!.ruleWarnings).toEqual([expect.objectContaining({ code: 'line_net_price_missing', rule: 'BR-26' })]);
    const clean = await upload('sauber.xml', einfach());
    expect(clean.reading!.ruleWarnings).toEqual([]);
  });
});
