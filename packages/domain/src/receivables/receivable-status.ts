/**
 * Statuses of an outgoing invoice (accounts receivable) and the one table of allowed transitions
 * (ARCHITECTURE §3.5). Services ask `nextReceivableStatus` before they change a status. Kept free
 * of zod so that list screens load no schema code.
 */
export const RECEIVABLE_STATUSES = ['draft', 'outstanding', 'partially_paid', 'paid', 'canceled', 'transferred'] as const;
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number];

export const RECEIVABLE_ACTIONS = ['issue', 'edit', 'record_payment', 'mark_unpaid', 'cancel', 'restore', 'transfer'] as const;
export type ReceivableAction = (typeof RECEIVABLE_ACTIONS)[number];

/**
 * How much of the receivable is paid, both in absolute minor units: `paidAmount` is everything
 * received so far including the payment being recorded. A credit note's caller passes absolute
 * amounts too, so that "paid in full" reads the same for money in and money out.
 */
export interface ReceivablePayment {
  paidAmount: number;
  totalAmount: number;
}

/**
 * A cell of the table. Most cells name the next status; three depend on facts outside the status:
 * - `by_payment`: recording a payment ends in `paid` once the total is covered, else `partially_paid`;
 * - `unless_paid`: editing an issued invoice is allowed only while nothing is paid on it (an
 *   outstanding invoice restored from a cancel or a transfer may carry earlier payments);
 * - `by_prior_status`: where `restore` takes a canceled receivable depends on what was canceled.
 */
export type ReceivableTransition =
  | ReceivableStatus
  | { kind: 'by_payment' }
  | { kind: 'unless_paid'; to: ReceivableStatus }
  | { kind: 'by_prior_status'; byPriorStatus: Partial<Record<ReceivableStatus, ReceivableStatus>>; otherwise: ReceivableStatus };

/**
 * status → action → next status. Anything not listed is refused. A canceled draft restores to a
 * draft (it was never sent, so it must not appear as owed), anything else canceled to
 * `outstanding`; a transfer to a collection agency or factor is undone to `outstanding`.
 */
export const RECEIVABLE_TRANSITIONS: Readonly<Record<ReceivableStatus, Partial<Record<ReceivableAction, ReceivableTransition>>>> =
  {
    draft: { issue: 'outstanding', edit: 'draft', cancel: 'canceled' },
    outstanding: {
      edit: { kind: 'unless_paid', to: 'outstanding' },
      record_payment: { kind: 'by_payment' },
      cancel: 'canceled',
      transfer: 'transferred',
    },
    partially_paid: {
      record_payment: { kind: 'by_payment' },
      mark_unpaid: 'outstanding',
      cancel: 'canceled',
      transfer: 'transferred',
    },
    paid: { mark_unpaid: 'outstanding' },
    canceled: { restore: { kind: 'by_prior_status', byPriorStatus: { draft: 'draft' }, otherwise: 'outstanding' } },
    transferred: { restore: 'outstanding' },
  };

/**
 * The status `action` moves a receivable in `status` to, or null when it is refused.
 *
 * - `record_payment` needs `payment` (refused without it, or when nothing is paid).
 * - `edit` of an outstanding receivable is refused when `payment` shows money received; without
 *   `payment` nothing is known to be paid. Pass it whenever the receivable may carry payments.
 * - `restore` of a canceled receivable answers for an issued one (`outstanding`). The status it had
 *   before the cancel is not a status of its own, so ask `restoreTarget(priorStatus)` when restoring
 *   a canceled receivable: it sends a canceled draft back to `draft`.
 */
export function nextReceivableStatus(
  status: ReceivableStatus,
  action: ReceivableAction,
  payment?: ReceivablePayment,
): ReceivableStatus | null {
  return resolveTransition(RECEIVABLE_TRANSITIONS[status][action], payment, null);
}

/**
 * Where `restore` takes a canceled receivable, given the status it was canceled from (null when
 * unknown: restored as issued, the safe side for a receivable that may have been sent).
 */
export function restoreTarget(priorStatus: ReceivableStatus | null): ReceivableStatus {
  const target = resolveTransition(RECEIVABLE_TRANSITIONS.canceled.restore, undefined, priorStatus);
  // The table always has canceled + restore; the fallback only satisfies the type.
  return target ?? 'outstanding';
}

function resolveTransition(
  transition: ReceivableTransition | undefined,
  payment: ReceivablePayment | undefined,
  priorStatus: ReceivableStatus | null,
): ReceivableStatus | null {
  if (transition === undefined) return null;
  if (typeof transition === 'string') return transition;
  switch (transition.kind) {
    case 'by_payment':
      if (!payment || !isPaymentKnown(payment) || payment.paidAmount <= 0) return null;
      return payment.paidAmount >= payment.totalAmount ? 'paid' : 'partially_paid';
    case 'unless_paid':
      return payment && payment.paidAmount !== 0 ? null : transition.to;
    case 'by_prior_status':
      return (priorStatus !== null ? transition.byPriorStatus[priorStatus] : undefined) ?? transition.otherwise;
  }
}

function isPaymentKnown(payment: ReceivablePayment): boolean {
  return Number.isSafeInteger(payment.paidAmount) && Number.isSafeInteger(payment.totalAmount);
}

/** The actions the table lists for a status; payment-dependent ones may still be refused. */
export function allowedReceivableActions(status: ReceivableStatus): ReceivableAction[] {
  return RECEIVABLE_ACTIONS.filter((action) => RECEIVABLE_TRANSITIONS[status][action] !== undefined);
}

/** Statuses in which the customer still owes money to the organisation (reminders, quick filters). */
export const OPEN_RECEIVABLE_STATUSES: readonly ReceivableStatus[] = ['outstanding', 'partially_paid'];

export function isOpenReceivable(status: ReceivableStatus): boolean {
  return OPEN_RECEIVABLE_STATUSES.includes(status);
}
