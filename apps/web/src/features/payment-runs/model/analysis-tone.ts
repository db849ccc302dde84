import { EXPORT_BLOCKING_ANALYSIS_STATUSES, type TransactionAnalysisStatus } from '@kontor/domain/payments/transaction-analysis';

export const ANALYSIS_TONE: Readonly<Record<TransactionAnalysisStatus, 'neutral' | 'success' | 'warning' | 'danger'>> = {
  not_verified: 'neutral',
  trusted: 'success',
  warning: 'warning',
  suspicious: 'danger',
  blocked: 'danger',
  marked_ok: 'success',
  not_ok: 'danger',
};

/** Analysis states that stop a run's export until someone marks the payment OK (issue 7 item 6). */
export const EXPORT_STOPPING_ANALYSIS: ReadonlySet<TransactionAnalysisStatus> = new Set(EXPORT_BLOCKING_ANALYSIS_STATUSES);
