import { z } from 'zod';

/** A debitor's or creditor's address on a payment (SPEC §3 transaction); every part optional. */
export const postalAddressSchema = z.object({
  street: z.string().trim().max(140).nullable(),
  zip: z.string().trim().max(16).nullable(),
  city: z.string().trim().max(140).nullable(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { message: 'invalid_country' })
    .nullable(),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;
