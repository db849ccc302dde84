/**
 * RZL (Austria) booking import: an XML of Kontor's own design. RZL publishes no schema or sample
 * (fixtures/rzl/FORMAT_NOTES.md); the real specification ("Modul XML Belegdatenimport
 * Schnittstelle") must be requested from RZL (Software@rzl.at) and this mapping adjusted then.
 * Until then the file carries exactly what a booking import ("Datenimport / RZL Format /
 * Buchungen") needs, in UTF-8, one element per fact, so that a mapping on either side is simple:
 *
 * <rzl-buchungsimport version erzeugt-von erstellt>  version of this layout, producer, ISO instant
 *   <kopf>
 *     <mandant>          RZL client number, so the file cannot be imported into the wrong client
 *     <zeitraum von bis> first and last document date, for the import's period check
 *     <waehrung>         the ledger currency of betrag/steuerbetrag (EUR)
 *   <buchungen><buchung>
 *     <belegnummer>      the invoice number (for a payment: the paid invoice's), to find the Beleg
 *     <belegdatum>       document date, ISO
 *     <buchungsart>      ER Eingangsrechnung, GU Gutschrift, ZA Zahlung: RZL's journal (Buchungssymbol)
 *     <konto>            the personal account (creditor)
 *     <gegenkonto>       the G/L account (expense, or the bank for a payment)
 *     <soll-haben>       S or H: the side of konto
 *     <betrag>           gross, positive, in the ledger currency, dot decimals
 *     <steuercode>       RZL tax code, which decides the UVA line
 *     <steuersatz>       VAT rate in per cent, dot decimals, for the check against the code
 *     <steuerbetrag>     VAT within betrag, so RZL books what the invoice says rather than recomputing
 *     <skonto>           discount taken on a payment, so the open item closes
 *     <text>             posting text
 *     <kostenstelle>     cost centre
 *     <faelligkeit>      due date, ISO, for RZL's open-items list
 *     <waehrung> <kurs> <fremdwaehrungsbetrag>  only for a foreign-currency invoice: the original
 *                        currency, its rate per 1 EUR, and the amount in it
 *     <uid>              the creditor's VAT id (UID), needed for EU acquisitions and reverse charge
 *
 * Elements without a value are left out; all text is XML-escaped.
 */
import type { AccountingBooking, BookingBatchInfo } from '../booking';
import { checkBooking, optionalDate, requireBaseAmount, requireExchangeRate } from '../booking-checks';
import { chunkLines, type RecordSource } from '../line-chunks';
import { formatHundredths, scaleAmount } from '../number-text';
import { escapeXmlText } from '../xml-text';

export interface RzlBookingOptions {
  clientNumber: string | null;
  info: BookingBatchInfo;
}

export const RZL_LAYOUT_VERSION = '1.0';

const BOOKING_TYPE = { invoice: 'ER', credit_note: 'GU', payment: 'ZA' } as const;

const decimal = (value: number | null) => (value === null ? null : formatHundredths(value, '.'));

function element(name: string, value: string | null): string {
  return value === null || value === '' ? '' : `<${name}>${escapeXmlText(value)}</${name}>`;
}

export function rzlBookingElement(booking: AccountingBooking): string {
  checkBooking(booking);
  const due = optionalDate(booking, 'dueDate');
  const isForeign = booking.currency !== 'EUR';
  const ledgerAmount = isForeign ? requireBaseAmount(booking) : booking.amount;
  const rate = isForeign ? requireExchangeRate(booking) : null;
  const toLedger = (value: number | null) =>
    value === null ? null : isForeign ? scaleAmount(value, booking.amount, ledgerAmount) : value;
  const discount = booking.discountAmount !== null && booking.discountAmount > 0 ? booking.discountAmount : null;
  const parts = [
    element('belegnummer', booking.documentNumber),
    element('belegdatum', booking.documentDate),
    element('buchungsart', BOOKING_TYPE[booking.kind]),
    element('konto', booking.account.trim()),
    element('gegenkonto', booking.contraAccount.trim()),
    element('soll-haben', booking.side === 'debit' ? 'S' : 'H'),
    element('betrag', decimal(ledgerAmount)),
    element('steuercode', booking.taxKey),
    element('steuersatz', decimal(booking.taxRate)),
    element('steuerbetrag', decimal(toLedger(booking.taxAmount))),
    element('skonto', decimal(toLedger(discount))),
    element('text', booking.text),
    element('kostenstelle', booking.costCenter1),
    element('faelligkeit', due ? booking.dueDate : null),
    element('waehrung', isForeign ? booking.currency : null),
    element('kurs', rate ? (rate.fraction ? `${rate.whole}.${rate.fraction}` : rate.whole) : null),
    element('fremdwaehrungsbetrag', isForeign ? decimal(booking.amount) : null),
    element('uid', booking.counterpartyVat),
  ];
  return `<buchung>${parts.join('')}</buchung>`;
}

function openingOf(options: RzlBookingOptions): string {
  const { info } = options;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<rzl-buchungsimport version="${RZL_LAYOUT_VERSION}" erzeugt-von="Kontor" erstellt="${info.createdAt.toISOString()}">\n` +
    `<kopf>${element('mandant', options.clientNumber)}` +
    `<zeitraum von="${escapeXmlText(info.dateFrom)}" bis="${escapeXmlText(info.dateTo)}"/>` +
    `${element('waehrung', info.currency)}</kopf>\n<buchungen>\n`
  );
}

/** The file as it is written: the opening, a chunk per few hundred bookings, the closing tags. */
export async function* writeRzlBookings(
  options: RzlBookingOptions,
  bookings: RecordSource<AccountingBooking>,
): AsyncGenerator<Buffer> {
  yield Buffer.from(openingOf(options), 'utf8');
  yield* chunkLines(bookings, (booking) => Buffer.from(`${rzlBookingElement(booking)}\n`, 'utf8'));
  yield Buffer.from('</buchungen>\n</rzl-buchungsimport>\n', 'utf8');
}
