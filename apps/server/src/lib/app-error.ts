import { statusForError, type ErrorCode, type ErrorParams } from '@kontor/domain';

/** The one error type services throw. The code picks the HTTP status and the translated message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly status: number;

  constructor(code: ErrorCode, params?: ErrorParams, options?: { fieldErrors?: Record<string, string[]>; cause?: unknown }) {
    super(code, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.params = params;
    this.fieldErrors = options?.fieldErrors;
    this.status = statusForError(code);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
