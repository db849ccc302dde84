import { EXPORT_BLOCKING_ANALYSIS_STATUSES, type TransactionAnalysisStatus } from '@kontor/domain/payments/transaction-analysis';

/** Analysis states that stop a run's export until someone marks the payment OK (issue 7 item 6). */
export const EXPORT_STOPPING_ANALYSIS: ReadonlySet<TransactionAnalysisStatus> = new Set(EXPORT_BLOCKING_ANALYSIS_STATUSES);
