import type { TransactionAnalysisStatus } from '@kontor/domain/payments/transaction-analysis';

/** The badge tone of a payment's analysis state: the same on the transaction and payment-run screens. */
export const ANALYSIS_TONE: Readonly<Record<TransactionAnalysisStatus, 'neutral' | 'success' | 'warning' | 'danger'>> = {
  not_verified: 'neutral',
  trusted: 'success',
  warning: 'warning',
  suspicious: 'danger',
  blocked: 'danger',
  marked_ok: 'success',
  not_ok: 'danger',
};
