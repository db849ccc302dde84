import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { counterpartyFieldsSchema, type CounterpartyFields } from '@kontor/domain/counterparties/counterparty-record';
import { translateErrorTree, zodErrorOptions } from '@/lib/form-errors';
import type { CounterpartyFormValues } from './counterparty-form';

const schemaResolver = zodResolver(counterpartyFieldsSchema, zodErrorOptions);

/** zodResolver with the server's schema, speaking the interface language. */
export const counterpartyFormResolver: Resolver<CounterpartyFormValues, unknown, CounterpartyFields> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(values, context, options);
  translateErrorTree(result.errors);
  return result;
};
