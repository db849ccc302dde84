import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { collectChunks } from '../test-bookings';
import { KONTOR_CSV_COLUMNS, type KontorCsvRow } from './kontor-csv-columns';
import { writeKontorCsv, type KontorCsvLocale } from './write-kontor-csv';

const ROW: KontorCsvRow = {
  invoiceId: '0b9e6f0e-1f7d-4a39-9c1a-7d1f0b0c2a11',
  status: 'approved',
  type: 'invoice',
  invoiceNumber: 'RE-2026-001',
  date: '2026-01-15',
  dueDate: '2026-02-14',
  counterpartyName: 'Müller "Bau"; GmbH',
  counterpartyVat: 'DE123456789',
  counterpartyIban: 'DE89370400440532013000',
  counterpartyBic: 'COBADEFFXXX',
  accountsPayableNumber: '70001',
  purchaseOrder: null,
  billingPeriodStart: '2026-01-01',
  billingPeriodEnd: '2026-01-31',
  netAmount: 123_456,
  taxAmount: 23_457,
  totalAmount: 146_913,
  currency: 'EUR',
  taxRate: 1900,
  taxKey: 'Vorsteuer 19 %',
  skontoRate: 200,
  skontoAmount: 2_938,
  skontoDate: '2026-01-25',
  paymentTerms: '14 Tage 2 %, 30 Tage netto',
  costCenter: 'KST-1',
  costCenter2: null,
  ledgerAccount: '4980',
  line: 1,
  lineAmount: -1_250,
  remittanceInformation: 'RE-2026-001',
  notes: 'first line\nsecond line',
  alreadyPaid: true,
  alreadyPaidDate: '2026-01-20',
  debitorIban: null,
  emailSender: 'rechnung@mueller.de',
  emailSubject: '=HYPERLINK("http://evil.example","click")',
  emailReceivedAt: '2026-01-15T08:00:00.000Z',
  documentFileName: 'RE-2026-001.pdf',
  exportedAt: null,
};

async function written(locale: KontorCsvLocale, rows: KontorCsvRow[] = [ROW]) {
  const { bytes } = await collectChunks(writeKontorCsv(locale, rows));
  const records: string[][] = parse(bytes.toString('utf8'), { delimiter: ';', bom: true, relax_quotes: false });
  return { bytes, records };
}

function cellsOf(records: string[][], index = 1): Record<string, string> {
  return Object.fromEntries(KONTOR_CSV_COLUMNS.map((column, at) => [column.key, records[index]![at]!]));
}

describe('writeKontorCsv', () => {
  it('starts with the UTF-8 BOM and ends every line with CRLF', async () => {
    const { bytes } = await written('de', [ROW, ROW]);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    // Three records; the only bare LF is the one inside the quoted notes.
    expect(text.split('\r\n')).toHaveLength(4);
    expect(text.replace(/\r\n/g, '').match(/\n/g)).toHaveLength(2);
  });

  it('writes the headings of each locale', async () => {
    expect((await written('de')).records[0]!.slice(0, 5)).toEqual([
      'Kontor-ID',
      'Status',
      'Belegart',
      'Rechnungsnummer',
      'Rechnungsdatum',
    ]);
    expect((await written('en')).records[0]!.slice(0, 5)).toEqual([
      'Kontor ID',
      'Status',
      'Type',
      'Invoice number',
      'Invoice date',
    ]);
    expect((await written('en')).records[0]).toHaveLength(39);
  });

  it('formats amounts, rates, dates, instants and booleans in German', async () => {
    const cells = cellsOf((await written('de')).records);
    expect(cells).toMatchObject({
      date: '15.01.2026',
      netAmount: '1234,56',
      totalAmount: '1469,13',
      taxRate: '19,00',
      skontoRate: '2,00',
      lineAmount: '-12,50',
      line: '1',
      alreadyPaid: 'Ja',
      emailReceivedAt: '15.01.2026 09:00:00',
      exportedAt: '',
      purchaseOrder: '',
    });
  });

  it('formats the same row in English', async () => {
    const cells = cellsOf((await written('en', [{ ...ROW, alreadyPaid: false }])).records);
    expect(cells).toMatchObject({
      date: '2026-01-15',
      netAmount: '1234.56',
      taxRate: '19.00',
      lineAmount: '-12.50',
      alreadyPaid: 'no',
      emailReceivedAt: '2026-01-15T08:00:00.000Z',
    });
  });

  it('keeps quotes, semicolons and line breaks inside text', async () => {
    const cells = cellsOf((await written('de')).records);
    expect(cells.counterpartyName).toBe('Müller "Bau"; GmbH');
    expect(cells.notes).toBe('first line\nsecond line');
    expect(cells.paymentTerms).toBe('14 Tage 2 %, 30 Tage netto');
  });

  it.each([['=HYPERLINK("http://evil.example","click")'], ['+1'], ['-2+3'], ['@SUM(A1:A9)'], ['\tx'], ['\rx']])(
    'neutralises the text cell %j, but not our negative amounts',
    async (text) => {
      const cells = cellsOf((await written('de', [{ ...ROW, notes: text, emailSubject: text }])).records);
      expect(cells.notes).toBe(`'${text}`);
      expect(cells.emailSubject).toBe(`'${text}`);
      expect(cells.lineAmount).toBe('-12,50');
    },
  );

  it('writes a date that is no ISO date as the (neutralised) text it is', async () => {
    const cells = cellsOf((await written('de', [{ ...ROW, dueDate: '-unknown' }])).records);
    expect(cells.dueDate).toBe("'-unknown");
  });
});
