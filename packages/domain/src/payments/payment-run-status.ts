/**
 * Payment-run status (SPEC §4, issue 7 item 3) as one transition table; `null` means "not allowed".
 *
 * draft → request_approval → in_approval → (the flow engine) approve → approved → export → exported;
 * reject → rejected. Reset clears the approvals and returns the run to draft (also from approved,
 * so a run can be changed after approval, but never once exported). A run is deleted while it is
 * not approved: deleting an approved run needs a reset first, an exported run is a payment record.
 */
import { z } from 'zod';

export const PAYMENT_RUN_STATUSES = ['draft', 'in_approval', 'approved', 'rejected', 'exported'] as const;
export type PaymentRunStatus = (typeof PAYMENT_RUN_STATUSES)[number];

export const PAYMENT_RUN_EVENTS = [
  'request_approval',
  'approve',
  'reject',
  'reset',
  'delete',
  'export',
  'change_transactions',
] as const;
export type PaymentRunEvent = (typeof PAYMENT_RUN_EVENTS)[number];

export const PAYMENT_RUN_TRANSITIONS: Readonly<
  Record<PaymentRunStatus, Readonly<Partial<Record<PaymentRunEvent, PaymentRunStatus | 'deleted'>>>>
> = {
  draft: { request_approval: 'in_approval', delete: 'deleted', change_transactions: 'draft' },
  in_approval: { approve: 'approved', reject: 'rejected', reset: 'draft', delete: 'deleted' },
  approved: { export: 'exported', reset: 'draft' },
  rejected: { reset: 'draft', delete: 'deleted', change_transactions: 'rejected', request_approval: 'in_approval' },
  exported: {},
};

export function nextPaymentRunStatus(status: PaymentRunStatus, event: PaymentRunEvent): PaymentRunStatus | 'deleted' | null {
  return PAYMENT_RUN_TRANSITIONS[status][event] ?? null;
}

export function allowedPaymentRunEvents(status: PaymentRunStatus): PaymentRunEvent[] {
  return PAYMENT_RUN_EVENTS.filter((event) => nextPaymentRunStatus(status, event) !== null);
}

/**
 * A run is open while it can still take transactions: a draft, or a rejected run before it is
 * asked again. In approval, approved and exported runs are frozen; an approved one changes only
 * after a reset clears its approvals (SPEC §4), which is a decision of its own, never a side effect.
 */
export function isPaymentRunOpen(status: PaymentRunStatus): boolean {
  return nextPaymentRunStatus(status, 'change_transactions') !== null;
}

export const OPEN_PAYMENT_RUN_STATUSES: readonly PaymentRunStatus[] = PAYMENT_RUN_STATUSES.filter(isPaymentRunOpen);

export const PAYMENT_RUN_ORIGINS = ['manual', 'automatic'] as const;
export type PaymentRunOrigin = (typeof PAYMENT_RUN_ORIGINS)[number];

export const SEPA_FORMATS = ['pain.001.001.09', 'pain.001.001.03'] as const;
export type SepaFormat = (typeof SEPA_FORMATS)[number];
/** pain.001.001.09 by default (issue 7 item 4); .03 for banks that still want the old version. */
export const DEFAULT_SEPA_FORMAT: SepaFormat = 'pain.001.001.09';

export const paymentRunStatusSchema = z.enum(PAYMENT_RUN_STATUSES);
export const sepaFormatSchema = z.enum(SEPA_FORMATS);
