/**
 * What reading an invoice document yields, whatever the source: an e-invoice's XML (exact), the
 * text layer of a PDF, or OCR of an image or scan (both heuristic). Every value carries where it
 * came from and how sure the reader is, so that the form can mark read fields (Invoice reading
 * issue). Money is integer minor units of `currency` (ISO 4217 exponent, 2 for EUR/USD/GBP),
 * rates are basis points (19 % = 1900), dates are YYYY-MM-DD.
 */

import type { DocumentAccount, EInvoiceRuleWarning, PaymentMeansKind, ReadDoubtReason } from '@kontor/domain';

export type ReadSource = 'xml' | 'text' | 'ocr';

export interface ReadField<T> {
  value: T;
  /** 1 for values from an e-invoice's XML; 0..1 for text and OCR readings. */
  confidence: number;
  source: ReadSource;
}

export interface ExtractedAddress {
  street: string | null;
  postalCode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2. */
  countryCode: string | null;
}

export interface ExtractedParty {
  name?: ReadField<string>;
  address?: ReadField<ExtractedAddress>;
  /** VAT identification number, normalised (no spaces, upper case), e.g. DE123456789. */
  vatId?: ReadField<string>;
  /** National tax number (Steuernummer) when no VAT ID is given. */
  taxNumber?: ReadField<string>;
  email?: ReadField<string>;
}

export interface ExtractedLineItem {
  description: string;
  quantity: number | null;
  unit: string | null;
  /** Net unit price in minor units (may carry more precision in the XML; rounded half up). */
  unitPrice: number | null;
  /** Net line total in minor units. */
  totalPrice: number | null;
  /** Basis points. */
  taxRate: number | null;
}

export interface ExtractedTaxLine {
  /** Basis points. */
  rate: number;
  /** Net basis in minor units. */
  basis: number;
  /** Tax in minor units. */
  tax: number;
  /** UNCL5305 category code (S, Z, E, AE, K, G, O, L, M) when the document gives one. */
  category: string | null;
}

export interface ExtractedSkonto {
  /** Basis points, e.g. 200 for 2 %. */
  rate: number;
  days: number;
  /** Minor units when stated or computable. */
  amount: number | null;
}

/**
 * Why a text or OCR reading left a field empty although the document seemed to state it: the
 * form tells the person so ("two different totals found") instead of offering a guess.
 */
export interface ReadDoubt {
  /** The ExtractedInvoice field (dotted for parties: `seller.name`). */
  field: string;
  reason: ReadDoubtReason;
}

export type EInvoiceSyntax = 'UBL' | 'CII' | 'ZUGFeRD1';

export interface ExtractedInvoice {
  kind: 'einvoice-xml' | 'einvoice-pdf' | 'text-pdf' | 'ocr';
  /** For e-invoices: the syntax and the guideline (profile) id, e.g. urn:cen.eu:en16931:2017. */
  syntax: EInvoiceSyntax | null;
  profile: string | null;
  invoiceNumber?: ReadField<string>;
  /** UNTDID 1001 type code as written (380 invoice, 381 credit note, 384 correction …). */
  typeCode?: ReadField<string>;
  type?: ReadField<'invoice' | 'credit_note'>;
  date?: ReadField<string>;
  dueDate?: ReadField<string>;
  /** Payment term in days when the document states one instead of (or besides) a due date. */
  paymentTermDays?: ReadField<number>;
  /** The payment terms as written (e.g. "Zahlbar innerhalb 30 Tagen netto"). */
  paymentTerms?: ReadField<string>;
  skonto?: ReadField<ExtractedSkonto>;
  currency?: ReadField<string>;
  netAmount?: ReadField<number>;
  taxAmount?: ReadField<number>;
  totalAmount?: ReadField<number>;
  /** Amount due for payment (total minus prepaid). */
  amountDue?: ReadField<number>;
  /** Sum of the line net amounts as the document states it (BT-106), minor units. */
  lineTotalAmount?: ReadField<number>;
  /** Amount already paid (BT-113), minor units. */
  prepaidAmount?: ReadField<number>;
  /** The single tax rate when all lines share one (basis points). */
  taxRate?: ReadField<number>;
  purchaseOrder?: ReadField<string>;
  billingPeriodStart?: ReadField<string>;
  billingPeriodEnd?: ReadField<string>;
  /** Service/delivery date when given instead of a period. */
  deliveryDate?: ReadField<string>;
  /**
   * The account to pay to when the document asks for a transfer and the IBAN's checksum holds
   * (normalised), and its BIC. Absent for direct debit and card: that account is the payer's.
   */
  iban?: ReadField<string>;
  bic?: ReadField<string>;
  /** How the document asks to be paid (UNCL 4461 of its first payment means, grouped). */
  paymentMeans?: ReadField<PaymentMeansKind>;
  /** The account the document names as written, whose it is and whether its checksum holds. */
  documentAccount?: ReadField<DocumentAccount>;
  /** The payee when the document names one other than the seller (EN 16931 BG-10). */
  payee?: ExtractedParty;
  /** EN 16931 business rules the document breaks (the cheap ones); it is read all the same. */
  ruleWarnings: EInvoiceRuleWarning[];
  remittanceInformation?: ReadField<string>;
  seller: ExtractedParty;
  buyer: ExtractedParty;
  taxBreakdown: ExtractedTaxLine[];
  lineItems: ExtractedLineItem[];
  /** Free notes of the document (e.g. BT-22), for the reader's reference. */
  notes: string[];
  /** Fields a text or OCR reading left empty on purpose, and why. */
  doubts?: ReadDoubt[];
}

/** Why a document could not be read; the server maps these to translated messages. */
export type ReadingErrorCode =
  'malformed_xml' | 'not_an_einvoice' | 'unsupported_einvoice' | 'broken_pdf' | 'encrypted_pdf' | 'ocr_failed';

export class ReadingError extends Error {
  constructor(
    readonly code: ReadingErrorCode,
    detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'ReadingError';
  }
}

export function isReadingError(error: unknown): error is ReadingError {
  return error instanceof ReadingError;
}

export function emptyExtractedInvoice(kind: ExtractedInvoice['kind']): ExtractedInvoice {
  return {
    kind,
    syntax: null,
    profile: null,
    seller: {},
    buyer: {},
    taxBreakdown: [],
    lineItems: [],
    notes: [],
    ruleWarnings: [],
  };
}
