import { z } from 'zod';
import { isBic, isIban, normalizeIban } from './iban';
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

/**
 * An optional BIC (ISO 9362, checked by ibantools), stored without spaces in upper case; missing
 * or empty is null. The one rule of every form and API that takes a BIC (the counterparty's full
 * and inline forms, transactions), so a counterparty created from the invoice form has a BIC the
 * full form accepts and a wrong BIC is refused where it is typed, not when the SEPA file is made.
 */
export const optionalBicSchema = z
  .string()
  .trim()
  .nullable()
  .optional()
  .transform((value) => (value ? value.replace(/\s+/g, '').toUpperCase() : null))
  .refine((value) => value === null || isBic(value), { message: 'invalid_bic' });

export const createCounterpartyInlineSchema = z.object({
  name: counterpartyNameSchema,
  vatNumber: optionalVatNumberSchema,
  iban: z
    .string()
    .trim()
    .nullable()
    .refine((value) => !value || isIban(value), { message: 'invalid_iban' })
    .transform((value) => (value ? normalizeIban(value) : null)),
  bic: optionalBicSchema,
});
export type CreateCounterpartyInline = z.infer<typeof createCounterpartyInlineSchema>;

export const counterpartySearchQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
