import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import {
  createTransactionBodySchema,
  updateTransactionBodySchema,
  type CreateTransactionBody,
  type CreateTransactionInput,
  type Transaction,
} from '@kontor/domain/payments/transaction-api';
import { translateErrorTree } from '@/lib/form-errors';
import { zodErrorOptions } from '@/lib/form-errors';

/** The "New payment" form: like the body, but the amount may be empty (null) while typing. */
export type NewTransactionValues = Omit<CreateTransactionInput, 'amount'> & { amount: number | null };

export function newTransactionDefaults(today: string): NewTransactionValues {
  return {
    counterpartyId: null,
    creditorName: '',
    creditorIban: '',
    creditorBic: '',
    amount: null,
    currency: 'EUR',
    requestedExecutionDate: today,
    remittanceInformation: '',
    debitorBankAccountId: '',
    notes: '',
  };
}

/** The edit form of an open payment (PATCH): only what may change before it joins a run. */
export interface EditTransactionValues {
  amount: number | null;
  requestedExecutionDate: string;
  remittanceInformation: string;
  debitorBankAccountId: string;
}
export const EDIT_FIELDS = ['amount', 'requestedExecutionDate', 'remittanceInformation', 'debitorBankAccountId'] as const;
export type EditField = (typeof EDIT_FIELDS)[number];

const editBodySchema = updateTransactionBodySchema.omit({ version: true });
export type EditTransactionBody = z.infer<typeof editBodySchema>;

export function toEditValues(transaction: Transaction): EditTransactionValues {
  return {
    amount: transaction.amount,
    requestedExecutionDate: transaction.requestedExecutionDate,
    remittanceInformation: transaction.remittanceInformation ?? '',
    debitorBankAccountId: transaction.debitorBankAccountId ?? '',
  };
}

/**
 * zodResolver with the server's schema, speaking the interface language. The form's value types
 * differ from the schema's input only where an empty field is null, which the schema refuses
 * with the "required"/"number" message, so handing the values over as they are is sound.
 */
function translatedResolver<Values extends FieldValues, Output>(schema: z.ZodType<Output>): Resolver<Values, unknown, Output> {
  // The cast narrows zodResolver's generic signature to this form; the schema checks the values at run time.
  const resolve = zodResolver(schema as never, zodErrorOptions) as unknown as Resolver<Values, unknown, Output>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    translateErrorTree(result.errors);
    return result;
  };
}

export const newTransactionResolver = translatedResolver<NewTransactionValues, CreateTransactionBody>(
  createTransactionBodySchema,
);
export const editTransactionResolver = translatedResolver<EditTransactionValues, EditTransactionBody>(editBodySchema);
