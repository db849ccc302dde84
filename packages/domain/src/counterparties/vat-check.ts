/**
 * The VAT number check (SPEC §4, issue 6 item 6) as data, like the verification machines in
 * verification.ts; a module of its own because the counterparty record (counterparty-record.ts)
 * carries its state, and verification.ts depends on that record.
 */
import { z } from 'zod';
import { vatNumberProblem, type VatNumberProblem } from '../vat';

type Instant = Date | string;
const millis = (value: Instant): number => (typeof value === 'string' ? Date.parse(value) : value.getTime());
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * SPEC §4: validated on a date, pending, failed (retried), invalid. The format is checked at once
 * (a bad format is invalid without asking VIES); then a job asks VIES. pending: asked, no answer
 * yet. failed: VIES was offline or failing; `nextRetryAt` is when the job asks again, null once
 * the attempts are used up (a user's "check again" starts afresh).
 */
export const VAT_CHECK_STATUSES = ['pending', 'validated', 'failed', 'invalid'] as const;
export type VatCheckStatus = (typeof VAT_CHECK_STATUSES)[number];

export type VatCheckInvalidReason = VatNumberProblem | 'vies';

export type VatCheckState =
  | { status: 'pending'; requestedAt: string }
  | { status: 'validated'; validatedAt: string }
  | { status: 'failed'; attempts: number; lastAttemptAt: string; nextRetryAt: string | null }
  | { status: 'invalid'; checkedAt: string; reason: VatCheckInvalidReason };

export const VAT_CHECK_EVENT_TYPES = ['request', 'vies_valid', 'vies_invalid', 'vies_unavailable'] as const;
export type VatCheckEventType = (typeof VAT_CHECK_EVENT_TYPES)[number];

export type VatCheckEvent =
  /** A new or changed number (its format already passed), or a user's "check again". */
  | { type: 'request'; at: Instant }
  | { type: 'vies_valid'; at: Instant }
  | { type: 'vies_invalid'; at: Instant }
  /** Offline, time-out, or VIES's own MS_UNAVAILABLE / SERVICE_UNAVAILABLE answers. */
  | { type: 'vies_unavailable'; at: Instant };

export const VAT_CHECK_TRANSITIONS: Readonly<
  Record<VatCheckStatus, Readonly<Partial<Record<VatCheckEventType, VatCheckStatus>>>>
> = {
  // Requesting again while pending re-queues the check (a lost job must not strand the number).
  pending: { request: 'pending', vies_valid: 'validated', vies_invalid: 'invalid', vies_unavailable: 'failed' },
  validated: { request: 'pending' },
  // VIES answers only while a retry is scheduled (nextRetryAt not null); see nextVatCheckState.
  failed: { request: 'pending', vies_valid: 'validated', vies_invalid: 'invalid', vies_unavailable: 'failed' },
  invalid: { request: 'pending' },
};

/** Attempts (the first included) before the check gives up and stays failed. */
export const VAT_CHECK_MAX_ATTEMPTS = 10;
export const VAT_CHECK_RETRY_BASE_MS = 5 * 60 * 1000;
export const VAT_CHECK_RETRY_MAX_DELAY_MS = 6 * 60 * 60 * 1000;

/**
 * Exponential back-off after `attempt` failed attempts (1-based): 5 min, 10, 20, 40, 80, 160, 320,
 * then 6 h, until VAT_CHECK_MAX_ATTEMPTS, together about a day (VIES outages of a member state
 * last hours). null: no further retry. No jitter here, so it stays pure; the job may add some.
 */
export function nextVatCheckRetry(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt >= VAT_CHECK_MAX_ATTEMPTS) return null;
  return Math.min(VAT_CHECK_RETRY_BASE_MS * 2 ** (attempt - 1), VAT_CHECK_RETRY_MAX_DELAY_MS);
}

const iso = (value: Instant): string => new Date(millis(value)).toISOString();

/** The first state for a number: invalid at once for a bad format, otherwise pending for VIES. */
export function initialVatCheckState(vatNumber: string, now: Instant): VatCheckState {
  const problem = vatNumberProblem(vatNumber);
  return problem ? { status: 'invalid', checkedAt: iso(now), reason: problem } : { status: 'pending', requestedAt: iso(now) };
}

export function nextVatCheckState(state: VatCheckState, event: VatCheckEvent): VatCheckState | null {
  const target = VAT_CHECK_TRANSITIONS[state.status][event.type];
  if (!target) return null;
  // A failed check that gave up is not waiting for VIES; only a new request asks again.
  if (state.status === 'failed' && state.nextRetryAt === null && event.type !== 'request') return null;
  const at = iso(event.at);
  switch (event.type) {
    case 'request':
      return { status: 'pending', requestedAt: at };
    case 'vies_valid':
      return { status: 'validated', validatedAt: at };
    case 'vies_invalid':
      return { status: 'invalid', checkedAt: at, reason: 'vies' };
    case 'vies_unavailable': {
      const attempts = state.status === 'failed' ? state.attempts + 1 : 1;
      const delay = nextVatCheckRetry(attempts);
      return {
        status: 'failed',
        attempts,
        lastAttemptAt: at,
        nextRetryAt: delay === null ? null : new Date(millis(event.at) + delay).toISOString(),
      };
    }
  }
}

/** Whether the job should ask VIES now. */
export function isVatCheckDue(state: VatCheckState, now: Instant): boolean {
  if (state.status === 'pending') return true;
  return state.status === 'failed' && state.nextRetryAt !== null && millis(state.nextRetryAt) <= millis(now);
}

export const vatCheckStatusSchema = z.enum(VAT_CHECK_STATUSES);

export const vatCheckStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending'), requestedAt: isoDateTime }),
  z.object({ status: z.literal('validated'), validatedAt: isoDateTime }),
  z.object({
    status: z.literal('failed'),
    attempts: z.number().int().min(1),
    lastAttemptAt: isoDateTime,
    nextRetryAt: isoDateTime.nullable(),
  }),
  z.object({
    status: z.literal('invalid'),
    checkedAt: isoDateTime,
    reason: z.enum(['format', 'country', 'checksum', 'vies']),
  }),
]);
