import { createHash } from 'node:crypto';
import type { ExportFormat } from '@kontor/domain';
import type { AccountingBooking } from '@kontor/formats';
import { linesOf, type ExportInvoiceRow } from './export-rows';
import type { ExportPaymentRow } from './export-payments';
import { FORMAT_RULES } from './format-rules';

/**
 * Invoices and payments as journal lines (issue 41 item 2). A supplier invoice credits the
 * creditor's personal account against the expense account with its tax key; a credit note
 * debits it; a payment debits the creditor against the bank's G/L account, with the skonto
 * taken. Split lines become one booking each.
 */

export interface BookingOptions {
  format: ExportFormat;
  exchangeRates: Readonly<Record<string, string>>;
  /** The file carries the documents (a complete export): DATEV links each booking to its document. */
  documentGuids: ReadonlyMap<string, string> | null;
}

/** A stable GUID for a booking line: exporting the same invoice again names the same booking. */
export function bookingGuid(id: string, position: number): string {
  if (position === 0) return id;
  const hex = createHash('sha1').update(`${id}:${position}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Foreign amount → EUR at an ECB-style rate (foreign per 1 EUR), to the cent. */
export function toEuro(amount: number, rate: string | undefined): number | null {
  if (rate === undefined) return null;
  const value = Number(rate.replace(',', '.'));
  return value > 0 ? Math.round(amount / value) : null;
}

const ddmmyy = (date: string | null) => (date ? `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(2, 4)}` : null);

/** The VAT within a gross amount at a rate in basis points, to the cent. */
function taxWithin(gross: number, rate: number | null): number | null {
  if (rate === null) return null;
  return Math.round((gross * rate) / (10_000 + rate));
}

export function invoiceBookings(row: ExportInvoiceRow, options: BookingOptions): AccountingBooking[] {
  const rules = FORMAT_RULES[options.format];
  const isCredit = row.type === 'credit_note';
  const currency = row.currency ?? 'EUR';
  const rate = currency === 'EUR' ? undefined : options.exchangeRates[currency];
  const lines = linesOf(row);
  const number = rules.cleanDocumentNumber(row.invoiceNumber ?? '');
  return lines.map((line) => {
    const amount = Math.abs(line.amount);
    const isWhole = line.position === 0;
    // An invoice credits the creditor and a credit note debits it. A line whose sign is opposite to
    // the total's (a negative split line, such as a discount allocated to a cost centre) books on
    // the other side, so that the bookings always sum to the invoice's total.
    const isOpposite = Math.sign(line.amount) * Math.sign(row.totalAmount ?? 0) < 0;
    const isCreditorDebited = isCredit !== isOpposite;
    return {
      kind: isCredit ? 'credit_note' : 'invoice',
      amount,
      side: isCreditorDebited ? 'debit' : 'credit',
      currency,
      exchangeRate: rate ?? null,
      baseAmount: rate === undefined ? null : toEuro(amount, rate),
      account: row.accountsPayableNumber ?? '',
      contraAccount: line.ledgerAccountCode ?? '',
      taxKey: line.taxKeyCode,
      taxRate: line.taxRate,
      taxAmount: isWhole && row.taxAmount !== null ? Math.abs(row.taxAmount) : taxWithin(amount, line.taxRate),
      documentDate: row.date ?? '',
      documentNumber: number,
      documentNumber2: options.format === 'datev' ? ddmmyy(row.dueDate) : null,
      text: (row.counterpartyName ?? '').slice(0, rules.textMax),
      costCenter1: line.costCenterCode,
      costCenter2: line.costCenter2Code,
      dueDate: row.dueDate,
      serviceDate: row.billingPeriodEnd,
      discountAmount: null,
      documentGuid: options.documentGuids?.get(row.id) ?? null,
      counterpartyName: row.counterpartyName,
      counterpartyVat: row.counterpartyVat,
      counterpartyIban: row.counterpartyIban,
      invoiceId: row.id,
      bookingId: bookingGuid(row.id, line.position),
    };
  });
}

export function paymentBooking(row: ExportPaymentRow, options: BookingOptions): AccountingBooking {
  const rules = FORMAT_RULES[options.format];
  const rate = row.currency === 'EUR' ? undefined : options.exchangeRates[row.currency];
  return {
    kind: 'payment',
    amount: row.amount,
    side: 'debit',
    currency: row.currency,
    exchangeRate: rate ?? null,
    baseAmount: rate === undefined ? null : toEuro(row.amount, rate),
    account: row.accountsPayableNumber ?? '',
    contraAccount: row.bankLedgerAccountCode ?? '',
    taxKey: null,
    taxRate: null,
    taxAmount: null,
    documentDate: row.bookingDate ?? row.executionDate,
    documentNumber: rules.cleanDocumentNumber(row.invoiceNumber ?? row.endToEndId),
    documentNumber2: null,
    text: (row.remittanceInformation ?? row.creditorName).slice(0, rules.textMax),
    costCenter1: null,
    costCenter2: null,
    dueDate: null,
    serviceDate: null,
    discountAmount: row.skontoDiscount > 0 ? row.skontoDiscount : null,
    documentGuid: row.invoiceId ? (options.documentGuids?.get(row.invoiceId) ?? null) : null,
    counterpartyName: row.creditorName,
    counterpartyVat: null,
    counterpartyIban: row.creditorIban,
    invoiceId: row.invoiceId,
    bookingId: row.id,
  };
}

/** The first day of the fiscal year a date falls in. */
export function fiscalYearStart(date: string, startMonth: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const startYear = month >= startMonth ? year : year - 1;
  return `${startYear}-${String(startMonth).padStart(2, '0')}-01`;
}
