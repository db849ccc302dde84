import { describe, expect, it } from 'vitest';
import type { ExportFormat, ExportProblem } from '@kontor/domain';
import { checkInvoice, checkPayment, checkSettings, hasError, type CheckContext } from './export-check';
import type { ExportPaymentRow } from './export-payments';
import type { PersonalAccountFacts } from './personal-account-facts';
import { testContext, testInvoiceRow, testPaymentRow, testSettings } from './test-export-rows';

/** The settings check, BMD's personal accounts and the check of a payment run's payments. */

const summary = (problems: ExportProblem[]) =>
  problems.map((entry) => ({ code: entry.code, severity: entry.severity, params: entry.params }));

describe('checkSettings: what each writer takes from the settings', () => {
  it('datev: settings_datev_numbers_missing without the consultant or the client number', () => {
    expect(checkSettings('datev', testSettings())).toEqual([]);
    expect(summary(checkSettings('datev', testSettings({ datevClientNumber: null })))).toEqual([
      { code: 'settings_datev_numbers_missing', severity: 'error', params: {} },
    ]);
    expect(checkSettings('datev', testSettings({ datevConsultantNumber: null }))[0]).toMatchObject({
      code: 'settings_datev_numbers_missing',
      invoiceId: null,
    });
    // The other formats do not write DATEV's header.
    expect(checkSettings('bmd', testSettings({ datevClientNumber: null, datevConsultantNumber: null }))).toEqual([]);
  });

  it('bmd: settings_bmd_client_missing names the Buchungssymbol every line carries', () => {
    expect(summary(checkSettings('bmd', testSettings({ bmdInvoiceSymbol: ' ' })))).toEqual([
      { code: 'settings_bmd_client_missing', severity: 'error', params: { field: 'bmdInvoiceSymbol' } },
    ]);
    expect(summary(checkSettings('bmd', testSettings({ bmdPaymentSymbol: '' })))).toEqual([
      { code: 'settings_bmd_client_missing', severity: 'error', params: { field: 'bmdPaymentSymbol' } },
    ]);
    expect(summary(checkSettings('bmd', testSettings({ bmdInvoiceSymbol: 'ŁR' })))).toEqual([
      { code: 'character_not_representable', severity: 'error', params: { field: 'bmdInvoiceSymbol', characters: 'Ł' } },
    ]);
    // BMD's booking file names no client: its client number is not needed to write it.
    expect(checkSettings('bmd', testSettings({ bmdClientNumber: null }))).toEqual([]);
    expect(checkSettings('rzl', testSettings({ bmdInvoiceSymbol: '' }))).toEqual([]);
  });

  it('rzl: settings_rzl_client_missing warns that the file names no <mandant>', () => {
    expect(checkSettings('rzl', testSettings())).toEqual([]);
    const missing = checkSettings('rzl', testSettings({ rzlClientNumber: null }));
    expect(summary(missing)).toEqual([{ code: 'settings_rzl_client_missing', severity: 'warning', params: {} }]);
    expect(hasError(missing)).toBe(false);
    expect(checkSettings('datev', testSettings({ rzlClientNumber: null }))).toEqual([]);
  });

  it('kontor_csv needs no settings at all', () => {
    const empty = testSettings({ datevClientNumber: null, bmdInvoiceSymbol: '', rzlClientNumber: null });
    expect(checkSettings('kontor_csv', empty)).toEqual([]);
  });
});

describe("BMD's personal accounts (Personenkonten.csv) must be Windows-1252", () => {
  const account = (overrides: Partial<PersonalAccountFacts>): PersonalAccountFacts => ({
    name: 'Papier & Co. KG',
    street: 'Hauptstraße 1',
    zip: '1010',
    city: 'Wien',
    sentToBmd: false,
    ...overrides,
  });
  const invoice = (format: ExportFormat, overrides: Partial<PersonalAccountFacts>) =>
    summary(checkInvoice(testInvoiceRow({ personalAccount: account(overrides) }), testContext(format)));
  const refused = (field: string, characters: string) => [
    { code: 'character_not_representable', severity: 'error', params: { field, characters } },
  ];

  it('names the street, the zip and the city of a creditor BMD has not received yet', () => {
    expect(invoice('bmd', { street: 'ul. Łąkowa 7' })).toEqual(refused('street', 'Ł ą'));
    expect(invoice('bmd', { zip: '1010 Ω' })).toEqual(refused('zip', 'Ω'));
    expect(invoice('bmd', { city: 'Łódź' })).toEqual(refused('city', 'Ł ź'));
    expect(invoice('bmd', { street: null, city: null })).toEqual([]);
  });

  it("names the record's name where it differs from the invoice's (that one is checked with the bookings)", () => {
    expect(invoice('bmd', { name: 'Papier Łukasz' })).toEqual(refused('accountName', 'Ł'));
  });

  it('is no problem once BMD has the creditor, nor for the formats that write no personal accounts', () => {
    expect(invoice('bmd', { city: 'Łódź', sentToBmd: true })).toEqual([]);
    expect(invoice('datev', { city: 'Łódź' })).toEqual([]);
    expect(invoice('rzl', { city: 'Łódź' })).toEqual([]);
  });

  it("applies to a payment's creditor as well", () => {
    const row = testPaymentRow({ personalAccount: account({ city: 'Łódź' }) });
    expect(summary(checkPayment(row, testContext('bmd')))).toEqual(refused('city', 'Ł ź'));
  });
});

describe('checkPayment', () => {
  const check = (format: ExportFormat, row: Partial<ExportPaymentRow>, context: Partial<CheckContext> = {}) =>
    summary(checkPayment(testPaymentRow(row), testContext(format, context)));
  const error = (code: string, params: ExportProblem['params'] = {}) => [{ code, severity: 'error', params }];

  it.each(['datev', 'bmd', 'rzl', 'kontor_csv'] as const)('%s: a booked payment has no problem', (format) => {
    expect(check(format, {})).toEqual([]);
  });

  it('kontor_csv needs no accounts', () => {
    expect(check('kontor_csv', { counterpartyId: null, bankLedgerAccountCode: null })).toEqual([]);
  });

  it.each(['datev', 'bmd', 'rzl'] as const)('%s: amounts, accounts and the bank G/L account', (format) => {
    expect(check(format, { amount: 0 })).toEqual(error('amount_zero'));
    expect(check(format, { currency: 'CHF' })).toEqual(error('currency_rate_missing', { currency: 'CHF' }));
    expect(check(format, { currency: 'CHF' }, { exchangeRates: { CHF: '0.94' } })).toEqual([]);
    expect(check(format, { counterpartyId: null })).toEqual(error('counterparty_missing'));
    expect(check(format, { accountsPayableNumber: null })).toEqual(error('ap_number_missing'));
    expect(check(format, { bankLedgerAccountCode: null })).toEqual(error('bank_account_ledger_missing', { debitor: 'Hausbank' }));
  });

  it('datev: ap_number_invalid and ledger_account_invalid against the Sachkontenlänge', () => {
    expect(check('datev', { accountsPayableNumber: '700001' })).toEqual(
      error('ap_number_invalid', { value: '700001', digits: '5' }),
    );
    expect(check('datev', { bankLedgerAccountCode: '12000' })).toEqual(
      error('ledger_account_invalid', { value: '12000', digits: '1–4' }),
    );
    expect(check('bmd', { accountsPayableNumber: '700001', bankLedgerAccountCode: '12000' })).toEqual([]);
  });

  it('the booking text is the remittance information: text_shortened and its characters', () => {
    expect(check('bmd', { remittanceInformation: 'R'.repeat(51) })).toEqual([
      { code: 'text_shortened', severity: 'warning', params: { max: 50 } },
    ]);
    expect(check('datev', { remittanceInformation: 'R'.repeat(60) })).toEqual([]);
    expect(check('datev', { remittanceInformation: 'RE 1 Łódź' })).toEqual(
      error('character_not_representable', { field: 'remittanceInformation', characters: 'Ł ź' }),
    );
    expect(check('datev', { creditorName: 'Ωmega' })).toEqual(
      error('character_not_representable', { field: 'counterpartyName', characters: 'Ω' }),
    );
  });
});
