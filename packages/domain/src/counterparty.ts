import { z } from 'zod';
import { isIban, normalizeIban } from './iban';
import { isEuVatNumber, normalizeVatNumber } from './vat';

/**
 * The counterparty as the invoice form selects it. The Counterparties module adds the rest of
 * SPEC §3 (addresses, trust, verification, merge); these fields are enough to pay an invoice.
 */
export const counterpartySummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  vatNumber: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  accountsPayableNumber: z.string().nullable(),
});
export type CounterpartySummary = z.infer<typeof counterpartySummarySchema>;

/** A counterparty's name (SPEC §5: required), the same in the inline and the full form. */
export const counterpartyNameSchema = z.string().trim().min(1, { message: 'required' }).max(200, { message: 'too_long' });

/** An optional European VAT number, checked by its country's pattern and stored normalised. */
export const optionalVatNumberSchema = z
  .string()
  .trim()
  .nullable()
  .refine((value) => !value || isEuVatNumber(value), { message: 'invalid_vat' })
  .transform((value) => (value ? normalizeVatNumber(value) : null));

export const createCounterpartyInlineSchema = z.object({
  name: counterpartyNameSchema,
  vatNumber: optionalVatNumberSchema,
  iban: z
    .string()
    .trim()
    .nullable()
    .refine((value) => !value || isIban(value), { message: 'invalid_iban' })
    .transform((value) => (value ? normalizeIban(value) : null)),
  bic: z
    .string()
    .trim()
    .max(11, { message: 'too_long' })
    .nullable()
    .transform((value) => (value ? value.toUpperCase() : null)),
});
export type CreateCounterpartyInline = z.infer<typeof createCounterpartyInlineSchema>;

export const counterpartySearchQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
