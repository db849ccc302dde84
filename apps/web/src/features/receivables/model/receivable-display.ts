import { describeDue, type DueDescription } from '@kontor/domain/receivables/receivable-due';
import { isOpenReceivable, nextReceivableStatus, type ReceivableStatus } from '@kontor/domain/receivables/receivable-status';

export type Tone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

/** How each status looks as a badge: open ones stand out, settled ones recede. */
export const RECEIVABLE_STATUS_TONES: Record<ReceivableStatus, Tone> = {
  draft: 'neutral',
  outstanding: 'primary',
  partially_paid: 'warning',
  paid: 'success',
  canceled: 'danger',
  transferred: 'info',
};

interface Amounts {
  totalAmount: number;
  paidAmount: number;
}

/**
 * What is still to be received, with the total's sign: the server keeps `paidAmount` absolute (a
 * refund on a credit note counts positive too), the total carries the sign of the document.
 */
export function openAmountOf({ totalAmount, paidAmount }: Amounts): number {
  const open = Math.max(Math.abs(totalAmount) - paidAmount, 0);
  return totalAmount < 0 ? -open : open;
}

/** "due in 3 days", "due today" or "5 days overdue" — only while money is still owed; null otherwise. */
export function dueStateOf(receivable: { status: ReceivableStatus; dueDate: string }, today: string): DueDescription | null {
  if (!isOpenReceivable(receivable.status)) return null;
  try {
    return describeDue(receivable.dueDate, today);
  } catch {
    // A malformed date from an old record: no label rather than a crashed list.
    return null;
  }
}

/**
 * Whether the invoice's fields may be changed: the transition table allows editing a draft, and
 * an issued invoice only while nothing has been paid of it (a restored one may carry payments).
 */
export function isReceivableEditable(receivable: { status: ReceivableStatus } & Amounts): boolean {
  return (
    nextReceivableStatus(receivable.status, 'edit', {
      paidAmount: receivable.paidAmount,
      totalAmount: Math.abs(receivable.totalAmount),
    }) !== null
  );
}
