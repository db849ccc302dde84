import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceFieldsInput } from '@kontor/domain';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { createMasterData, uploadInvoice, validFields } from './invoice-fixtures';

/** One case per SPEC §5 invoice rule: an invalid form and the field message, then a valid one. */
interface RuleCase {
  rule: string;
  invalid: Partial<InvoiceFieldsInput>;
  field: string;
  message: string;
  valid: Partial<InvoiceFieldsInput>;
}

const euro = (text: string) => text.replace(' €', '\u00a0€');

const RULES: RuleCase[] = [
  {
    rule: 'invoice number is required',
    invalid: { invoiceNumber: '' },
    field: 'invoiceNumber',
    message: 'This field is required.',
    valid: { invoiceNumber: 'A-1' },
  },
  {
    rule: 'invoice date is required',
    invalid: { date: null },
    field: 'date',
    message: 'This field is required.',
    valid: { date: '2026-11-02' },
  },
  {
    rule: 'due date is required',
    invalid: { dueDate: null },
    field: 'dueDate',
    message: 'This field is required.',
    valid: { dueDate: '2026-12-01' },
  },
  {
    rule: 'currency is required',
    invalid: { currency: null },
    field: 'currency',
    message: 'This field is required.',
    valid: { currency: 'USD' },
  },
  {
    rule: 'tax rate is required',
    invalid: { taxRate: null },
    field: 'taxRate',
    message: 'This field is required.',
    valid: { taxRate: 700 },
  },
  {
    rule: 'tax rate must be valid',
    invalid: { taxRate: 10_001 },
    field: 'taxRate',
    message: 'The tax rate must be between 0 % and 100 %.',
    valid: { taxRate: 0 },
  },
  {
    rule: 'a billing period needs a start and an end',
    invalid: { billingPeriodStart: '2026-10-01', billingPeriodEnd: null },
    field: 'billingPeriodEnd',
    message: 'A billing period needs both a start and an end date.',
    valid: { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31' },
  },
  {
    rule: 'a billing period needs a start when it has an end',
    invalid: { billingPeriodStart: null, billingPeriodEnd: '2026-10-31' },
    field: 'billingPeriodStart',
    message: 'A billing period needs both a start and an end date.',
    valid: { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31' },
  },
  {
    rule: 'already paid needs a payment date',
    invalid: { alreadyPaid: true, alreadyPaidDate: null },
    field: 'alreadyPaidDate',
    message: 'Enter the date it was paid.',
    valid: { alreadyPaid: true, alreadyPaidDate: '2026-11-05' },
  },
  {
    rule: 'the payment date must not be in the future',
    invalid: { alreadyPaid: true, alreadyPaidDate: '2999-01-01' },
    field: 'alreadyPaidDate',
    message: 'The payment date must not be in the future.',
    valid: { alreadyPaid: true, alreadyPaidDate: '2026-01-05' },
  },
  {
    rule: 'skonto needs amount and date with the rate',
    invalid: { skontoRate: 200, skontoAmount: null, skontoDate: null },
    field: 'skontoAmount',
    message: 'Skonto needs a rate, an amount and a date.',
    valid: { skontoRate: 200, skontoAmount: 238, skontoDate: '2026-11-10' },
  },
  {
    rule: 'skonto needs a rate with amount and date',
    invalid: { skontoRate: null, skontoAmount: 238, skontoDate: '2026-11-10' },
    field: 'skontoRate',
    message: 'Skonto needs a rate, an amount and a date.',
    valid: { skontoRate: 300, skontoAmount: 357, skontoDate: '2026-11-10' },
  },
  {
    rule: 'the skonto rate must be valid',
    invalid: { skontoRate: 0, skontoAmount: 238, skontoDate: '2026-11-10' },
    field: 'skontoRate',
    message: 'The skonto rate must be above 0 % and at most 100 %.',
    valid: { skontoRate: 10_000, skontoAmount: 11_900, skontoDate: '2026-11-10' },
  },
  {
    rule: 'split lines must not exceed the total',
    invalid: { partialAmount: [split(10_000), split(3_134)] },
    field: 'partialAmount',
    message: euro('The split lines exceed the total by 12,34 €.'),
    valid: { partialAmount: [split(10_000), split(1_900)] },
  },
  {
    rule: 'split lines must sum to the total',
    invalid: { partialAmount: [split(5_000), split(5_666)] },
    field: 'partialAmount',
    message: euro('The total exceeds the split lines by 12,34 €.'),
    valid: { partialAmount: [split(5_000), split(6_900)] },
  },
  {
    rule: 'a debitor bank account is required',
    invalid: { debitorBankAccountId: null },
    field: 'debitorBankAccountId',
    message: 'Select a debitor bank account.',
    valid: { debitorBankAccountId: null, shouldCreateTransaction: false },
  },
  {
    rule: 'the counterparty IBAN must be valid',
    invalid: { counterpartyIban: 'DE00 1234 5678 9012 3456 78' },
    field: 'counterpartyIban',
    message: 'Please enter a valid IBAN.',
    valid: { counterpartyIban: 'DE00 1234 5678 9012 3456 78', shouldCreateTransaction: false },
  },
  {
    rule: 'remittance information is shorter than 34 characters',
    invalid: { remittanceInformation: 'x'.repeat(34) },
    field: 'remittanceInformation',
    message: 'Remittance information must be shorter than 34 characters.',
    valid: { remittanceInformation: 'x'.repeat(33) },
  },
  {
    rule: 'the VAT number must be a European one',
    invalid: { counterpartyVat: 'XX12' },
    field: 'counterpartyVat',
    message: 'Enter a European VAT number: a two-letter country prefix and its digits.',
    valid: { counterpartyVat: 'ATU12345675' },
  },
];

function split(amount: number) {
  return { amount, costCenter: null, costCenter2: null, ledgerAccount: null, taxKeyId: null, note: null };
}

describe('PUT /api/invoices/:id applies every SPEC §5 invoice rule', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let debitorId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Rules GmbH');
    ({ debitorId } = await createMasterData(testApp, org.id));
  });
  afterAll(async () => testApp.close());

  const put = (invoice: Pick<Invoice, 'id' | 'version'>, fields: InvoiceFieldsInput, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'PUT',
      url: `/api/invoices/${invoice.id}`,
      headers: browser(org.admin.cookie, headers),
      payload: { ...fields, version: invoice.version },
    });

  it.each(RULES)('$rule', async ({ invalid, field, message, valid }) => {
    const invoice = await uploadInvoice(testApp, org.admin.cookie);
    const refused = await put(invoice, validFields(debitorId, invalid));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().code).toBe('validation_failed');
    expect(refused.json().fieldErrors[field]).toContain(message);

    const saved = await put(invoice, validFields(debitorId, valid));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Invoice>().version).toBe(invoice.version + 1);
  });

  it('answers the messages in German when the browser asks for it', async () => {
    const invoice = await uploadInvoice(testApp, org.admin.cookie);
    const refused = await put(
      invoice,
      validFields(debitorId, { partialAmount: [split(10_000), split(3_134)], invoiceNumber: null }),
      {
        'accept-language': 'de-DE,de;q=0.9',
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.partialAmount).toEqual([euro('Die Aufteilung übersteigt den Gesamtbetrag um 12,34 €.')]);
    expect(refused.json().fieldErrors.invoiceNumber).toEqual(['Dieses Feld ist erforderlich.']);
  });
});
