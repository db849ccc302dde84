import type { TransactionStatus } from '@kontor/domain/payments/transaction-status';

/** The local calendar day as YYYY-MM-DD: due dates are days in the user's calendar, not instants. */
export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Whole days from `today` to `date` (both YYYY-MM-DD); negative when the date has passed. */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Statuses whose execution date still lies ahead of the money: exported and archived ones are done. */
const PENDING_STATUSES: readonly TransactionStatus[] = ['open', 'planned', 'approved', 'rejected'];

export type DueState = { kind: 'overdue'; days: number } | { kind: 'today' } | { kind: 'due'; days: number } | null;

/** "overdue" / "due today" / "due in N days" for a payment still to be made; null for done ones. */
export function dueState(status: TransactionStatus, executionDate: string, today: string): DueState {
  if (!PENDING_STATUSES.includes(status)) return null;
  const days = daysBetween(today, executionDate);
  if (days < 0) return { kind: 'overdue', days: -days };
  if (days === 0) return { kind: 'today' };
  return { kind: 'due', days };
}

/** The IBAN in groups of four, as banks print it. */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** Only an open payment that is in no run may change its amount, date, remittance and debitor. */
export function isEditable(transaction: { status: TransactionStatus; paymentRun: unknown }): boolean {
  return transaction.status === 'open' && transaction.paymentRun === null;
}
