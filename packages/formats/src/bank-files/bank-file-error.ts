/**
 * The only error the bank file readers throw: the file as a whole cannot be read (not XML, not
 * the expected message, unknown version). Problems with single entries never throw; they
 * arrive as `skipped` or `warning` items so one bad entry cannot abort a whole statement.
 */
export type BankFileErrorCode = 'not_xml' | 'unexpected_message' | 'unknown_namespace' | 'unsupported_version';

export class BankFileError extends Error {
  readonly code: BankFileErrorCode;

  constructor(code: BankFileErrorCode, message: string) {
    super(message);
    this.name = 'BankFileError';
    this.code = code;
  }
}

export function isBankFileError(error: unknown): error is BankFileError {
  return error instanceof BankFileError;
}
