import { openAmountOf } from './receivable-display';

interface Payable {
  totalAmount: number;
  paidAmount: number;
}

export interface PaymentValues {
  /** YYYY-MM-DD; null while empty. */
  paidOn: string | null;
  /** Minor units, absolute; null while empty, NaN while unreadable. */
  amount: number | null;
}

/** The dialog's start: received today, the whole open amount. */
export function paymentDefaults(receivable: Payable, today: string): PaymentValues {
  return { paidOn: today, amount: Math.abs(openAmountOf(receivable)) };
}

/** What recording `amount` makes of the invoice: paid once the open amount is covered, else partially paid. */
export function paymentOutcome(receivable: Payable, amount: number | null): 'paid' | 'partially_paid' | null {
  const open = Math.abs(openAmountOf(receivable));
  if (amount === null || !Number.isSafeInteger(amount) || amount <= 0 || amount > open) return null;
  return amount === open ? 'paid' : 'partially_paid';
}

/**
 * The server's limits beyond the schema (arMarkPaidSchema checks the shape): no payment dated
 * after today (422 ar_invoice_paid_in_future), none above what is open (exceeds_open). Checked
 * before sending so that the dialog says it at the field.
 */
export function paymentLimitErrors(
  receivable: Payable,
  values: PaymentValues,
  today: string,
): { paidOn?: 'paidInFuture'; amount?: 'exceedsOpen' } {
  const errors: { paidOn?: 'paidInFuture'; amount?: 'exceedsOpen' } = {};
  if (values.paidOn && /^\d{4}-\d{2}-\d{2}$/.test(values.paidOn) && values.paidOn > today) errors.paidOn = 'paidInFuture';
  if (typeof values.amount === 'number' && values.amount > Math.abs(openAmountOf(receivable))) errors.amount = 'exceedsOpen';
  return errors;
}
