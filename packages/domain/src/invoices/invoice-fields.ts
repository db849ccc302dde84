import { z } from 'zod';
import { isIsoDate } from '../dates';
import { INVOICE_STATUSES, OCR_STATUSES } from './invoice-status';

export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export const ocrStatusSchema = z.enum(OCR_STATUSES);

/** Currencies offered (SPEC §9); amounts are integer minor units of these. */
export const INVOICE_CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export const currencySchema = z.enum(INVOICE_CURRENCIES);
export type InvoiceCurrency = z.infer<typeof currencySchema>;

export const INVOICE_TYPES = ['invoice', 'credit_note', 'reminder'] as const;
export const invoiceTypeSchema = z.enum(INVOICE_TYPES);
export type InvoiceType = z.infer<typeof invoiceTypeSchema>;

/** SPEC §9: remittance information shorter than 34 characters. */
export const REMITTANCE_MAX_LENGTH = 33;
/** SPEC §9: an invoice older than 4 months shows a warning. */
export const OLD_INVOICE_MONTHS = 4;
/** Largest amount accepted, in minor units (a trillion euros): far inside JavaScript's safe integers. */
export const MAX_AMOUNT_MINOR = 100_000_000_000_000;

export const isoDateSchema = z.string().refine(isIsoDate, { message: 'invalid_date' });
export const minorUnitsSchema = z.number().int().min(-MAX_AMOUNT_MINOR).max(MAX_AMOUNT_MINOR);
/** Rates in basis points: 1900 = 19 %. */
export const basisPointsSchema = z.number().int().min(0).max(10_000);

const text = (max: number) => z.string().trim().max(max, { message: 'too_long' });
/** An optional text: empty strings become null so that "cleared" and "never set" are one state. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'too_long' })
    .nullable()
    .transform((value) => (value === '' ? null : value));

export const invoiceLineItemSchema = z.object({
  description: text(500).min(1, { message: 'required' }),
  /** Quantity in thousandths (1.5 pieces = 1500), exact like money. */
  quantity: z.number().int().min(-1_000_000_000_000).max(1_000_000_000_000),
  unit: optionalText(20),
  unitPrice: minorUnitsSchema,
  totalPrice: minorUnitsSchema,
  taxRate: basisPointsSchema.nullable(),
});
export type InvoiceLineItem = z.infer<typeof invoiceLineItemSchema>;

export const invoiceSplitSchema = z.object({
  amount: minorUnitsSchema.refine((amount) => amount !== 0, { message: 'split_amount_zero' }),
  costCenter: z.uuid().nullable(),
  costCenter2: z.uuid().nullable(),
  ledgerAccount: z.uuid().nullable(),
  taxKeyId: z.uuid().nullable(),
  note: optionalText(200),
});
export type InvoiceSplit = z.infer<typeof invoiceSplitSchema>;
