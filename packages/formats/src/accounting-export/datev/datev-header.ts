/** Line 1 of a DATEV Buchungsstapel: the 31 metadata fields (the "Header" page of DATEV's format description). */
import { AccountingFormatError } from '../accounting-format-error';
import type { BookingBatchInfo } from '../booking';
import { singleLine } from '../booking-checks';
import { quoteCsvText } from '../csv-cells';
import { localTimeParts, parseIsoDate } from '../iso-date';
import { DATEV_LIMITS } from './datev-rules';

export interface DatevHeaderOptions extends BookingBatchInfo {
  /** Beraternummer and Mandantennummer of the accountant's DATEV installation. */
  consultantNumber: number;
  clientNumber: number;
  /** First day of the fiscal year the bookings belong to (DATEV takes one fiscal year per file). */
  fiscalYearStart: string;
  /** Sachkontenlänge: digits of a G/L account. */
  accountLength: number;
  /** Festschreibung: 1 locks the imported bookings against change. */
  lockBookings: boolean;
  /** SKR 03 or 04, or not stated. */
  chart: '03' | '04' | null;
}

/** A text field of the header: quoted, one line, `;` removed because some readers split the header naively. */
function headerText(text: string, max = Number.POSITIVE_INFINITY): string {
  return quoteCsvText(singleLine(text).replace(/;/g, '').slice(0, max));
}

function compactDate(value: string, field: string): string {
  const parts = parseIsoDate(value);
  if (!parts) throw new AccountingFormatError('date_invalid', { field, value });
  return `${parts.year}${parts.month}${parts.day}`;
}

/** YYYYMMDDHHMMSSFFF, local time in Germany/Austria. */
function createdStamp(moment: Date): string {
  const time = localTimeParts(moment);
  return `${time.year}${time.month}${time.day}${time.hour}${time.minute}${time.second}${time.millisecond}`;
}

export function datevHeaderLine(options: DatevHeaderOptions): string {
  const fields = [
    '"EXTF"', // 1 Kennzeichen: written by a third-party program
    '700', // 2 Versionsnummer of the header
    '21', // 3 Formatkategorie: Buchungsstapel
    '"Buchungsstapel"', // 4 Formatname
    '13', // 5 Formatversion
    createdStamp(options.createdAt), // 6 Erzeugt am
    '', // 7 Importiert (DATEV fills it)
    '"KO"', // 8 Herkunft: two letters naming the source system
    headerText(options.exportedBy, DATEV_LIMITS.exportedBy), // 9 Exportiert von
    '""', // 10 Importiert von
    String(Math.trunc(options.consultantNumber)), // 11 Beraternummer
    String(Math.trunc(options.clientNumber)), // 12 Mandantennummer
    compactDate(options.fiscalYearStart, 'fiscalYearStart'), // 13 WJ-Beginn
    String(Math.trunc(options.accountLength)), // 14 Sachkontenlänge
    compactDate(options.dateFrom, 'dateFrom'), // 15 Datum vom
    compactDate(options.dateTo, 'dateTo'), // 16 Datum bis
    headerText(options.label, DATEV_LIMITS.label), // 17 Bezeichnung
    '""', // 18 Diktatkürzel
    '1', // 19 Buchungstyp: Finanzbuchführung
    '0', // 20 Rechnungslegungszweck: independent of it
    options.lockBookings ? '1' : '0', // 21 Festschreibung (the rows leave theirs empty)
    headerText(options.currency), // 22 WKZ
    '', // 23 reserviert
    '""', // 24 Derivatskennzeichen
    '', // 25 reserviert
    '', // 26 reserviert
    headerText(options.chart ?? ''), // 27 SKR
    '', // 28 Branchenlösungs-Id
    '', // 29 reserviert
    '""', // 30 reserviert
    '""', // 31 Anwendungsinformation
  ];
  return fields.join(';');
}
