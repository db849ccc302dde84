import type { ErrorParams } from '@kontor/domain/errors';
import { errorMessagesLoaded } from './i18n';

/** A failed API call: the HTTP status plus the server's error body (`{code, message, params?, fieldErrors?}`). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly params: ErrorParams | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    params?: ErrorParams | undefined;
    fieldErrors?: Record<string, string[]> | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.params = init.params;
    this.fieldErrors = init.fieldErrors;
  }
}

/** The client-side code for "the server could not be reached"; it has no HTTP status. */
export const NETWORK_ERROR_CODE = 'network_error';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function hasErrorCode(error: unknown, code: string): boolean {
  return isApiError(error) && error.code === code;
}

/** The code to assume when an answer carries no readable error body. */
export function fallbackCodeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'validation_failed';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'stale_version';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return 'internal';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readParams(value: unknown): ErrorParams | undefined {
  if (!isRecord(value)) return undefined;
  const params: ErrorParams = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string' || typeof entry === 'number') params[key] = entry;
  }
  return params;
}

function readFieldErrors(value: unknown): Record<string, string[]> | undefined {
  if (!isRecord(value)) return undefined;
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (Array.isArray(entry)) fieldErrors[key] = entry.filter((item): item is string => typeof item === 'string');
  }
  return fieldErrors;
}

/**
 * Builds an ApiError from a failed response, whatever its body looks like; only once the error
 * catalogue is loaded, so that whoever shows the error finds its translation.
 */
export async function readApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  await errorMessagesLoaded();
  if (isRecord(body) && typeof body.code === 'string') {
    return new ApiError({
      status: response.status,
      code: body.code,
      message: typeof body.message === 'string' ? body.message : response.statusText,
      params: readParams(body.params),
      fieldErrors: readFieldErrors(body.fieldErrors),
    });
  }
  return new ApiError({
    status: response.status,
    code: fallbackCodeForStatus(response.status),
    message: response.statusText || `HTTP ${response.status}`,
  });
}
