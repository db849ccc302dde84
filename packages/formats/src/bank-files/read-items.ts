/** Items both readers yield besides their own records. */

/** Where an item came from: 1-based line of its start tag and 0-based indexes of its parents. */
export interface ItemPosition {
  readonly line: number;
  readonly statementIndex?: number;
  readonly entryIndex?: number;
  readonly transactionIndex?: number;
  readonly paymentInfoIndex?: number;
}

export type SkipReason =
  | 'missing_amount'
  | 'malformed_amount'
  | 'missing_currency'
  | 'invalid_currency'
  | 'missing_credit_debit'
  | 'malformed_date'
  | 'invalid_iban'
  | 'missing_creditor_account'
  | 'malformed_xml';

/** An entry that yields no record, with the reason; the rest of the file is still read. */
export interface SkippedItem {
  readonly kind: 'skipped';
  readonly reason: SkipReason;
  readonly message: string;
  readonly position: ItemPosition;
}

export type WarningCode =
  | 'xml_error'
  | 'markup_repaired'
  | 'invalid_iban'
  | 'malformed_date'
  | 'malformed_balance'
  | 'malformed_number'
  | 'control_sum_mismatch'
  | 'transaction_count_mismatch';

/** Something is off but the meaning is clear enough to go on (the record is still yielded). */
export interface WarningItem {
  readonly kind: 'warning';
  readonly code: WarningCode;
  readonly message: string;
  readonly position: ItemPosition;
}

/** First item of every file: which message and version was detected. */
export interface DocumentItem {
  readonly kind: 'document';
  readonly message: 'camt.053' | 'pain.001';
  /** e.g. "001.02"; "002.03" for the German DK variants of pain.001. */
  readonly version: string;
  readonly namespace: string;
}

export interface Progress {
  readonly bytesRead: number;
  /** As given in the options (e.g. the upload's Content-Length); null when unknown. */
  readonly totalBytes: number | null;
}

export interface ReadOptions {
  readonly onProgress?: (progress: Progress) => void;
  readonly totalBytes?: number;
}
