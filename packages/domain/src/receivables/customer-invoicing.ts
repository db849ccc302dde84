import { z } from 'zod';
import { optionalText } from '../invoices/invoice-fields';

/** What a customer (counterparty) carries for the invoices written to it (issue 65). */

/**
 * A Leitweg-ID (KoSIT, German public-sector buyer reference): coarse address of 2–12 digits,
 * optionally a fine address of up to 30 letters/digits, and two check digits by ISO 7064
 * MOD 97-10 over the rest, separated by hyphens (e.g. 04011000-12345-03, 991-33333TEST-33).
 */
const LEITWEG_PATTERN = /^\d{2,12}(-[0-9A-Z]{1,30})?-\d{2}$/;

export function isLeitwegId(value: string): boolean {
  const id = value.trim().toUpperCase();
  if (!LEITWEG_PATTERN.test(id)) return false;
  const digits = id.replaceAll('-', '').replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

export const optionalLeitwegIdSchema = optionalText(46)
  .refine((value) => value === null || isLeitwegId(value), { message: 'invalid_leitweg_id' })
  .transform((value) => (value ? value.toUpperCase() : null));

export const INVOICE_LANGUAGES = ['de', 'en'] as const;
export const invoiceLanguageSchema = z.enum(INVOICE_LANGUAGES);
export type InvoiceLanguage = z.infer<typeof invoiceLanguageSchema>;
