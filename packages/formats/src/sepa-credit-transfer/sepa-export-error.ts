/**
 * Typed refusal of a payment batch. The writer collects every problem before throwing so the
 * caller can show one translated message per payment; nothing here is user-facing text.
 */

export type SepaIssueCode =
  | 'no-payments'
  | 'currency-not-eur'
  | 'remittance-too-long'
  | 'end-to-end-id-invalid'
  | 'end-to-end-id-duplicate'
  | 'message-id-invalid'
  | 'created-at-invalid'
  | 'execution-date-invalid'
  | 'amount-invalid'
  | 'iban-invalid'
  | 'bic-invalid'
  | 'name-empty';

export interface SepaIssue {
  code: SepaIssueCode;
  /** Index into batch.payments; absent for batch-level issues. */
  paymentIndex?: number;
  endToEndId?: string;
  /** Which field, e.g. 'currency', 'debtor.iban', 'initiatingPartyName'. */
  field: string;
  /** The offending input value, for the message and the log. */
  value?: string;
}

export class SepaExportError extends Error {
  readonly issues: readonly SepaIssue[];

  constructor(issues: readonly SepaIssue[]) {
    const codes = [...new Set(issues.map((issue) => issue.code))].join(', ');
    super(`SEPA export refused (${issues.length} issue(s): ${codes})`);
    this.name = 'SepaExportError';
    this.issues = issues;
  }

  /** The payments refused for a given reason, e.g. all non-EUR payments. */
  paymentsWith(code: SepaIssueCode): SepaIssue[] {
    return this.issues.filter((issue) => issue.code === code && issue.paymentIndex !== undefined);
  }
}

export function isSepaExportError(error: unknown): error is SepaExportError {
  return error instanceof SepaExportError;
}
