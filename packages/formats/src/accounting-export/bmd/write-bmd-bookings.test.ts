import { describe, expect, it } from 'vitest';
import type { AccountingBooking, PersonalAccount } from '../booking';
import { collectChunks, linesOf, makeBooking } from '../test-bookings';
import { readBmdFile } from './read-bmd-file';
import { BMD_BOOKING_COLUMNS, writeBmdBookings } from './write-bmd-bookings';
import { writeBmdPersonalAccounts } from './write-bmd-personal-accounts';

const SYMBOLS = { invoiceSymbol: 'ER', paymentSymbol: 'BK' };

async function bmdRecords(bookings: AccountingBooking[]) {
  const { bytes } = await collectChunks(writeBmdBookings(SYMBOLS, bookings));
  return { bytes, file: readBmdFile(bytes) };
}

describe('writeBmdBookings', () => {
  it('writes the header line with BMD field names', async () => {
    const { bytes, file } = await bmdRecords([]);
    expect(bytes.toString('latin1')).toBe(
      'satzart;konto;gkonto;belegnr;belegdatum;buchsymbol;buchcode;prozent;steuercode;betrag;steuer;text;extbelegnr;kost;zziel;skonto;fwbetrag;waehrung;kurs\r\n',
    );
    expect(file.headings).toEqual([...BMD_BOOKING_COLUMNS]);
  });

  it('books a supplier invoice on Haben: buchcode 2, betrag negative, steuer positive', async () => {
    const invoice = makeBooking({ costCenter1: 'KST1', dueDate: '2026-02-14', text: 'Büro Müller & Söhne; Linz' });
    const { file } = await bmdRecords([invoice]);
    expect(file.records[0]).toEqual({
      satzart: '0',
      konto: '70001',
      gkonto: '4980',
      belegnr: 'RE-2026-001',
      belegdatum: '15.01.2026',
      buchsymbol: 'ER',
      buchcode: '2',
      prozent: '20,00',
      steuercode: '9',
      betrag: '-120,00',
      steuer: '20,00',
      text: 'Büro Müller & Söhne; Linz',
      extbelegnr: 'RE-2026-001',
      kost: 'KST1',
      zziel: '30',
      skonto: '',
      fwbetrag: '',
      waehrung: '',
      kurs: '',
    });
  });

  it('books a credit note with the opposite signs', async () => {
    const credit = makeBooking({ kind: 'credit_note', side: 'debit', amount: 6_000, taxAmount: 1_000 });
    const { file } = await bmdRecords([credit]);
    expect(file.records[0]).toMatchObject({ buchcode: '1', betrag: '60,00', steuer: '-10,00', buchsymbol: 'ER' });
  });

  it('books a payment with the payment symbol, no tax, its skonto and no payment term', async () => {
    const payment = makeBooking({
      kind: 'payment',
      side: 'debit',
      amount: 11_640,
      contraAccount: '2800',
      taxKey: null,
      taxRate: null,
      taxAmount: null,
      discountAmount: 360,
      dueDate: '2026-02-14',
    });
    const { file } = await bmdRecords([payment]);
    expect(file.records[0]).toMatchObject({
      gkonto: '2800',
      buchsymbol: 'BK',
      buchcode: '1',
      betrag: '116,40',
      prozent: '',
      steuercode: '',
      steuer: '',
      skonto: '3,60',
      zziel: '',
    });
  });

  it('writes a foreign-currency invoice in EUR with the original amount, currency and rate', async () => {
    const usd = makeBooking({ currency: 'USD', amount: 10_850, taxAmount: 1_808, exchangeRate: '1.0850', baseAmount: 10_000 });
    const { file } = await bmdRecords([usd]);
    expect(file.records[0]).toMatchObject({
      betrag: '-100,00',
      steuer: '16,66',
      fwbetrag: '-108,50',
      waehrung: 'USD',
      kurs: '1,0850',
    });
  });

  it('writes Windows-1252 bytes, CRLF line ends, and cuts the text to 50', async () => {
    const { bytes, file } = await bmdRecords([
      makeBooking({ text: `Gebühr € ${'x'.repeat(60)}` }),
      makeBooking({ text: 'a\nb' }),
    ]);
    expect(bytes.includes(Buffer.from([0x47, 0x65, 0x62, 0xfc, 0x68, 0x72, 0x20, 0x80]))).toBe(true); // "Gebühr €"
    const lines = linesOf(bytes);
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => !/[\r\n]/.test(line))).toBe(true);
    expect(file.records[0]!.text).toHaveLength(50);
    expect(file.records[1]!.text).toBe('a b');
  });

  it('refuses what BMD cannot take', async () => {
    await expect(bmdRecords([makeBooking({ amount: 0 })])).rejects.toThrow(/amount_not_positive/);
    await expect(bmdRecords([makeBooking({ contraAccount: '' })])).rejects.toThrow(/contra_account_missing/);
    await expect(bmdRecords([makeBooking({ text: 'Gdańsk' })])).rejects.toThrow(/character_outside_cp1252/);
    await expect(bmdRecords([makeBooking({ currency: 'USD', exchangeRate: '1.1', baseAmount: null })])).rejects.toThrow(
      /base_amount_missing/,
    );
  });
});

describe('writeBmdPersonalAccounts', () => {
  const account: PersonalAccount = {
    account: '300001',
    name: 'Müller "Bau"; GmbH',
    vatNumber: 'ATU12345678',
    street: 'Hauptstraße 1',
    zip: '4020',
    city: 'Linz',
    country: 'AT',
    iban: 'AT61 1904 3002 3457 3201',
    bic: 'BKAUATWW',
    email: 'office@mueller.at',
    paymentTermsDays: 30,
  };

  it('writes one line per creditor under the BMD field names', () => {
    const bytes = writeBmdPersonalAccounts([account, { ...account, account: '300002', street: null, paymentTermsDays: null }]);
    const file = readBmdFile(bytes);
    expect(file.headings).toEqual([
      'konto',
      'name',
      'strasse',
      'plz',
      'ort',
      'land',
      'uidnummer',
      'email',
      'iban',
      'bic',
      'zahlungsziel',
    ]);
    expect(file.records[0]).toEqual({
      konto: '300001',
      name: 'Müller "Bau"; GmbH',
      strasse: 'Hauptstraße 1',
      plz: '4020',
      ort: 'Linz',
      land: 'AT',
      uidnummer: 'ATU12345678',
      email: 'office@mueller.at',
      iban: 'AT611904300234573201',
      bic: 'BKAUATWW',
      zahlungsziel: '30',
    });
    expect(file.records[1]).toMatchObject({ konto: '300002', strasse: '', zahlungsziel: '' });
    expect(bytes.includes(Buffer.from('Hauptstra\xdfe', 'latin1'))).toBe(true);
    expect(bytes.toString('latin1').split('\r\n')).toHaveLength(4);
  });

  it('refuses a creditor without account or with a name outside Windows-1252', () => {
    expect(() => writeBmdPersonalAccounts([{ ...account, account: '' }])).toThrow(/account_missing/);
    expect(() => writeBmdPersonalAccounts([{ ...account, name: 'Łódź Sp.' }])).toThrow(/account=300001/);
  });
});
