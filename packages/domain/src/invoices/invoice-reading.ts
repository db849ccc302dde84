import { z } from 'zod';
import { documentPaymentSchema, einvoiceRuleWarningSchema } from './document-payment';

/**
 * What reading the document (e-invoice XML, PDF text layer or OCR) found, as the invoice detail
 * shows it (Invoice reading issue): which form fields were filled and how sure the reader was,
 * the supplier it proposes when none is known yet, and the checks on the document.
 */
export const READING_KINDS = ['einvoice-xml', 'einvoice-pdf', 'text-pdf', 'ocr'] as const;
export const readingKindSchema = z.enum(READING_KINDS);
export type ReadingKind = z.infer<typeof readingKindSchema>;

/** Confidence at or above which a read field counts as sure; below it the form asks to check. */
export const SURE_READING_CONFIDENCE = 0.8;

/**
 * Why reading a PDF's text or a scan left a field empty although the document seemed to state it:
 * a wrong value costs more than an empty one, so an uncertain value is not offered; the form says
 * why instead ("two different totals found").
 */
export const READ_DOUBT_REASONS = [
  'several_totals',
  'totals_disagree',
  'several_values',
  'implausible_date',
  'uncertain',
  'own_organisation',
] as const;
export type ReadDoubtReason = (typeof READ_DOUBT_REASONS)[number];

export const readFieldMarkSchema = z.object({
  /** 0..1; 1 for values taken from an e-invoice's XML; 0 for a field left empty on purpose. */
  confidence: z.number().min(0).max(1),
  source: z.enum(['xml', 'text', 'ocr']),
  /** Set when the field was left empty: why the reader did not offer a value. */
  doubt: z.enum(READ_DOUBT_REASONS).optional(),
});
export type ReadFieldMark = z.infer<typeof readFieldMarkSchema>;

/** A supplier read from the document that matches no counterparty: offered for creation. */
export const proposedCounterpartySchema = z.object({
  name: z.string(),
  vatNumber: z.string().nullable(),
  taxNumber: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  email: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  countryCode: z.string().nullable(),
});
export type ProposedCounterparty = z.infer<typeof proposedCounterpartySchema>;

/** The items §14 Abs. 4 UStG requires on an invoice, as checked on the read document. */
export const FORMAL_INVOICE_ITEMS = [
  'supplier_name_address',
  'recipient_name_address',
  'tax_number_or_vat_id',
  'invoice_date',
  'invoice_number',
  'quantity_and_description',
  'service_date_or_period',
  'net_amount_per_rate',
  'tax_rate_and_amount',
] as const;
export type FormalInvoiceItem = (typeof FORMAL_INVOICE_ITEMS)[number];

export const duplicateCandidateSchema = z.object({
  id: z.uuid(),
  invoiceNumber: z.string().nullable(),
  date: z.string().nullable(),
  totalAmount: z.number().int().nullable(),
  status: z.string(),
  /** same_number: same counterparty and invoice number; same_amount_date: same counterparty, total and date. */
  reason: z.enum(['same_number', 'same_amount_date']),
});
export type DuplicateCandidate = z.infer<typeof duplicateCandidateSchema>;

export const invoiceReadingSchema = z.object({
  kind: readingKindSchema.nullable(),
  /** The e-invoice guideline (profile) id, e.g. urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0. */
  profile: z.string().nullable(),
  /** Progress of a running reading, 0..100 (OCR page by page). */
  progress: z.number().int().min(0).max(100).nullable(),
  /** The error code when reading failed (the document stays; fill in manually). */
  errorCode: z.string().nullable(),
  /** Invoice form field name (SPEC §3 names, e.g. invoiceNumber, totalAmount) → how it was read. */
  fields: z.record(z.string(), readFieldMarkSchema),
  proposedCounterparty: proposedCounterpartySchema.nullable(),
  duplicates: z.array(duplicateCandidateSchema),
  /** ZUGFeRD/Factur-X: where the visible text disagrees with the embedded XML. */
  hybridMismatches: z.array(z.enum(['iban', 'total'])),
  /** §14 UStG items the document lacks (empty when complete or not checked). */
  missingFormalItems: z.array(z.enum(FORMAL_INVOICE_ITEMS)),
  readAt: z.string().nullable(),
  /** The document's currency when it is none of the invoice currencies (EUR/USD/GBP): currency stays empty. */
  unsupportedCurrency: z.string().nullable().optional(),
  /** What the document says about paying it: its account (as written), payee and means. */
  payment: documentPaymentSchema.nullable().optional(),
  /** EN 16931 business rules the document breaks; it was read and stored all the same. */
  ruleWarnings: z.array(einvoiceRuleWarningSchema).optional(),
});
export type InvoiceReading = z.infer<typeof invoiceReadingSchema>;
