import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { publicConfirmIbanBodySchema } from '@kontor/domain/counterparties/email-verification-api';
import { normalizeIban } from '@kontor/domain/iban';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';

export interface ConfirmIbanValues {
  iban: string;
  ibanRepeat: string;
}

/** The message of the repeat field when both IBANs differ; the form shows its own sentence for it. */
export const REPEAT_MISMATCH = 'repeat_mismatch';

/**
 * The server's IBAN rule plus a repeat field: a typo would otherwise read as a mismatch and
 * raise a fraud alarm at the organisation. Only the first field is sent.
 */
const confirmIbanFormSchema = publicConfirmIbanBodySchema
  .extend({ ibanRepeat: z.string() })
  .refine((values) => normalizeIban(values.iban) === normalizeIban(values.ibanRepeat), {
    path: ['ibanRepeat'],
    message: REPEAT_MISMATCH,
  });

const schemaResolver = zodResolver(confirmIbanFormSchema, zodErrorOptions);

export const confirmIbanResolver: Resolver<ConfirmIbanValues, unknown, z.output<typeof confirmIbanFormSchema>> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(values, context, options);
  for (const error of Object.values(result.errors)) {
    // Rule codes ("invalid_iban") become sentences in the interface language.
    if (error?.message && error.message !== REPEAT_MISMATCH)
      error.message = translateFieldMessage(error.message) ?? error.message;
  }
  return result;
};
