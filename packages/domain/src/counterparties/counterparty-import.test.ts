import { describe, expect, it } from 'vitest';
import {
  convertImportRow,
  counterpartyImportListSchema,
  parseCountry,
  parsePercentBasisPoints,
  parseWholeNumber,
} from './counterparty-import';

describe('counterparty import conversion', () => {
  it('reads countries by ISO code or German or English name', () => {
    expect(parseCountry('de')).toBe('DE');
    expect(parseCountry('Deutschland')).toBe('DE');
    expect(parseCountry('Österreich')).toBe('AT');
    expect(parseCountry('france')).toBe('FR');
    expect(parseCountry('Vereinigtes Königreich')).toBe('GB');
    expect(parseCountry('Atlantis')).toBeNull();
  });

  it('reads percentages with decimal comma or point as basis points, and whole days', () => {
    expect(parsePercentBasisPoints('2,5')).toBe(250);
    expect(parsePercentBasisPoints('2.5 %')).toBe(250);
    expect(parsePercentBasisPoints('3')).toBe(300);
    expect(parsePercentBasisPoints('zwei')).toBeNull();
    expect(parseWholeNumber('14 Tage')).toBe(14);
    expect(parseWholeNumber('30,0')).toBe(30);
    expect(parseWholeNumber('1,5')).toBeNull();
  });

  it('converts a full row through the counterparty form schema', () => {
    const converted = convertImportRow({
      name: ' Nordlicht GmbH ',
      vatNumber: 'de 311245677',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
      bankAccountName: 'Hauptkonto',
      country: 'Germany',
      skontoPercent: '2,5',
      skontoDays: '10',
      paymentReminderEmails: 'a@example.com, b@example.com',
    });
    expect(converted).toEqual({
      ok: true,
      fields: expect.objectContaining({
        name: 'Nordlicht GmbH',
        vatNumber: 'DE311245677',
        country: 'DE',
        bankAccounts: [{ name: 'Hauptkonto', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }],
        skontoRate: 250,
        skontoDays: 10,
        paymentRemindersEnabled: true,
        accountsPayableNumber: null,
      }),
    });
  });

  it('reports every problem of a row by its import column', () => {
    const converted = convertImportRow({
      name: '',
      iban: 'DE00 0000',
      vatNumber: 'XX123',
      country: 'Atlantis',
      accountsPayableNumber: '12',
      skontoPercent: 'viel',
      paymentReminderEmails: 'kein-mail',
    });
    expect(converted.ok).toBe(false);
    if (converted.ok) return;
    expect(converted.problems).toEqual(
      expect.arrayContaining([
        { field: 'name', code: 'required' },
        { field: 'iban', code: 'invalid_iban' },
        { field: 'vatNumber', code: 'invalid_vat' },
        { field: 'country', code: 'invalid_country' },
        { field: 'accountsPayableNumber', code: 'ap_number_format' },
        { field: 'skontoPercent', code: 'invalid_percent' },
        { field: 'paymentReminderEmails', code: 'reminder_emails_invalid' },
      ]),
    );
  });

  it('treats a BIC without an IBAN as a bank account missing its IBAN', () => {
    expect(convertImportRow({ name: 'Nur BIC', bic: 'COBADEFFXXX' })).toEqual({
      ok: false,
      problems: [{ field: 'iban', code: 'required' }],
    });
  });
});

describe('counterparty import list schema', () => {
  const listed = {
    id: '00000000-0000-4000-8000-000000000001',
    fileName: 'partner.csv',
    format: 'csv',
    status: 'done',
    totalRows: 3,
    processedRows: 3,
    createdCount: 2,
    skippedCount: 1,
    failureCode: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    finishedAt: '2026-11-20T09:00:05.000Z',
    createdByName: 'Anna Admin',
  };

  it('lists the status fields and the starter without the per-row results', () => {
    const parsed = counterpartyImportListSchema.parse({ items: [{ ...listed, results: { items: [], total: 0 } }] });
    expect(parsed.items[0]).toEqual(listed);
  });

  it('holds started imports only: an upload that was never started is no entry', () => {
    for (const status of ['running', 'done', 'failed']) {
      expect(counterpartyImportListSchema.safeParse({ items: [{ ...listed, status }] }).success).toBe(true);
    }
    expect(counterpartyImportListSchema.safeParse({ items: [{ ...listed, status: 'uploaded' }] }).success).toBe(false);
  });
});
