/**
 * Automatic payment-run creation (SPEC §9, issue 7 item 3), pure: given the organisation's
 * PaymentRunCreationStrategy, `today` and the open transactions, say whether a run is due today and
 * which transactions (by requested execution date) go into it. The scheduled job does the rest.
 *
 * - disabled: never.
 * - days_before_due N: every day; takes the open transactions whose requested execution date is at
 *   most N days after today (overdue ones included). No transaction → no run.
 * - scheduled_weekdays: only on the listed ISO weekdays. Takes the transactions due up to today;
 *   with includeAllDueUntilNextRun also those due up to and including the next scheduled run day
 *   (a payment keeps its own requested execution date in the file, so including it early never
 *   pays it early, and nothing due on the next run day waits for that run's approval).
 */
import type { PaymentRunCreationStrategy } from '../organization';
import { addDaysIso, isoWeekday } from '../dates';

export interface OpenTransactionForRun {
  id: string;
  requestedExecutionDate: string;
}

export interface PaymentRunPlan {
  /** Whether the strategy creates a run today (false when there is nothing to put in it). */
  createRun: boolean;
  /** Whether today is a run day of the strategy at all. */
  runDay: boolean;
  /** Transactions with a requested execution date up to and including this date go in; null when no run day. */
  includeUntil: string | null;
  transactionIds: string[];
}

/** The first scheduled weekday strictly after `today` (within the next 7 days). */
export function nextScheduledRunDate(weekdays: readonly number[], today: string): string {
  for (let offset = 1; offset <= 7; offset += 1) {
    const date = addDaysIso(today, offset);
    if (weekdays.includes(isoWeekday(date))) return date;
  }
  return addDaysIso(today, 7);
}

/** The last requested execution date a run created today takes, or null when today is no run day. */
export function paymentRunWindowEnd(strategy: PaymentRunCreationStrategy, today: string): string | null {
  switch (strategy.mode) {
    case 'disabled':
      return null;
    case 'days_before_due':
      return addDaysIso(today, strategy.daysBeforeDue);
    case 'scheduled_weekdays':
      if (!strategy.weekdays.includes(isoWeekday(today))) return null;
      return strategy.includeAllDueUntilNextRun ? nextScheduledRunDate(strategy.weekdays, today) : today;
  }
}

/** Only transactions that are open and in no run should be passed in. The result keeps their order. */
export function planPaymentRun(
  strategy: PaymentRunCreationStrategy,
  today: string,
  openTransactions: readonly OpenTransactionForRun[],
): PaymentRunPlan {
  const includeUntil = paymentRunWindowEnd(strategy, today);
  if (includeUntil === null) return { createRun: false, runDay: false, includeUntil: null, transactionIds: [] };
  const transactionIds = openTransactions
    .filter((transaction) => transaction.requestedExecutionDate <= includeUntil)
    .map((transaction) => transaction.id);
  return { createRun: transactionIds.length > 0, runDay: true, includeUntil, transactionIds };
}
