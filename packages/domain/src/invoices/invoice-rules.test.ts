import { describe, expect, it } from 'vitest';
import {
  checkInvoiceRules,
  invoiceWarnings,
  lineTotalFor,
  missingBaseInvoiceFields,
  netOfGross,
  parseLedgerAccount,
  skontoAmountFor,
  splitBalance,
  type InvoiceRuleInput,
} from './invoice-rules';
import { invoiceFormSchema } from './invoice-schema';

const TODAY = '2026-11-21';

function valid(overrides: Partial<InvoiceRuleInput> = {}): InvoiceRuleInput {
  return {
    counterpartyIban: 'DE89370400440532013000',
    counterpartyVat: 'DE129273398',
    invoiceNumber: 'RE-1',
    date: '2026-11-01',
    dueDate: '2026-11-30',
    billingPeriodStart: null,
    billingPeriodEnd: null,
    totalAmount: 11_900,
    currency: 'EUR',
    skontoRate: null,
    skontoAmount: null,
    skontoDate: null,
    shouldCreateTransaction: true,
    alreadyPaid: false,
    alreadyPaidDate: null,
    taxRate: 1_900,
    partialAmount: [],
    debitorBankAccountId: '00000000-0000-4000-8000-000000000001',
    ...overrides,
  };
}

const messages = (input: InvoiceRuleInput) =>
  checkInvoiceRules(input, TODAY).map((finding) => `${finding.path.join('.')}:${finding.message}`);

describe('invoice rules (SPEC §5)', () => {
  it('accepts a complete invoice', () => {
    expect(messages(valid())).toEqual([]);
  });

  it('names the base required fields an invoice lacks, as the approval actions check them', () => {
    expect(missingBaseInvoiceFields(valid())).toEqual([]);
    // An uploaded invoice nobody has saved: nothing read yet.
    const uploaded = valid({ invoiceNumber: null, date: null, dueDate: null, currency: null, taxRate: null, totalAmount: null });
    expect(missingBaseInvoiceFields(uploaded)).toEqual([
      'invoiceNumber',
      'date',
      'dueDate',
      'currency',
      'taxRate',
      'totalAmount',
    ]);
    expect(missingBaseInvoiceFields(valid({ invoiceNumber: '', totalAmount: null }))).toEqual(['invoiceNumber', 'totalAmount']);
    // Zero is a value: a tax-free invoice, a zero total.
    expect(missingBaseInvoiceFields(valid({ taxRate: 0, totalAmount: 0 }))).toEqual([]);
  });

  it('finds each broken rule on its field', () => {
    expect(
      messages(valid({ invoiceNumber: null, date: null, dueDate: null, currency: null, taxRate: null, totalAmount: null })),
    ).toEqual([
      'invoiceNumber:required',
      'date:required',
      'dueDate:required',
      'currency:required',
      'taxRate:required',
      'totalAmount:required',
    ]);
    expect(messages(valid({ billingPeriodStart: '2026-10-01' }))).toEqual(['billingPeriodEnd:billing_period_incomplete']);
    expect(messages(valid({ billingPeriodStart: '2026-10-31', billingPeriodEnd: '2026-10-01' }))).toEqual([
      'billingPeriodEnd:billing_period_order',
    ]);
    expect(messages(valid({ alreadyPaid: true }))).toEqual(['alreadyPaidDate:paid_date_required']);
    expect(messages(valid({ alreadyPaid: true, alreadyPaidDate: '2026-11-22' }))).toEqual([
      'alreadyPaidDate:paid_date_in_future',
    ]);
    expect(messages(valid({ alreadyPaid: true, alreadyPaidDate: TODAY }))).toEqual([]);
    expect(messages(valid({ skontoDate: '2026-11-10' }))).toEqual([
      'skontoRate:skonto_incomplete',
      'skontoAmount:skonto_incomplete',
    ]);
    expect(messages(valid({ skontoRate: 10_001, skontoAmount: 100, skontoDate: '2026-11-10' }))).toEqual([
      'skontoRate:skonto_rate_invalid',
    ]);
    expect(messages(valid({ counterpartyIban: null }))).toEqual(['counterpartyIban:iban_required']);
    expect(messages(valid({ counterpartyIban: null, shouldCreateTransaction: false, debitorBankAccountId: null }))).toEqual([]);
    expect(messages(valid({ debitorBankAccountId: null }))).toEqual(['debitorBankAccountId:debitor_required']);
    expect(messages(valid({ counterpartyVat: 'US123456789' }))).toEqual(['counterpartyVat:invalid_vat']);
  });

  it('puts dates in order only when both are dates, so typed text has the one message of its format', () => {
    // What a date field passes on while its text cannot be read ("31.02.2026" sorts after any ISO date).
    expect(messages(valid({ date: '31.02.2026' }))).toEqual([]);
    expect(messages(valid({ dueDate: '01.11.2026', skontoRate: 200, skontoAmount: 100, skontoDate: '2026-11-10' }))).toEqual([]);
    expect(messages(valid({ billingPeriodStart: '31.10.2026', billingPeriodEnd: '2026-10-01' }))).toEqual([]);
    expect(messages(valid({ alreadyPaid: true, alreadyPaidDate: '99.99.9999' }))).toEqual([]);
    expect(invoiceWarnings({ date: '01.02.2026', status: 'new' }, TODAY)).toEqual([]);
  });

  it("computes skonto to the cent, a credit note's as the mirror of the invoice's", () => {
    expect(skontoAmountFor(119_000, 200)).toBe(2_380);
    expect(skontoAmountFor(12_345, 250)).toBe(309); // 308.625
    expect(skontoAmountFor(-12_345, 250)).toBe(-309);
    expect(skontoAmountFor(10_050, 100)).toBe(101); // 100.5 rounds away from zero
    expect(skontoAmountFor(-10_050, 100)).toBe(-101);
  });

  it('computes a line total from quantity and unit price, to the cent', () => {
    expect(lineTotalFor(3_000, 1_999)).toBe(5_997); // 3 × 19,99
    expect(lineTotalFor(1_500, 333)).toBe(500); // 1,5 × 3,33 = 4,995
    expect(lineTotalFor(-2_000, 1_250)).toBe(-2_500);
  });

  it('finds the net amount inside a gross total, and the tax is the rest to the cent', () => {
    expect(netOfGross(119_000, 1_900)).toBe(100_000);
    expect(netOfGross(10_700, 700)).toBe(10_000);
    expect(netOfGross(1_000, 1_900)).toBe(840); // 8,403… → 8,40; tax 1,60
    expect(netOfGross(-119_000, 1_900)).toBe(-100_000);
    expect(netOfGross(5_000, 0)).toBe(5_000);
  });

  it('reports split sums with the difference and its currency', () => {
    expect(splitBalance(11_900, [{ amount: 10_000 }, { amount: 666 }])).toBe(1_234);
    expect(checkInvoiceRules(valid({ partialAmount: [{ amount: 13_134 }] }), TODAY)).toEqual([
      { path: ['partialAmount'], message: 'split_sum_exceeds_total', params: { difference: 1_234, currency: 'EUR' } },
    ]);
    expect(checkInvoiceRules(valid({ partialAmount: [{ amount: 10_666 }], currency: 'USD' }), TODAY)).toEqual([
      { path: ['partialAmount'], message: 'total_exceeds_split_sum', params: { difference: 1_234, currency: 'USD' } },
    ]);
  });

  it('warns about invoices older than 4 months and edits of approved ones', () => {
    expect(invoiceWarnings({ date: '2026-07-20', status: 'new' }, TODAY)).toEqual(['invoice_older_than_4_months']);
    expect(invoiceWarnings({ date: '2026-07-21', status: 'approved' }, TODAY)).toEqual(['editing_approved_invoice']);
  });

  it('refuses remittance information of 34 characters in the form schema', () => {
    const result = invoiceFormSchema.safeParse({ remittanceInformation: 'x'.repeat(34) });
    expect(result.success).toBe(false);
    expect(
      result.error!.issues.some((issue) => issue.path[0] === 'remittanceInformation' && issue.message === 'remittance_too_long'),
    ).toBe(true);
  });

  it('reads ledger accounts written "0000 - Name"', () => {
    expect(parseLedgerAccount('4400 - Bürobedarf')).toEqual({ code: '4400', name: 'Bürobedarf' });
    expect(parseLedgerAccount('Bürobedarf')).toBeNull();
  });
});
