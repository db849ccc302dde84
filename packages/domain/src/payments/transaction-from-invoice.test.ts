import { describe, expect, it } from 'vitest';
import { REMITTANCE_MAX_LENGTH } from '../invoices/invoice-fields';
import {
  END_TO_END_ID_MAX_LENGTH,
  endToEndIdForInvoice,
  isValidEndToEndId,
  remittanceFromInvoice,
  requestedExecutionDate,
  skontoApplies,
  transactionFromInvoice,
  type CompanyBankAccountForPayment,
  type InvoiceForTransaction,
  type TransactionFromInvoiceOptions,
} from './transaction-from-invoice';
import { isSepaText, toSepaText } from './sepa-characters';

const INVOICE_ID = '3f2b8c1e-9a4d-4e7b-8f6a-1c2d3e4f5a6b';
const mainAccount: CompanyBankAccountForPayment = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Hauptkonto',
  iban: 'AT61 1904 3002 3457 3201',
  bic: 'BKAUATWW',
  isDefaultDebitor: true,
};
const secondAccount: CompanyBankAccountForPayment = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Zweitkonto',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  isDefaultDebitor: false,
};

function invoice(overrides: Partial<InvoiceForTransaction> = {}): InvoiceForTransaction {
  return {
    id: INVOICE_ID,
    invoiceNumber: 'RE-2026-0042',
    totalAmount: 119_000,
    currency: 'EUR',
    dueDate: '2026-12-20',
    skontoRate: 200,
    skontoAmount: 2_380,
    skontoDate: '2026-12-05',
    skontoIgnoreDeadline: false,
    shouldCreateTransaction: true,
    alreadyPaid: false,
    counterpartyName: 'Müller & Söhne GmbH',
    counterpartyIban: 'DE89370400440532013000',
    counterpartyBic: 'COBADEFFXXX',
    remittanceInformation: null,
    debitorBankAccountId: null,
    ...overrides,
  };
}

const options = (overrides: Partial<TransactionFromInvoiceOptions> = {}): TransactionFromInvoiceOptions => ({
  paymentStrategy: 'due_date',
  today: '2026-11-21',
  defaultDebitor: mainAccount,
  bankAccounts: [mainAccount, secondAccount],
  ...overrides,
});

function draft(inv: InvoiceForTransaction, opts: TransactionFromInvoiceOptions) {
  const result = transactionFromInvoice(inv, opts);
  if (!result.ok) throw new Error(`unexpected problems: ${result.problems.join(', ')}`);
  return result.transaction;
}

describe('transactionFromInvoice', () => {
  it('builds the transaction: skonto date, discounted amount, default debitor, creditor, remittance, id', () => {
    expect(draft(invoice(), options({ debitorName: 'Kontor Demo GmbH' }))).toEqual({
      invoiceId: INVOICE_ID,
      amount: 116_620,
      currency: 'EUR',
      requestedExecutionDate: '2026-12-05',
      skontoApplied: true,
      skontoDiscount: 2_380,
      debitorBankAccountId: mainAccount.id,
      debitor: { name: 'Kontor Demo GmbH', iban: 'AT611904300234573201', bic: 'BKAUATWW' },
      creditor: { name: 'Mueller + Soehne GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      remittanceInformation: 'RE-2026-0042',
      endToEndId: 'INV3F2B8C1E9A4D4E7B8F6A1C2D3E4F5A6B',
    });
  });

  it("uses the invoice's own debitor account", () => {
    const result = draft(invoice({ debitorBankAccountId: secondAccount.id }), options());
    expect(result.debitorBankAccountId).toBe(secondAccount.id);
    expect(result.debitor.name).toBe('Zweitkonto');
  });

  it('reports typed problems instead of throwing', () => {
    expect(transactionFromInvoice(invoice(), options({ defaultDebitor: null }))).toEqual({
      ok: false,
      problems: ['no_debitor_account'],
    });
    expect(transactionFromInvoice(invoice({ debitorBankAccountId: '33333333-3333-4333-8333-333333333333' }), options())).toEqual({
      ok: false,
      problems: ['debitor_account_not_found'],
    });
    expect(
      transactionFromInvoice(
        invoice({ counterpartyIban: 'DE89370400440532013001', counterpartyBic: 'XX', counterpartyName: null }),
        options(),
      ),
    ).toEqual({ ok: false, problems: ['invalid_creditor_iban', 'invalid_creditor_bic', 'no_creditor_name'] });
    expect(transactionFromInvoice(invoice({ counterpartyIban: null }), options())).toEqual({
      ok: false,
      problems: ['no_creditor_iban'],
    });
    expect(transactionFromInvoice(invoice({ totalAmount: null, currency: null }), options())).toEqual({
      ok: false,
      problems: ['no_amount', 'no_currency'],
    });
    expect(transactionFromInvoice(invoice({ totalAmount: -500, skontoAmount: null, skontoRate: null }), options())).toEqual({
      ok: false,
      problems: ['non_positive_amount'],
    });
  });

  it('creates nothing for already paid invoices or without shouldCreateTransaction', () => {
    expect(transactionFromInvoice(invoice({ alreadyPaid: true }), options())).toEqual({ ok: false, problems: ['already_paid'] });
    expect(transactionFromInvoice(invoice({ shouldCreateTransaction: false }), options())).toEqual({
      ok: false,
      problems: ['not_create_transaction'],
    });
  });
});

describe('skonto boundaries', () => {
  const asap = (today: string, overrides: Partial<InvoiceForTransaction> = {}) =>
    draft(invoice(overrides), options({ paymentStrategy: 'as_soon_as_possible', today }));

  it('paying on the skonto date keeps the skonto', () => {
    expect(asap('2026-12-05')).toMatchObject({ amount: 116_620, skontoApplied: true, requestedExecutionDate: '2026-12-05' });
  });

  it('paying the day after does not', () => {
    expect(asap('2026-12-06')).toMatchObject({ amount: 119_000, skontoApplied: false, skontoDiscount: 0 });
  });

  it('due_date strategy after the skonto date pays the full amount on the due date', () => {
    expect(draft(invoice(), options({ today: '2026-12-06' }))).toMatchObject({
      amount: 119_000,
      requestedExecutionDate: '2026-12-20',
    });
  });

  it('ignore-deadline keeps the skonto after the skonto date and pays on the due date', () => {
    expect(asap('2026-12-10', { skontoIgnoreDeadline: true })).toMatchObject({ amount: 116_620, skontoApplied: true });
    expect(draft(invoice({ skontoIgnoreDeadline: true }), options())).toMatchObject({
      amount: 116_620,
      requestedExecutionDate: '2026-12-20',
    });
  });

  it('computes the discount from the rate when no amount is stored', () => {
    expect(asap('2026-11-21', { skontoAmount: null, skontoRate: 300 })).toMatchObject({ amount: 115_430, skontoDiscount: 3_570 });
  });

  it('without skonto the total is paid', () => {
    expect(asap('2026-11-21', { skontoAmount: null, skontoRate: null, skontoDate: null })).toMatchObject({
      amount: 119_000,
      skontoApplied: false,
    });
    expect(skontoApplies(invoice({ skontoAmount: 0, skontoRate: null }), '2026-11-21')).toBe(false);
  });
});

describe('requested execution date', () => {
  const plain = { skontoAmount: null, skontoRate: null, skontoDate: null };

  it('due_date: skonto date while open, else the due date', () => {
    expect(requestedExecutionDate(invoice(), 'due_date', '2026-11-21')).toBe('2026-12-05');
    expect(requestedExecutionDate(invoice(), 'due_date', '2026-12-05')).toBe('2026-12-05');
    expect(requestedExecutionDate(invoice(), 'due_date', '2026-12-06')).toBe('2026-12-20');
    expect(requestedExecutionDate(invoice(plain), 'due_date', '2026-11-21')).toBe('2026-12-20');
  });

  it('as_soon_as_possible: today', () => {
    expect(requestedExecutionDate(invoice(), 'as_soon_as_possible', '2026-11-21')).toBe('2026-11-21');
  });

  it('never in the past; no due date → today', () => {
    expect(requestedExecutionDate(invoice(plain), 'due_date', '2027-01-10')).toBe('2027-01-10');
    expect(requestedExecutionDate(invoice({ ...plain, dueDate: null }), 'due_date', '2026-11-21')).toBe('2026-11-21');
  });
});

describe('remittance information', () => {
  it('comes from the invoice number, or the remittance field when set', () => {
    expect(remittanceFromInvoice({ invoiceNumber: 'RE 1', remittanceInformation: null })).toBe('RE 1');
    expect(remittanceFromInvoice({ invoiceNumber: 'RE 1', remittanceInformation: 'Kundennr 7' })).toBe('Kundennr 7');
    expect(remittanceFromInvoice({ invoiceNumber: null, remittanceInformation: null })).toBeNull();
    expect(remittanceFromInvoice({ invoiceNumber: ' @ ', remittanceInformation: null })).toBeNull();
  });

  it('is shorter than 34 characters and in the SEPA charset', () => {
    const long = 'Rechnung Nr. 2026/Übergröße_#4711 für Straße – März €€€ 1234567890';
    const text = remittanceFromInvoice({ invoiceNumber: long, remittanceInformation: null })!;
    expect(text.length).toBeLessThan(34);
    expect(text.length).toBeLessThanOrEqual(REMITTANCE_MAX_LENGTH);
    expect(isSepaText(text)).toBe(true);
    expect(text).toBe('Rechnung Nr. 2026/Uebergroesse- 4');
  });

  it('transliterates and normalises', () => {
    expect(toSepaText('  Café  Ærø  ß\tÑ @ ')).toBe('Cafe AEro ss N');
  });
});

describe('end-to-end id', () => {
  it('is stable, at most 35 characters and valid SEPA', () => {
    const first = endToEndIdForInvoice(INVOICE_ID);
    expect(endToEndIdForInvoice(INVOICE_ID)).toBe(first);
    expect(endToEndIdForInvoice(INVOICE_ID.toUpperCase())).toBe(first);
    expect(first).toHaveLength(END_TO_END_ID_MAX_LENGTH);
    expect(isValidEndToEndId(first)).toBe(true);
    expect(endToEndIdForInvoice('3f2b8c1e-9a4d-4e7b-8f6a-1c2d3e4f5a6c')).not.toBe(first);
    expect(draft(invoice(), options()).endToEndId).toBe(draft(invoice(), options({ today: '2026-12-01' })).endToEndId);
  });

  it('handles non-UUID ids', () => {
    const id = endToEndIdForInvoice('legacy//id with spaces & ümlaut and a very long tail 1234567890');
    expect(isValidEndToEndId(id)).toBe(true);
    expect(endToEndIdForInvoice('legacy//id with spaces & ümlaut and a very long tail 1234567890')).toBe(id);
  });

  it('rejects invalid ids', () => {
    expect(isValidEndToEndId('')).toBe(false);
    expect(isValidEndToEndId('/A')).toBe(false);
    expect(isValidEndToEndId('A//B')).toBe(false);
    expect(isValidEndToEndId('A'.repeat(36))).toBe(false);
    expect(isValidEndToEndId('AÄ')).toBe(false);
  });
});
