/**
 * The hard rules every bookkeeping writer (DATEV, BMD, RZL) enforces before it writes a booking,
 * and the CP1252 encoding of a line with the offending booking named. A booking breaking one is
 * refused with an AccountingFormatError rather than written wrong: a wrong ledger line is worse
 * than a failed export.
 */
import { AccountingFormatError, isAccountingFormatError } from './accounting-format-error';
import type { AccountingBooking } from './booking';
import { charactersOutsideCp1252, encodeCp1252 } from './cp1252';
import { parseIsoDate, type DateParts } from './iso-date';

/** A date field of the booking as parts, or `date_invalid`. */
export function requireDate(booking: AccountingBooking, field: 'documentDate' | 'dueDate' | 'serviceDate'): DateParts {
  const value = booking[field] ?? '';
  const parts = parseIsoDate(value);
  if (!parts) throw new AccountingFormatError('date_invalid', { bookingId: booking.bookingId, field, value });
  return parts;
}

/** Optional dates: absent is fine, present must be real. */
export function optionalDate(booking: AccountingBooking, field: 'dueDate' | 'serviceDate'): DateParts | null {
  return booking[field] === null ? null : requireDate(booking, field);
}

/** Amount a positive integer, both accounts present, document date real. */
export function checkBooking(booking: AccountingBooking): DateParts {
  if (!Number.isSafeInteger(booking.amount) || booking.amount <= 0) {
    throw new AccountingFormatError('amount_not_positive', { bookingId: booking.bookingId, amount: booking.amount });
  }
  if (booking.account.trim() === '') throw new AccountingFormatError('account_missing', { bookingId: booking.bookingId });
  if (booking.contraAccount.trim() === '') {
    throw new AccountingFormatError('contra_account_missing', { bookingId: booking.bookingId });
  }
  return requireDate(booking, 'documentDate');
}

/** The EUR amount of a foreign-currency booking: written as the ledger amount, so it must be there. */
export function requireBaseAmount(booking: AccountingBooking): number {
  if (booking.baseAmount === null || !Number.isSafeInteger(booking.baseAmount) || booking.baseAmount <= 0) {
    throw new AccountingFormatError('base_amount_missing', { bookingId: booking.bookingId, currency: booking.currency });
  }
  return booking.baseAmount;
}

/** "1.0850" or "1,0850" as digits and a fraction, or `exchange_rate_invalid`. */
export function requireExchangeRate(booking: AccountingBooking): { whole: string; fraction: string } {
  const value = booking.exchangeRate ?? '';
  const match = /^(\d{1,4})(?:[.,](\d{1,6}))?$/.exec(value);
  if (!match || Number(value.replace(',', '.')) <= 0) {
    throw new AccountingFormatError('exchange_rate_invalid', { bookingId: booking.bookingId, value });
  }
  return { whole: match[1] ?? '', fraction: match[2] ?? '' };
}

const TEXT_FIELDS = [
  'text',
  'documentNumber',
  'documentNumber2',
  'account',
  'contraAccount',
  'taxKey',
  'costCenter1',
  'costCenter2',
  'currency',
  'documentGuid',
  'bookingId',
] as const;

/** The line in Windows-1252; a character it cannot hold is reported with the booking and field. */
export function encodeBookingLine(line: string, booking: AccountingBooking): Buffer {
  try {
    return encodeCp1252(line);
  } catch (error) {
    if (!isAccountingFormatError(error)) throw error;
    const field = TEXT_FIELDS.find((name) => charactersOutsideCp1252(booking[name] ?? '').length > 0) ?? 'line';
    throw new AccountingFormatError('character_outside_cp1252', {
      ...error.params,
      bookingId: booking.bookingId,
      field,
    });
  }
}

/** Control characters (line breaks, tabs) would end a record in a line-based import: they become spaces. */
export function singleLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
}
