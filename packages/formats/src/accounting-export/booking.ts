/**
 * The neutral booking the accounting codecs write (DATEV, BMD, RZL, Kontor CSV): one line of the
 * journal, built by the server from an invoice, one of its split lines, or a payment. The codecs
 * know nothing of invoices; they turn bookings into each tool's bytes.
 *
 * Amounts are integer minor units, rates basis points, dates YYYY-MM-DD (ARCHITECTURE §3.6).
 */
export type BookingKind = 'invoice' | 'credit_note' | 'payment';

export interface AccountingBooking {
  kind: BookingKind;
  /** Gross amount, always positive: `side` carries the direction. */
  amount: number;
  /**
   * Side of `account` (DATEV Soll/Haben-Kennzeichen, BMD buchcode): a supplier invoice credits the
   * creditor (credit), a credit note or a payment debits it (debit).
   */
  side: 'debit' | 'credit';
  /** ISO 4217 of `amount`. */
  currency: string;
  /** For a currency other than EUR: foreign currency per 1 EUR (ECB style, "1.0850") and the amount in EUR. */
  exchangeRate: string | null;
  baseAmount: number | null;
  /** Konto: the personal account (creditor number, e.g. 70001). */
  account: string;
  /** Gegenkonto: the G/L account (expense account, or the bank's account for a payment). */
  contraAccount: string;
  /** The tax key's code in the target tool (DATEV BU-Schlüssel, BMD Steuercode); null: no tax key. */
  taxKey: string | null;
  /** VAT rate in basis points and the VAT amount in minor units, where known. */
  taxRate: number | null;
  taxAmount: number | null;
  /** Belegdatum. */
  documentDate: string;
  /** Belegfeld 1: the invoice number (for a payment: the paid invoice's number). */
  documentNumber: string;
  /** Belegfeld 2 (DATEV: the due date as TTMMJJ for the open-items list), free otherwise. */
  documentNumber2: string | null;
  /** Buchungstext. */
  text: string;
  /** KOST1 and KOST2 (cost centre codes). */
  costCenter1: string | null;
  costCenter2: string | null;
  dueDate: string | null;
  /** Leistungsdatum: the end of the billing period, where there is one. */
  serviceDate: string | null;
  /** Skonto taken on a payment (DATEV column Skonto), minor units. */
  discountAmount: number | null;
  /** DATEV Beleglink: the GUID of the document in the export's document.xml ('BEDI "<guid>"'). */
  documentGuid: string | null;
  /** The counterparty as booked (names, VAT id, IBAN), for the formats that carry them. */
  counterpartyName: string | null;
  counterpartyVat: string | null;
  counterpartyIban: string | null;
  /** Kontor's own ids, for the Kontor CSV and the index of a complete export. */
  invoiceId: string | null;
  /** A booking GUID stable for the same invoice line (DATEV Buchungs GUID): re-exports say the same. */
  bookingId: string;
}

/** A personal account (creditor) the receiving tool may not know yet: BMD Personenkonten, DATEV Stammdaten. */
export interface PersonalAccount {
  account: string;
  name: string;
  vatNumber: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  /** ISO 3166 alpha-2. */
  country: string | null;
  iban: string | null;
  bic: string | null;
  email: string | null;
  paymentTermsDays: number | null;
}

/** What every accounting file's header needs to know. */
export interface BookingBatchInfo {
  /** When the export was made (DATEV "Erzeugt am"). */
  createdAt: Date;
  /** First and last document date of the bookings in this file. */
  dateFrom: string;
  dateTo: string;
  /** Name of the batch (DATEV Bezeichnung), e.g. "Kontor Eingangsrechnungen 2026-12". */
  label: string;
  /** Who exported it (DATEV "Exportiert von"), at most 25 characters are written. */
  exportedBy: string;
  currency: string;
}
