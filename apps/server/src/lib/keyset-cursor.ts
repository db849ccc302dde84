import { AppError } from './app-error';

/**
 * Keyset cursors (ARCHITECTURE §4) are opaque to clients: the last row's sort values as a
 * base64url JSON array. Anything that does not decode to an array of the expected length is a
 * validation error on `cursor`, as is whatever the caller's own checks of the values refuse.
 */
export function invalidCursor(): AppError {
  return new AppError('validation_failed', undefined, { fieldErrors: { cursor: ['invalid'] } });
}

export function encodeCursorValues(values: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursorValues(raw: string, length: number): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== length) throw invalidCursor();
  return parsed as unknown[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
