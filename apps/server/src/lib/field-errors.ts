import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError, isAppError } from './app-error';
import { translateValidation } from './i18n';

/**
 * An error handler for a module whose services report field errors as message keys (ids of another
 * organisation, non-members): it turns them into sentences in the caller's language, like the schema's
 * own field errors, and passes everything on to the app's error handler.
 */
export function translateServiceFieldErrors(error: FastifyError | AppError, request: FastifyRequest): never {
  if (!isAppError(error) || !error.fieldErrors) throw error;
  const fieldErrors = Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, keys]) => [
      field,
      keys.map((key) => translateValidation(key, request.locale)),
    ]),
  );
  throw new AppError(error.code, error.params, { fieldErrors });
}
