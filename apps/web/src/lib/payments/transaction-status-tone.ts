import type { TransactionStatus } from '@kontor/domain/payments/transaction-status';

/** The badge tone of a payment's status: the same in the transactions list and on its invoice. */
export const TRANSACTION_STATUS_TONE: Readonly<
  Record<TransactionStatus, 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info'>
> = {
  open: 'info',
  planned: 'primary',
  approved: 'success',
  rejected: 'danger',
  exported: 'success',
  archived: 'neutral',
  cancelled_archived: 'neutral',
};
