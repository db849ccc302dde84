/**
 * The one error the accounting codecs throw: a booking breaks a rule the target tool cannot take
 * (or a file cannot be read). The server's pre-export check is meant to catch these first, so
 * reaching one is a bug or a race; `code` and `params` let the server name it without parsing
 * the message, and nothing here is user-facing text.
 */
export type AccountingFormatErrorCode =
  | 'character_outside_cp1252'
  | 'amount_not_positive'
  | 'account_missing'
  | 'contra_account_missing'
  | 'date_invalid'
  | 'date_outside_period'
  | 'exchange_rate_invalid'
  | 'base_amount_missing'
  | 'too_many_bookings'
  | 'file_unreadable';

export type AccountingFormatParams = Readonly<Record<string, string | number>>;

export class AccountingFormatError extends Error {
  readonly code: AccountingFormatErrorCode;
  readonly params: AccountingFormatParams;

  constructor(code: AccountingFormatErrorCode, params: AccountingFormatParams = {}) {
    const details = Object.entries(params)
      .map(([key, value]) => `${key}=${String(value)}`)
      .join(', ');
    super(details ? `${code} (${details})` : code);
    this.name = 'AccountingFormatError';
    this.code = code;
    this.params = params;
  }
}

export function isAccountingFormatError(error: unknown): error is AccountingFormatError {
  return error instanceof AccountingFormatError;
}
