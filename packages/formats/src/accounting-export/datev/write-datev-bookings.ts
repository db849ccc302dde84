/**
 * DATEV-Format EXTF Buchungsstapel, format version 13: header line, column line, one booking per
 * line; `;`-separated, CRLF, Windows-1252 (see fixtures/datev/FORMAT_NOTES.md).
 */
import { AccountingFormatError, isAccountingFormatError } from '../accounting-format-error';
import type { AccountingBooking } from '../booking';
import { checkBooking, encodeBookingLine, optionalDate, requireExchangeRate, singleLine } from '../booking-checks';
import { encodeCp1252 } from '../cp1252';
import { quoteCsvText } from '../csv-cells';
import { parseIsoDate, type DateParts } from '../iso-date';
import { chunkLines, type RecordSource } from '../line-chunks';
import { formatHundredths } from '../number-text';
import { DATEV_BOOKING_COLUMNS, DATEV_COLUMN, DATEV_TEXT_COLUMN_POSITIONS } from './datev-columns';
import { datevHeaderLine, type DatevHeaderOptions } from './datev-header';
import { cleanDatevDocumentNumber, DATEV_LIMITS, DATEV_MAX_BOOKINGS_PER_FILE } from './datev-rules';

const CRLF = '\r\n';
const IS_TEXT = DATEV_BOOKING_COLUMNS.map((_, index) => DATEV_TEXT_COLUMN_POSITIONS.has(index + 1));

const text = (value: string | null, max: number) => (value === null ? null : singleLine(value).slice(0, max));
const dayMonthYear = (date: DateParts | null) => (date ? `${date.day}${date.month}${date.year}` : null);

/** The 125 cells of one booking; null is an empty field (`""` in a text column). */
function datevCells(booking: AccountingBooking, documentDate: DateParts): (string | null)[] {
  const cells: (string | null)[] = new Array<string | null>(DATEV_BOOKING_COLUMNS.length).fill(null);
  const set = (index: number, value: string | null) => (cells[index] = value);
  set(DATEV_COLUMN.amount, formatHundredths(booking.amount, ','));
  set(DATEV_COLUMN.side, booking.side === 'debit' ? 'S' : 'H');
  set(DATEV_COLUMN.currency, booking.currency);
  if (booking.currency !== 'EUR') {
    const rate = requireExchangeRate(booking);
    set(DATEV_COLUMN.exchangeRate, rate.fraction ? `${rate.whole},${rate.fraction}` : rate.whole);
    if (booking.baseAmount !== null) {
      set(DATEV_COLUMN.baseAmount, formatHundredths(booking.baseAmount, ','));
      set(DATEV_COLUMN.baseCurrency, 'EUR');
    }
  }
  set(DATEV_COLUMN.account, booking.account.trim());
  set(DATEV_COLUMN.contraAccount, booking.contraAccount.trim());
  set(DATEV_COLUMN.taxKey, booking.taxKey);
  // TTMM: the year comes from the header's period, which is why the writer checks the date lies in it.
  set(DATEV_COLUMN.documentDate, `${documentDate.day}${documentDate.month}`);
  set(DATEV_COLUMN.documentNumber, cleanDatevDocumentNumber(booking.documentNumber));
  set(DATEV_COLUMN.documentNumber2, text(booking.documentNumber2, DATEV_LIMITS.documentNumber2));
  if (booking.discountAmount !== null && booking.discountAmount > 0) {
    set(DATEV_COLUMN.discount, formatHundredths(booking.discountAmount, ','));
  }
  set(DATEV_COLUMN.text, text(booking.text, DATEV_LIMITS.text));
  // The cell text is `BEDI "<guid>"`: DATEV's link to a document of the accompanying document.xml.
  if (booking.documentGuid) set(DATEV_COLUMN.documentLink, `BEDI "${booking.documentGuid}"`);
  set(DATEV_COLUMN.costCenter1, text(booking.costCenter1, DATEV_LIMITS.costCenter));
  set(DATEV_COLUMN.costCenter2, text(booking.costCenter2, DATEV_LIMITS.costCenter));
  set(DATEV_COLUMN.bookingGuid, booking.bookingId);
  set(DATEV_COLUMN.serviceDate, dayMonthYear(optionalDate(booking, 'serviceDate')));
  set(DATEV_COLUMN.dueDate, dayMonthYear(optionalDate(booking, 'dueDate')));
  return cells;
}

/** One booking as its line (without CRLF), after the hard rules. */
export function datevBookingLine(booking: AccountingBooking, period: { from: string; to: string }): string {
  const documentDate = checkBooking(booking);
  if (booking.documentDate < period.from || booking.documentDate > period.to) {
    throw new AccountingFormatError('date_outside_period', {
      bookingId: booking.bookingId,
      value: booking.documentDate,
      from: period.from,
      to: period.to,
    });
  }
  return datevCells(booking, documentDate)
    .map((cell, index) => (IS_TEXT[index] ? quoteCsvText(cell ?? '') : (cell ?? '')))
    .join(';');
}

/** The header lines in Windows-1252; a label or name it cannot hold is reported as the header's. */
function encodeHeader(lines: string): Buffer {
  try {
    return encodeCp1252(lines);
  } catch (error) {
    if (isAccountingFormatError(error)) throw new AccountingFormatError(error.code, { ...error.params, field: 'header' });
    throw error;
  }
}

/**
 * The file as it is written: header and column line first, then a chunk per few hundred bookings.
 * At most DATEV_MAX_BOOKINGS_PER_FILE bookings (the server splits larger exports).
 */
export async function* writeDatevBookings(
  options: DatevHeaderOptions,
  bookings: RecordSource<AccountingBooking>,
): AsyncGenerator<Buffer> {
  if (!parseIsoDate(options.dateFrom) || !parseIsoDate(options.dateTo)) {
    throw new AccountingFormatError('date_invalid', { field: 'dateFrom/dateTo', value: `${options.dateFrom}/${options.dateTo}` });
  }
  yield encodeHeader(`${datevHeaderLine(options)}${CRLF}${DATEV_BOOKING_COLUMNS.join(';')}${CRLF}`);
  const period = { from: options.dateFrom, to: options.dateTo };
  yield* chunkLines(bookings, (booking, index) => {
    if (index >= DATEV_MAX_BOOKINGS_PER_FILE) {
      throw new AccountingFormatError('too_many_bookings', { max: DATEV_MAX_BOOKINGS_PER_FILE });
    }
    return encodeBookingLine(`${datevBookingLine(booking, period)}${CRLF}`, booking);
  });
}
