import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Counterparty } from '@kontor/domain';
import validationEn from '@kontor/domain/locales/en/validation.json' with { type: 'json' };
import { caller, counterpartyBody } from './counterparty-fixtures';
import { createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';

/** SPEC §5 and §8 rules of the counterparty record, one by one (POST /api/counterparties). */
describe('counterparty rules', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let call: ReturnType<typeof caller>;
  const message = (key: keyof typeof validationEn) => validationEn[key];

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Regeln GmbH');
    call = caller(testApp);
  });
  afterAll(async () => testApp.close());

  const create = (overrides: Parameters<typeof counterpartyBody>[0]) =>
    call('POST', '/api/counterparties', org.admin.cookie, counterpartyBody(overrides));
  const fieldErrorsOf = async (overrides: Parameters<typeof counterpartyBody>[0]) => {
    const response = await create(overrides);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('validation_failed');
    return response.json().fieldErrors as Record<string, string[]>;
  };

  it('requires a name', async () => {
    expect((await fieldErrorsOf({ name: '  ' })).name).toEqual([message('required')]);
  });

  it('refuses an invalid IBAN (checksum) and an invalid BIC', async () => {
    const errors = await fieldErrorsOf({
      bankAccounts: [
        { name: 'Haupt', iban: 'DE89370400440532013001', bic: null },
        { name: 'Neben', iban: 'DE02120300000000202051', bic: 'NOTABIC' },
      ],
    });
    expect(errors['bankAccounts.0.iban']).toEqual([message('invalid_iban')]);
    expect(errors['bankAccounts.1.bic']).toEqual([message('invalid_bic')]);
  });

  it('refuses the same bank account name and IBAN twice, names compared case-insensitively', async () => {
    const errors = await fieldErrorsOf({
      bankAccounts: [
        { name: 'Haupt', iban: 'DE89 3704 0044 0532 0130 00', bic: null },
        { name: 'haupt', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      ],
    });
    expect(errors['bankAccounts.1.iban']).toEqual([message('bank_account_duplicate')]);
    // Same IBAN under another name is a different account.
    const response = await create({
      name: 'Zwei Konten KG',
      bankAccounts: [
        { name: 'Haupt', iban: 'DE89370400440532013000', bic: null },
        { name: 'Miete', iban: 'DE89370400440532013000', bic: null },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Counterparty>().bankAccounts).toHaveLength(2);
  });

  it('accepts only a European VAT number (country prefix, the country pattern and check digits)', async () => {
    expect((await fieldErrorsOf({ vatNumber: '123456789' })).vatNumber).toEqual([message('invalid_vat')]);
    expect((await fieldErrorsOf({ vatNumber: 'US123456789' })).vatNumber).toEqual([message('invalid_vat')]);
    // The country's pattern and, for Germany, its check digit.
    expect((await fieldErrorsOf({ vatNumber: 'DE12345678' })).vatNumber).toEqual([message('invalid_vat')]);
    expect((await fieldErrorsOf({ vatNumber: 'DE123456789' })).vatNumber).toEqual([message('invalid_vat')]);
    const response = await create({ name: 'Wien GmbH', vatNumber: 'atu 12345675' });
    expect(response.json<Counterparty>().vatNumber).toBe('ATU12345675');
  });

  it('refuses a VAT number another counterparty has: 409 counterparty_exists', async () => {
    expect((await create({ name: 'Erste', vatNumber: 'DE111111117' })).statusCode).toBe(201);
    const response = await create({ name: 'Zweite', vatNumber: 'DE 111 111 117' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'counterparty_exists', params: { field: 'vatNumber' } });
    expect(response.json().fieldErrors.vatNumber).toEqual([message('number_taken')]);
  });

  it('checks the AP and AR number formats (5–9 digits)', async () => {
    const errors = await fieldErrorsOf({ accountsPayableNumber: '3000', accountsReceivableNumber: '10A05' });
    expect(errors.accountsPayableNumber).toEqual([message('ap_number_format')]);
    expect(errors.accountsReceivableNumber).toEqual([message('ar_number_format')]);
    expect((await fieldErrorsOf({ accountsPayableNumber: '1234567890' })).accountsPayableNumber).toBeDefined();
  });

  it('keeps AP and AR numbers unique per organisation: 409 number_taken', async () => {
    expect(
      (await create({ name: 'Nummer 1', accountsPayableNumber: '30005', accountsReceivableNumber: '10005' })).statusCode,
    ).toBe(201);
    const payable = await create({ name: 'Nummer 2', accountsPayableNumber: '30005' });
    expect(payable.statusCode).toBe(409);
    expect(payable.json()).toMatchObject({ code: 'counterparty_exists', params: { field: 'accountsPayableNumber' } });
    expect(payable.json().fieldErrors.accountsPayableNumber).toEqual([message('number_taken')]);
    const receivable = await create({ name: 'Nummer 3', accountsReceivableNumber: '10005' });
    expect(receivable.statusCode).toBe(409);
    expect(receivable.json().fieldErrors.accountsReceivableNumber).toEqual([message('number_taken')]);
    // Another organisation may use the same numbers.
    const other = await createOrganizationWithAdmin(testApp, 'Andere Nummern AG');
    const abroad = await call(
      'POST',
      '/api/counterparties',
      other.admin.cookie,
      counterpartyBody({ name: 'Nummer 1', accountsPayableNumber: '30005' }),
    );
    expect(abroad.statusCode, abroad.body).toBe(201);
  });

  it('wants one or more valid reminder e-mails, comma separated, when reminders are on', async () => {
    expect((await fieldErrorsOf({ paymentReminderEmails: 'buchhaltung@firma.de, kein-mail' })).paymentReminderEmails).toEqual([
      message('reminder_emails_invalid'),
    ]);
    expect((await fieldErrorsOf({ paymentRemindersEnabled: true })).paymentReminderEmails).toEqual([
      message('reminder_emails_required'),
    ]);
    const response = await create({
      name: 'Mahnung GmbH',
      paymentRemindersEnabled: true,
      paymentReminderEmails: 'a@firma.de,b@firma.de ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Counterparty>().paymentReminderEmails).toBe('a@firma.de, b@firma.de');
  });

  it('wants skonto days and rate together', async () => {
    expect((await fieldErrorsOf({ skontoDays: 10 })).skontoRate).toEqual([message('skonto_terms_incomplete')]);
    expect((await fieldErrorsOf({ skontoRate: 200 })).skontoDays).toEqual([message('skonto_terms_incomplete')]);
    const response = await create({ name: 'Skonto KG', skontoDays: 10, skontoRate: 200, paymentTermsDays: 30 });
    expect(response.json<Counterparty>()).toMatchObject({ skontoDays: 10, skontoRate: 200, paymentTermsDays: 30 });
  });

  it("refuses a default ledger account that is not the organisation's", async () => {
    const errors = await fieldErrorsOf({ defaultLedgerAccountId: '00000000-0000-4000-8000-000000000001' });
    expect(errors.defaultLedgerAccountId).toBeDefined();
  });

  it('answers 404 counterparty_not_found for an unknown id', async () => {
    const response = await call('GET', '/api/counterparties/00000000-0000-4000-8000-000000000002', org.admin.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('counterparty_not_found');
  });
});
