import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { arInvoiceInputSchema, type ArInvoiceInput } from '@kontor/domain/receivables/receivable-schema';
import { translateErrorTree, zodErrorOptions } from '@/lib/form-errors';
import type { ReceivableFormValues } from './receivable-form';

const schemaResolver = zodResolver(arInvoiceInputSchema, zodErrorOptions);
type SchemaResolverArgs = Parameters<typeof schemaResolver>;

/**
 * zodResolver with the schema the server validates with, speaking the interface language. The
 * form's values are the schema's input except for numbers being typed (null or NaN), which the
 * schema refuses with "Please enter a number"; hence the one cast.
 */
export const receivableFormResolver: Resolver<ReceivableFormValues, unknown, ArInvoiceInput> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(
    values as unknown as SchemaResolverArgs[0],
    context,
    options as unknown as SchemaResolverArgs[2],
  );
  const errors = result.errors as FieldErrors<ReceivableFormValues>;
  // No customer chosen yet reads "required", not "not a valid id".
  if (!values.counterpartyId && errors.counterpartyId) errors.counterpartyId.message = 'required';
  translateErrorTree(errors);
  return result as Awaited<ReturnType<Resolver<ReceivableFormValues, unknown, ArInvoiceInput>>>;
};
