import { describe, expect, it } from 'vitest';
import type { ExportFormat, ExportProblem } from '@kontor/domain';
import { checkInvoice, type CheckContext } from './export-check';
import type { ExportInvoiceRow } from './export-rows';
import { testContext, testInvoiceRow, testLine, testSettings } from './test-export-rows';

/** The pre-export check of one invoice, one case per problem code and format where the rule differs. */

const BOOKKEEPING: ExportFormat[] = ['datev', 'bmd', 'rzl'];

const check = (format: ExportFormat, row: Partial<ExportInvoiceRow>, context: Partial<CheckContext> = {}) =>
  checkInvoice(testInvoiceRow(row), testContext(format, context));
const codes = (problems: ExportProblem[]) => problems.map((entry) => entry.code);
const only = (problems: ExportProblem[]) => {
  expect(problems).toHaveLength(1);
  return { code: problems[0]!.code, severity: problems[0]!.severity, params: problems[0]!.params };
};
const error = (code: string, params: ExportProblem['params'] = {}) => ({ code, severity: 'error', params });
const warning = (code: string, params: ExportProblem['params'] = {}) => ({ code, severity: 'warning', params });

describe('checkInvoice: state, for every format', () => {
  it.each(['datev', 'bmd', 'rzl', 'kontor_csv'] as const)('%s: a complete approved invoice has no problem', (format) => {
    expect(check(format, {})).toEqual([]);
  });

  it.each(['datev', 'kontor_csv'] as const)('%s: not_approved, already_exported, being_exported, in_ocr', (format) => {
    expect(only(check(format, { status: 'in_approval' }))).toEqual(error('not_approved', { status: 'in_approval' }));
    const exported = { status: 'exported' as const, exportedAt: '2026-11-03T10:00:00.000Z' };
    expect(only(check(format, exported))).toEqual(error('already_exported', { exportedAt: '2026-11-03T10:00:00.000Z' }));
    expect(check(format, exported, { exportAgain: true })).toEqual([]);
    expect(only(check(format, { exportingJobId: 'job-1' }))).toEqual(error('being_exported'));
    expect(only(check(format, { ocrStatus: 'processing' }))).toEqual(error('in_ocr'));
  });

  it('kontor_csv carries whatever the invoice has: no account, text or character rule applies', () => {
    const broken = {
      invoiceNumber: null,
      date: null,
      totalAmount: -5,
      currency: 'USD',
      counterpartyId: null,
      counterpartyName: 'Łódź '.repeat(20),
      own: testLine({ ledgerAccountCode: null, taxKeyName: null, costCenterCode: 'Ł'.repeat(40) }),
    };
    expect(check('kontor_csv', broken)).toEqual([]);
    expect(codes(check('datev', broken)).length).toBeGreaterThan(5);
  });
});

describe('checkInvoice: accounts', () => {
  it.each(BOOKKEEPING)('%s: counterparty_missing and ap_number_missing', (format) => {
    expect(only(check(format, { counterpartyId: null }))).toEqual(error('counterparty_missing'));
    expect(only(check(format, { accountsPayableNumber: null }))).toEqual(error('ap_number_missing'));
  });

  it('datev: ap_number_invalid unless digits, exactly one more than the Sachkontenlänge', () => {
    expect(only(check('datev', { accountsPayableNumber: '7001' }))).toEqual(
      error('ap_number_invalid', { value: '7001', digits: '5' }),
    );
    expect(only(check('datev', { accountsPayableNumber: 'K0001' }))).toEqual(
      error('ap_number_invalid', { value: 'K0001', digits: '5' }),
    );
    const longer = { settings: testSettings({ accountLength: 5 }) };
    expect(only(check('datev', {}, longer))).toEqual(error('ap_number_invalid', { value: '70001', digits: '6' }));
    expect(check('datev', { accountsPayableNumber: '700001', own: testLine({ ledgerAccountCode: '34000' }) }, longer)).toEqual(
      [],
    );
  });

  it.each(['bmd', 'rzl'] as const)('%s: ap_number_invalid past nine digits or with letters, whatever the length', (format) => {
    expect(check(format, { accountsPayableNumber: '7001' })).toEqual([]);
    expect(check(format, { accountsPayableNumber: '123456789' })).toEqual([]);
    expect(only(check(format, { accountsPayableNumber: '1234567890' }))).toEqual(
      error('ap_number_invalid', { value: '1234567890', digits: '1–9' }),
    );
    expect(only(check(format, { accountsPayableNumber: 'K1' }))).toEqual(
      error('ap_number_invalid', { value: 'K1', digits: '1–9' }),
    );
  });

  it.each(BOOKKEEPING)('%s: ledger_account_missing, of the invoice or of a split line', (format) => {
    expect(only(check(format, { own: testLine({ ledgerAccountCode: null }) }))).toEqual(error('ledger_account_missing'));
    const splits = [testLine({ position: 1, amount: 5_900 }), testLine({ position: 2, amount: 6_000, ledgerAccountCode: null })];
    expect(only(check(format, { splits }))).toEqual(error('ledger_account_missing', { line: 2 }));
  });

  it('datev: ledger_account_invalid past the Sachkontenlänge or with letters', () => {
    expect(check('datev', { own: testLine({ ledgerAccountCode: '340' }) })).toEqual([]);
    expect(only(check('datev', { own: testLine({ ledgerAccountCode: '34000' }) }))).toEqual(
      error('ledger_account_invalid', { value: '34000', digits: '1–4' }),
    );
    const splits = [testLine({ position: 1, ledgerAccountCode: '34A0' })];
    expect(only(check('datev', { splits }))).toEqual(error('ledger_account_invalid', { line: 1, value: '34A0', digits: '1–4' }));
  });

  it.each(['bmd', 'rzl'] as const)('%s: ledger_account_invalid past nine digits only', (format) => {
    expect(check(format, { own: testLine({ ledgerAccountCode: '34000' }) })).toEqual([]);
    expect(only(check(format, { own: testLine({ ledgerAccountCode: '1234567890' }) }))).toEqual(
      error('ledger_account_invalid', { value: '1234567890', digits: '1–9' }),
    );
  });
});

describe('checkInvoice: tax', () => {
  it.each(BOOKKEEPING)('%s: tax_key_missing where tax is charged', (format) => {
    expect(check(format, { own: testLine({ taxKeyName: null, taxKeyCode: null, taxRate: 0 }) })).toEqual([]);
    expect(only(check(format, { own: testLine({ taxKeyName: null, taxKeyCode: null }) }))).toEqual(error('tax_key_missing'));
  });

  it.each([
    ['datev', '1234', '12345'],
    ['bmd', '123', '1234'],
    ['rzl', '123', 'V1'],
  ] as const)('%s: tax_key_unknown_to_format (%s passes, %s does not)', (format, good, bad) => {
    expect(check(format, { own: testLine({ taxKeyCode: good }) })).toEqual([]);
    expect(only(check(format, { own: testLine({ taxKeyCode: bad }) }))).toEqual(
      error('tax_key_unknown_to_format', { taxKey: 'VSt19', value: bad }),
    );
    expect(only(check(format, { own: testLine({ taxKeyCode: null }) }))).toEqual(
      error('tax_key_unknown_to_format', { taxKey: 'VSt19', value: '' }),
    );
  });
});

describe('checkInvoice: texts', () => {
  it.each(BOOKKEEPING)('%s: invoice_number_missing and invoice_number_too_long past 36', (format) => {
    expect(only(check(format, { invoiceNumber: null }))).toEqual(error('invoice_number_missing'));
    expect(check(format, { invoiceNumber: 'A'.repeat(36) })).toEqual([]);
    expect(only(check(format, { invoiceNumber: 'A'.repeat(37) }))).toEqual(
      error('invoice_number_too_long', { max: 36, length: 37 }),
    );
  });

  it('datev: invoice_number_cleaned names the Belegfeld 1 written; characters it drops are no error', () => {
    expect(only(check('datev', { invoiceNumber: 'RE_2026.01 #7' }))).toEqual(
      warning('invoice_number_cleaned', { value: 'RE-2026-01--7' }),
    );
    expect(only(check('datev', { invoiceNumber: 'RE-Ł1' }))).toEqual(warning('invoice_number_cleaned', { value: 'RE-1' }));
    expect(check('bmd', { invoiceNumber: 'RE_2026.01 #7' })).toEqual([]);
  });

  it.each([
    ['datev', 60],
    ['bmd', 50],
    ['rzl', 50],
  ] as const)('%s: text_shortened past %i characters of the booking text', (format, max) => {
    expect(check(format, { counterpartyName: 'N'.repeat(max) })).toEqual([]);
    expect(only(check(format, { counterpartyName: 'N'.repeat(max + 1) }))).toEqual(warning('text_shortened', { max }));
  });

  it.each([
    ['datev', 36],
    ['bmd', 20],
    ['rzl', 20],
  ] as const)('%s: cost_center_too_long past %i, also on a split line', (format, max) => {
    expect(check(format, { own: testLine({ costCenterCode: 'K'.repeat(max) }) })).toEqual([]);
    const long = 'K'.repeat(max + 1);
    expect(only(check(format, { own: testLine({ costCenterCode: long }) }))).toEqual(
      error('cost_center_too_long', { value: long, max }),
    );
    const splits = [testLine({ position: 3, costCenterCode: long })];
    expect(only(check(format, { splits }))).toEqual(error('cost_center_too_long', { line: 3, value: long, max }));
  });

  it('cost centre 2 counts only where the file has its column (DATEV KOST2; BMD and RZL have one)', () => {
    const own = testLine({ costCenter2Code: `Ł${'K'.repeat(40)}` });
    expect(codes(check('datev', { own }))).toEqual(['cost_center_too_long', 'character_not_representable']);
    expect(check('bmd', { own })).toEqual([]);
    expect(check('rzl', { own })).toEqual([]);
  });

  it.each(BOOKKEEPING)('%s: character_not_representable names the field, the line and the characters', (format) => {
    expect(check(format, { counterpartyName: 'Müller & Söhne € ©' })).toEqual([]);
    expect(only(check(format, { counterpartyName: 'Łódź Dostawa' }))).toEqual(
      error('character_not_representable', { field: 'counterpartyName', characters: 'Ł ź' }),
    );
    const splits = [testLine({ position: 1 }), testLine({ position: 2, costCenterCode: 'KST-Ω' })];
    expect(only(check(format, { splits }))).toEqual(
      error('character_not_representable', { line: 2, field: 'costCenter', characters: 'Ω' }),
    );
  });

  it('bmd and rzl: the invoice number is written as it is, so its characters count', () => {
    for (const format of ['bmd', 'rzl'] as const) {
      expect(only(check(format, { invoiceNumber: 'RE-Ł1' }))).toEqual(
        error('character_not_representable', { field: 'invoiceNumber', characters: 'Ł' }),
      );
    }
  });
});

describe('checkInvoice: amounts and dates', () => {
  it.each(BOOKKEEPING)('%s: amount_zero, amount_sign, currency_rate_missing, date_missing', (format) => {
    expect(only(check(format, { totalAmount: 0 }))).toEqual(error('amount_zero'));
    expect(only(check(format, { totalAmount: null }))).toEqual(error('amount_zero'));
    expect(only(check(format, { totalAmount: -11_900 }))).toEqual(error('amount_sign', { type: 'invoice' }));
    expect(check(format, { totalAmount: -11_900, type: 'credit_note' })).toEqual([]);
    expect(only(check(format, { currency: 'USD' }))).toEqual(error('currency_rate_missing', { currency: 'USD' }));
    expect(check(format, { currency: 'USD' }, { exchangeRates: { USD: '1.0850' } })).toEqual([]);
    expect(only(check(format, { date: null }))).toEqual(error('date_missing'));
  });
});
