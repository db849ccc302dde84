import { addDaysIso, isIsoDate } from '../dates';
import { OPEN_RECEIVABLE_STATUSES, isOpenReceivable, type ReceivableStatus } from './receivable-status';

/** How a due date reads on a given day: "due in 3 days", "due today", "5 days overdue". */
export interface DueDescription {
  kind: 'due_in' | 'due_today' | 'overdue';
  /** Calendar days between today and the due date: ≥ 1 for due_in and overdue, 0 for due_today. */
  days: number;
}

const DAY_MS = 86_400_000;

/**
 * Calendar days from `from` to `to` (negative when `to` is earlier). Both read as UTC midnight, so
 * a daylight-saving change (a 23- or 25-hour local day) never shifts the count. dates.ts has day
 * arithmetic but no difference, hence this one.
 */
export function daysBetweenIso(from: string, to: string): number {
  if (!isIsoDate(from) || !isIsoDate(to)) throw new RangeError(`not ISO dates: ${from}, ${to}`);
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** `today` is the business day (dates.ts `todayIso`), passed in so that every caller agrees on it. */
export function describeDue(dueDate: string, today: string): DueDescription {
  const days = daysBetweenIso(today, dueDate);
  if (days > 0) return { kind: 'due_in', days };
  if (days < 0) return { kind: 'overdue', days: -days };
  return { kind: 'due_today', days: 0 };
}

/**
 * The receivables list's quick filters. They only ever show open receivables: a paid, canceled or
 * transferred invoice is neither overdue nor due. `due_in_7_days` means the next seven days after
 * today (today has its own filter), so the three date filters never overlap.
 */
export const RECEIVABLE_QUICK_FILTERS = ['overdue', 'due_today', 'due_in_7_days', 'all_outstanding'] as const;
export type ReceivableQuickFilter = (typeof RECEIVABLE_QUICK_FILTERS)[number];

/** Days ahead that `due_in_7_days` covers. */
export const RECEIVABLE_DUE_SOON_DAYS = 7;

/**
 * A quick filter as a query: the statuses and the inclusive due-date range (null = open-ended), so
 * that a repository filters in SQL with the same bounds `matchesQuickFilter` uses.
 */
export interface QuickFilterRange {
  statuses: readonly ReceivableStatus[];
  dueFrom: string | null;
  dueTo: string | null;
}

export function quickFilterDueRange(filter: ReceivableQuickFilter, today: string): QuickFilterRange {
  const statuses = OPEN_RECEIVABLE_STATUSES;
  switch (filter) {
    case 'overdue':
      return { statuses, dueFrom: null, dueTo: addDaysIso(today, -1) };
    case 'due_today':
      return { statuses, dueFrom: today, dueTo: today };
    case 'due_in_7_days':
      return { statuses, dueFrom: addDaysIso(today, 1), dueTo: addDaysIso(today, RECEIVABLE_DUE_SOON_DAYS) };
    case 'all_outstanding':
      return { statuses, dueFrom: null, dueTo: null };
  }
}

export function matchesQuickFilter(
  filter: ReceivableQuickFilter,
  receivable: { status: ReceivableStatus; dueDate: string },
  today: string,
): boolean {
  if (!isOpenReceivable(receivable.status)) return false;
  const due = describeDue(receivable.dueDate, today);
  switch (filter) {
    case 'overdue':
      return due.kind === 'overdue';
    case 'due_today':
      return due.kind === 'due_today';
    case 'due_in_7_days':
      return due.kind === 'due_in' && due.days <= RECEIVABLE_DUE_SOON_DAYS;
    case 'all_outstanding':
      return true;
  }
}
