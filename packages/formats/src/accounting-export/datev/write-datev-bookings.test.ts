import { describe, expect, it } from 'vitest';
import { isAccountingFormatError, type AccountingFormatErrorCode } from '../accounting-format-error';
import type { AccountingBooking } from '../booking';
import { BATCH_INFO, collectChunks, linesOf, makeBooking } from '../test-bookings';
import { DATEV_BOOKING_COLUMNS } from './datev-columns';
import { datevHeaderLine, type DatevHeaderOptions } from './datev-header';
import { readDatevFile } from './read-datev-file';
import { writeDatevBookings } from './write-datev-bookings';

const OPTIONS: DatevHeaderOptions = {
  ...BATCH_INFO,
  consultantNumber: 29098,
  clientNumber: 55003,
  fiscalYearStart: '2026-01-01',
  accountLength: 4,
  lockBookings: true,
  chart: '04',
};

const BOOKINGS: AccountingBooking[] = [
  makeBooking({
    text: 'Müller "Büro"; Papier & Toner',
    documentNumber2: '150226',
    costCenter1: 'KST-100',
    costCenter2: 'PRJ 7',
    dueDate: '2026-02-15',
    serviceDate: '2026-01-10',
    documentGuid: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
  }),
  makeBooking({
    kind: 'credit_note',
    side: 'debit',
    amount: 5_950,
    taxAmount: 950,
    taxRate: 1900,
    taxKey: null,
    text: 'Gutschrift €',
  }),
  makeBooking({
    kind: 'payment',
    side: 'debit',
    amount: 116_424,
    contraAccount: '1200',
    taxKey: null,
    taxRate: null,
    taxAmount: null,
    discountAmount: 2_376,
    documentDate: '2026-01-31',
    text: 'Zahlung RE-2026-001',
    bookingId: 'payment-1',
  }),
  makeBooking({ currency: 'CHF', amount: 10_850, exchangeRate: '0.9412', baseAmount: 11_528, bookingId: 'chf-1' }),
];

async function writtenFile(bookings: AccountingBooking[] = BOOKINGS) {
  return collectChunks(writeDatevBookings(OPTIONS, bookings));
}

async function refusal(
  booking: AccountingBooking,
): Promise<{ code: AccountingFormatErrorCode; params: Record<string, unknown> }> {
  try {
    await writtenFile([booking]);
  } catch (error) {
    if (isAccountingFormatError(error)) return { code: error.code, params: { ...error.params } };
    throw error;
  }
  throw new Error('the writer accepted the booking');
}

describe('datevHeaderLine', () => {
  it('writes the 31 fields in DATEV order', () => {
    const line = datevHeaderLine(OPTIONS);
    // 09:30:05.123 UTC is 10:30:05.123 in Germany in January.
    expect(line).toBe(
      '"EXTF";700;21;"Buchungsstapel";13;20260131103005123;;"KO";"Anna Äbersold";"";29098;55003;20260101;4;' +
        '20260101;20260131;"Kontor Eingangsrechnungen 2026";"";1;0;1;"EUR";;"";;;"04";;;"";""',
    );
    expect(line.split(';')).toHaveLength(31);
  });

  it('cuts and cleans its text fields and leaves the SKR empty when unknown', () => {
    const line = datevHeaderLine({ ...OPTIONS, exportedBy: 'A "B"; C'.padEnd(40, 'x'), chart: null, lockBookings: false });
    const fields = line.split(';');
    expect(fields).toHaveLength(31);
    expect(fields[8]).toBe(`"A ""B"" C${'x'.repeat(18)}"`);
    expect(fields[20]).toBe('0');
    expect(fields[26]).toBe('""');
  });
});

describe('writeDatevBookings', () => {
  it('writes Windows-1252 with CRLF after every line and 125 fields per booking', async () => {
    const { bytes } = await writtenFile();
    const lines = linesOf(bytes);
    expect(lines).toHaveLength(2 + BOOKINGS.length);
    expect(bytes.toString('latin1').split('\r\n')).toHaveLength(lines.length + 1);
    expect(bytes.toString('latin1').replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(bytes.indexOf(Buffer.from('M\xfcller', 'latin1'))).toBeGreaterThan(0); // ü is 0xFC
    expect(bytes.indexOf(Buffer.from([0x47, 0x75, 0x74, 0x73, 0x63, 0x68, 0x72, 0x69, 0x66, 0x74, 0x20, 0x80]))).toBeGreaterThan(
      0,
    ); // "Gutschrift €"
    expect(bytes.includes(Buffer.from('ü', 'utf8'))).toBe(false);
  });

  it('reads back to the values written', async () => {
    const file = readDatevFile((await writtenFile()).bytes);
    expect(file.header.fields).toHaveLength(31);
    expect(file.header).toMatchObject({ kennzeichen: 'EXTF', formatkategorie: 21, formatversion: 13, beraternummer: 29098 });
    expect(file.header).toMatchObject({ mandantennummer: 55003, wjBeginn: '20260101', sachkontenlaenge: 4, festschreibung: 1 });
    expect(file.headings).toEqual(DATEV_BOOKING_COLUMNS);
    const [invoice, credit, payment, foreign] = file.records;
    expect(invoice).toMatchObject({
      'Umsatz (ohne Soll/Haben-Kz)': '120,00',
      'Soll/Haben-Kennzeichen': 'H',
      'WKZ Umsatz': 'EUR',
      Kurs: '',
      Konto: '70001',
      'Gegenkonto (ohne BU-Schlüssel)': '4980',
      'BU-Schlüssel': '9',
      Belegdatum: '1501',
      'Belegfeld 1': 'RE-2026-001',
      'Belegfeld 2': '150226',
      Buchungstext: 'Müller "Büro"; Papier & Toner',
      Beleglink: 'BEDI "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"',
      'KOST1 - Kostenstelle': 'KST-100',
      'KOST2 - Kostenstelle': 'PRJ 7',
      'Buchungs GUID': '6f1c2a3e-0000-4000-8000-000000000001',
      Leistungsdatum: '10012026',
      Fälligkeit: '15022026',
      Festschreibung: '',
      Skonto: '',
    });
    expect(credit).toMatchObject({ 'Umsatz (ohne Soll/Haben-Kz)': '59,50', 'Soll/Haben-Kennzeichen': 'S', 'BU-Schlüssel': '' });
    expect(payment).toMatchObject({ 'Umsatz (ohne Soll/Haben-Kz)': '1164,24', Skonto: '23,76', Belegdatum: '3101' });
    expect(payment).toMatchObject({ 'Gegenkonto (ohne BU-Schlüssel)': '1200', 'Buchungs GUID': 'payment-1' });
    expect(foreign).toMatchObject({ 'WKZ Umsatz': 'CHF', Kurs: '0,9412', 'Basis-Umsatz': '115,28', 'WKZ Basis-Umsatz': 'EUR' });
    const cents = (text: string) => Number(text.replace(',', ''));
    const sum = file.records.reduce((total, record) => total + cents(record['Umsatz (ohne Soll/Haben-Kz)'] ?? ''), 0);
    expect(sum).toBe(BOOKINGS.reduce((total, booking) => total + booking.amount, 0));
  });

  it('quotes text columns, even empty, and leaves numbers bare', async () => {
    const [, , first] = linesOf((await writtenFile()).bytes);
    expect(first).toMatch(
      /^120,00;"H";"EUR";;;"";70001;4980;"9";1501;"RE-2026-001";"150226";;"M\xfcller ""B\xfcro""; Papier & Toner";/,
    );
    expect(first).toContain(';"BEDI ""aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee""";');
  });

  it('cuts texts to DATEV lengths, cleans Belegfeld 1 and keeps texts on one line', async () => {
    const long = makeBooking({ text: `${'x'.repeat(59)}\u00e4yz`, documentNumber: 'RE 2026/1_a.b', costCenter1: 'k'.repeat(40) });
    const [record] = readDatevFile((await writtenFile([long, makeBooking({ text: 'two\r\nlines' })])).bytes).records;
    expect(record!.Buchungstext).toBe(`${'x'.repeat(59)}ä`);
    expect(record!['Belegfeld 1']).toBe('RE-2026/1-a-b');
    expect(record!['KOST1 - Kostenstelle']).toHaveLength(36);
  });

  it('streams: the header chunk comes before any booking is read', async () => {
    let read = 0;
    function* counted() {
      for (const booking of BOOKINGS) {
        read += 1;
        yield booking;
      }
    }
    const chunks = writeDatevBookings(OPTIONS, counted());
    const first = await chunks.next();
    expect(read).toBe(0);
    expect(linesOf(first.value as Buffer)).toHaveLength(2);
  });

  it.each([
    ['a zero amount', makeBooking({ amount: 0 }), 'amount_not_positive'],
    ['a negative amount', makeBooking({ amount: -100 }), 'amount_not_positive'],
    ['a fractional amount', makeBooking({ amount: 12.5 }), 'amount_not_positive'],
    ['an empty account', makeBooking({ account: ' ' }), 'account_missing'],
    ['an empty contra account', makeBooking({ contraAccount: '' }), 'contra_account_missing'],
    ['an invalid date', makeBooking({ documentDate: '2026-02-30' }), 'date_invalid'],
    ['a date outside the header period', makeBooking({ documentDate: '2026-02-01' }), 'date_outside_period'],
    ['a foreign currency without rate', makeBooking({ currency: 'USD', exchangeRate: null }), 'exchange_rate_invalid'],
  ] as const)('refuses %s', async (_, booking, code) => {
    expect((await refusal(booking)).code).toBe(code);
  });

  it('names the booking and field of a character outside Windows-1252', async () => {
    const { code, params } = await refusal(makeBooking({ text: 'Łukasz Sp. z o.o.', bookingId: 'b-7' }));
    expect(code).toBe('character_outside_cp1252');
    expect(params).toMatchObject({ character: 'Ł', bookingId: 'b-7', field: 'text' });
  });
});
