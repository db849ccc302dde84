import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-error';
import { translateFieldMessage } from '@/lib/form-errors';
import { getErrorMessage } from '@/lib/notify';

/**
 * Puts a refused save onto the form: the server's `fieldErrors` on their fields, and the
 * conflict codes that belong to one field (code exists, name exists) on that field.
 * Returns false when nothing fitted a field; the caller then shows a toast.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  codeFields: Partial<Record<string, Path<T>>> = {},
): boolean {
  if (!isApiError(error)) return false;
  let isApplied = false;
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
    const path = fields.find((candidate) => candidate === field);
    const message = translateFieldMessage(messages[0]);
    if (path && message) {
      setError(path, { type: 'server', message });
      isApplied = true;
    }
  }
  const codeField = codeFields[error.code];
  if (codeField) {
    setError(codeField, { type: 'server', message: getErrorMessage(error) });
    isApplied = true;
  }
  return isApplied;
}
