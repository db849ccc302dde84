import { z } from 'zod';
import { EMAIL_PATTERN, countryCodeSchema } from '../counterparties/counterparty-record';
import { optionalVatNumberSchema } from '../counterparty';
import { optionalText } from '../invoices/invoice-fields';
import { invoiceLanguageSchema } from './customer-invoicing';

/**
 * What outgoing invoice documents need beyond the receivable itself (issue 65): the issuing
 * company's details (printed on the PDF, written into ZUGFeRD/XRechnung), the customer's
 * Leitweg-ID and document language, and the e-mail that sends an invoice.
 */

const optionalEmail = optionalText(320).refine((value) => value === null || EMAIL_PATTERN.test(value), {
  message: 'invalid_email',
});

/** The organisation as the issuer of outgoing invoices (Settings › General › Company details). */
export const companyDetailsSchema = z.object({
  /** The legal name on invoices; empty: the organisation's name. */
  legalName: optionalText(200),
  street: optionalText(200),
  postalCode: optionalText(20),
  city: optionalText(100),
  countryCode: countryCodeSchema.nullable(),
  vatId: optionalVatNumberSchema,
  /** Steuernummer, for a company without a VAT ID. */
  taxNumber: optionalText(30),
  /** Where customers write about invoices; also the seller's electronic address (BT-34). */
  email: optionalEmail,
  phone: optionalText(40).refine((value) => value === null || /(\d.*){3,}/.test(value), { message: 'invalid_phone' }),
  website: optionalText(200),
  /** The seller contact XRechnung requires (BT-41). */
  contactName: optionalText(100),
  /** "Amtsgericht München HRB 123456" */
  registration: optionalText(200),
  managingDirectors: optionalText(200),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

export const EMPTY_COMPANY_DETAILS: CompanyDetails = {
  legalName: null,
  street: null,
  postalCode: null,
  city: null,
  countryCode: null,
  vatId: null,
  taxNumber: null,
  email: null,
  phone: null,
  website: null,
  contactName: null,
  registration: null,
  managingDirectors: null,
};

export type CompanyDetailsField = keyof CompanyDetails;

/**
 * The company details an invoice document cannot do without: an address (EN 16931 BR-08/09,
 * XRechnung BR-DE-3/4), a VAT ID or tax number (BR-CO-26, BR-DE-16); XRechnung also the seller
 * contact with phone and e-mail (BR-DE-2, -5, -6, -7). Empty list: ready.
 */
export function missingCompanyDetails(details: CompanyDetails, target: 'pdf' | 'xrechnung'): CompanyDetailsField[] {
  const missing: CompanyDetailsField[] = [];
  for (const field of ['street', 'postalCode', 'city', 'countryCode'] as const) if (!details[field]) missing.push(field);
  if (!details.vatId && !details.taxNumber) missing.push('vatId');
  if (target === 'xrechnung') {
    for (const field of ['contactName', 'phone', 'email'] as const) if (!details[field]) missing.push(field);
  }
  return missing;
}

export const XRECHNUNG_SYNTAXES = ['ubl', 'cii'] as const;
export const xrechnungQuerySchema = z.object({ syntax: z.enum(XRECHNUNG_SYNTAXES).default('ubl') });

/** POST /api/ar-invoices/:id/send: the invoice PDF by e-mail to the customer. */
export const arSendBodySchema = z.object({
  to: z
    .array(z.string().trim().regex(EMAIL_PATTERN, { message: 'invalid_email' }))
    .min(1, { message: 'required' })
    .max(10, { message: 'too_long' }),
  subject: z.string().trim().min(1, { message: 'required' }).max(200, { message: 'too_long' }),
  message: z.string().trim().max(5000, { message: 'too_long' }),
});
export type ArSendBody = z.infer<typeof arSendBodySchema>;

/** What the send dialog starts from: the customer's address and texts in its language. */
export const arSendDraftSchema = z.object({
  to: z.array(z.string()),
  subject: z.string(),
  message: z.string(),
  language: invoiceLanguageSchema,
  fileName: z.string(),
  /** Company details still missing before a document can be made. */
  missingCompanyDetails: z.array(z.string()),
});
export type ArSendDraft = z.infer<typeof arSendDraftSchema>;
