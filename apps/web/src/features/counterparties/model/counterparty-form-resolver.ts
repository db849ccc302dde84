import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, Resolver } from 'react-hook-form';
import { counterpartyFieldsSchema, type CounterpartyFields } from '@kontor/domain/counterparties/counterparty-record';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';
import type { CounterpartyFormValues } from './counterparty-form';

const schemaResolver = zodResolver(counterpartyFieldsSchema, zodErrorOptions);

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** Rewrites every message of the error tree in place: rule codes ("invalid_iban") become sentences. */
export function translateErrorTree(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  if (isFieldError(node)) node.message = translateFieldMessage(node.message) ?? node.message;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
    translateErrorTree(child);
  }
}

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
