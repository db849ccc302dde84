import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from '@/lib/api-error';
import { translateFieldMessage } from '@/lib/form-errors';

/**
 * The server's fieldErrors onto the form's fields (rule codes such as "invalid_iban" become
 * sentences); returns whether any landed on a field, so the toast can say the rest.
 */
export function applyServerFieldErrors<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  error: unknown,
  fields: readonly string[],
): boolean {
  if (!isApiError(error) || !error.fieldErrors) return false;
  let isPlaced = false;
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    if (!fields.includes(path)) continue;
    const message = messages.map((entry) => translateFieldMessage(entry, error.params) ?? entry).join(' ');
    if (!message) continue;
    form.setError(path as Path<Values>, { type: 'server', message }, { shouldFocus: !isPlaced });
    isPlaced = true;
  }
  return isPlaced;
}
