import type { BankMatchingStatus } from '@kontor/domain/banking/bank-transaction-api';

/**
 * How far a bank transaction or an invoice is matched (issue 62), as a badge's tone: the bank
 * transactions and the invoices show the same status alike without importing each other.
 */
export const MATCHING_STATUS_TONE = {
  not_matched: 'neutral',
  partially_matched: 'warning',
  fully_matched: 'success',
} as const satisfies Record<BankMatchingStatus, string>;
