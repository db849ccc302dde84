/**
 * BMD NTCS booking import ("BuErf" CSV). BMD's own specification ("BuErf Import – Import von
 * Buchungen") is only given to BMD customers and partners; this follows the public descriptions
 * summarised in fixtures/bmd/FORMAT_NOTES.md. BMD maps columns by the names of the header line.
 *
 * Sign convention: `betrag` is the gross amount signed from the personal account's (`konto`) side,
 * Soll positive and Haben negative, and `buchcode` says the same side (1 Soll, 2 Haben); `steuer`
 * carries the VAT with the opposite sign. A supplier invoice is `buchcode 2`, `betrag -120,00`,
 * `steuer 20,00`; a credit note or a payment the other way round.
 *
 * Foreign currency: `betrag` and `steuer` stay in EUR (the ledger's currency) and `fwbetrag`,
 * `waehrung`, `kurs` carry the original; those three are empty for EUR.
 */
import type { AccountingBooking } from '../booking';
import {
  checkBooking,
  encodeBookingLine,
  optionalDate,
  requireBaseAmount,
  requireExchangeRate,
  singleLine,
} from '../booking-checks';
import { encodeCp1252 } from '../cp1252';
import { quoteCsvCell } from '../csv-cells';
import { daysBetween } from '../iso-date';
import { chunkLines, type RecordSource } from '../line-chunks';
import { formatHundredths, scaleAmount } from '../number-text';

export interface BmdBookingOptions {
  /** Buchungssymbol of invoices and credit notes (e.g. "ER") and of payments (e.g. "BK"), as set up in BMD. */
  invoiceSymbol: string;
  paymentSymbol: string;
}

/**
 * `buchdatum` and `filiale` of the public examples are left out: BMD takes the posting date from
 * the document date, and branches are a BMD-side setting. `skonto` is added for payments, since a
 * discount taken would otherwise stay open on the creditor.
 */
export const BMD_BOOKING_COLUMNS = [
  'satzart',
  'konto',
  'gkonto',
  'belegnr',
  'belegdatum',
  'buchsymbol',
  'buchcode',
  'prozent',
  'steuercode',
  'betrag',
  'steuer',
  'text',
  'extbelegnr',
  'kost',
  'zziel',
  'skonto',
  'fwbetrag',
  'waehrung',
  'kurs',
] as const;

export const BMD_TEXT_MAX = 50;

type BmdColumn = (typeof BMD_BOOKING_COLUMNS)[number];

const CRLF = '\r\n';
const amount = (value: number | null) => (value === null ? '' : formatHundredths(value, ','));
const cell = (value: string | null) => quoteCsvCell(singleLine(value ?? ''), ';');

function bmdCells(booking: AccountingBooking, options: BmdBookingOptions): Record<BmdColumn, string> {
  const date = checkBooking(booking);
  const due = optionalDate(booking, 'dueDate');
  const isForeign = booking.currency !== 'EUR';
  const sign = booking.side === 'debit' ? 1 : -1;
  const ledgerAmount = isForeign ? requireBaseAmount(booking) : booking.amount;
  const rate = isForeign ? requireExchangeRate(booking) : null;
  const toLedger = (value: number) => (isForeign ? scaleAmount(value, booking.amount, ledgerAmount) : value);
  const tax = booking.taxAmount === null ? null : -sign * toLedger(booking.taxAmount);
  const discount = booking.discountAmount !== null && booking.discountAmount > 0 ? sign * toLedger(booking.discountAmount) : null;
  const isPayment = booking.kind === 'payment';
  return {
    satzart: '0',
    konto: cell(booking.account.trim()),
    gkonto: cell(booking.contraAccount.trim()),
    // A numeric running number may come in documentNumber2; otherwise the invoice number is the Beleg.
    belegnr: cell(booking.documentNumber2 ?? booking.documentNumber),
    belegdatum: `${date.day}.${date.month}.${date.year}`,
    buchsymbol: cell(isPayment ? options.paymentSymbol : options.invoiceSymbol),
    buchcode: booking.side === 'debit' ? '1' : '2',
    prozent: booking.taxRate === null ? '' : formatHundredths(booking.taxRate, ','),
    steuercode: cell(booking.taxKey),
    betrag: amount(sign * ledgerAmount),
    steuer: amount(tax),
    text: cell(booking.text.slice(0, BMD_TEXT_MAX)),
    extbelegnr: cell(booking.documentNumber),
    kost: cell(booking.costCenter1),
    // Zahlungsziel in days: a payment term of the invoice, meaningless on the payment itself.
    zziel: !isPayment && due ? String(daysBetween(booking.documentDate, booking.dueDate ?? '')) : '',
    skonto: amount(discount),
    fwbetrag: isForeign ? amount(sign * booking.amount) : '',
    waehrung: isForeign ? cell(booking.currency) : '',
    kurs: rate ? (rate.fraction ? `${rate.whole},${rate.fraction}` : rate.whole) : '',
  };
}

export function bmdBookingLine(booking: AccountingBooking, options: BmdBookingOptions): string {
  const cells = bmdCells(booking, options);
  return BMD_BOOKING_COLUMNS.map((column) => cells[column]).join(';');
}

/** buchungen.csv as it is written: the header line, then a chunk per few hundred bookings. Windows-1252, CRLF. */
export async function* writeBmdBookings(
  options: BmdBookingOptions,
  bookings: RecordSource<AccountingBooking>,
): AsyncGenerator<Buffer> {
  yield encodeCp1252(`${BMD_BOOKING_COLUMNS.join(';')}${CRLF}`);
  yield* chunkLines(bookings, (booking) => encodeBookingLine(`${bmdBookingLine(booking, options)}${CRLF}`, booking));
}
