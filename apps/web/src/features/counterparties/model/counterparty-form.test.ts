import { describe, expect, it } from 'vitest';
import { counterpartyFieldsSchema, type Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import { mergeCounterpartyEdit, toCounterpartyFormValues } from './counterparty-form';

const record: Counterparty = {
  id: '0b9c1c7e-64a8-4c39-9a38-2f3d3b9c0a11',
  name: 'Müller Bürobedarf GmbH',
  vatNumber: 'DE123456788',
  email: 'buchhaltung@mueller.example',
  description: null,
  street: 'Hauptstraße 1',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  bankAccounts: [
    {
      id: '5d0b7c7e-64a8-4c39-9a38-2f3d3b9c0a12',
      name: 'Hausbank',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      createdAt: '2026-01-01T00:00:00Z',
    },
  ],
  accountsPayableNumber: '70001',
  accountsReceivableNumber: null,
  defaultLedgerAccountId: null,
  paymentTermsDays: 30,
  skontoDays: 10,
  skontoRate: 200,
  paymentRemindersEnabled: true,
  paymentReminderEmails: 'a@mueller.example, b@mueller.example',
  leitwegId: '04011000-12345-03',
  invoiceLanguage: 'en',
  isTrusted: false,
  trustedAt: null,
  trustedBy: null,
  vatCheck: null,
  invoiceCount: 0,
  openInvoiceCount: 0,
  version: 3,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('counterparty form values', () => {
  it('starts a new counterparty empty and valid once named', () => {
    const values = toCounterpartyFormValues(null);
    expect(counterpartyFieldsSchema.safeParse(values).success).toBe(false);
    const body = counterpartyFieldsSchema.parse({ ...values, name: 'Acme' });
    expect(body).toMatchObject({ name: 'Acme', bankAccounts: [], accountsPayableNumber: null, skontoRate: null });
  });

  it('shows IBANs in groups of four and sends them compact, keeping the account id', () => {
    const values = toCounterpartyFormValues(record);
    expect(values.bankAccounts[0]?.iban).toBe('DE89 3704 0044 0532 0130 00');
    const body = counterpartyFieldsSchema.parse(values);
    expect(body.bankAccounts).toEqual([
      { id: record.bankAccounts[0]?.id, name: 'Hausbank', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    ]);
  });

  it('round-trips every field of a record unchanged', () => {
    const body = counterpartyFieldsSchema.parse(toCounterpartyFormValues(record));
    const { bankAccounts: _accounts, ...rest } = body;
    expect(rest).toEqual({
      name: record.name,
      vatNumber: record.vatNumber,
      email: record.email,
      description: null,
      street: record.street,
      zip: record.zip,
      city: record.city,
      country: 'DE',
      accountsPayableNumber: '70001',
      accountsReceivableNumber: null,
      defaultLedgerAccountId: null,
      paymentTermsDays: 30,
      skontoDays: 10,
      skontoRate: 200,
      paymentRemindersEnabled: true,
      paymentReminderEmails: record.paymentReminderEmails,
      leitwegId: '04011000-12345-03',
      invoiceLanguage: 'en',
    });
  });

  it('refuses an invalid IBAN with the shared rule code at its field', () => {
    const values = toCounterpartyFormValues(null);
    const result = counterpartyFieldsSchema.safeParse({
      ...values,
      name: 'Acme',
      bankAccounts: [{ name: 'Main', iban: 'DE00 1234', bic: null }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['bankAccounts', 0, 'iban'], message: 'invalid_iban' });
  });

  it('drops a country the contract does not know', () => {
    expect(toCounterpartyFormValues({ ...record, country: 'XX' }).country).toBeNull();
  });
});

describe('merging a stale edit', () => {
  it('keeps my changes, takes theirs elsewhere and names the conflicts', () => {
    const base = toCounterpartyFormValues(record);
    const mine = { ...base, name: 'Mine', city: 'München' };
    const fresh = { ...base, city: 'Hamburg', zip: '20095' };
    const merge = mergeCounterpartyEdit(base, mine, fresh);
    expect(merge.values).toMatchObject({ name: 'Mine', city: 'München', zip: '20095' });
    expect(merge.mine).toEqual(['name', 'city']);
    expect(merge.theirs).toEqual(['zip', 'city']);
    expect(merge.conflicts).toEqual(['city']);
  });
});
