/**
 * Counterparty verification (SPEC §4, issue 6 items 4–6) as data: the bank-account verification by
 * e-mail and the executive verification by named verifiers (the VAT number check is in vat-check.ts). Every machine is
 * one transition table plus a pure function that reads it; `null` means "this event does not apply
 * in this state" (the server refuses a user action with it and ignores a late or repeated webhook).
 * Times in states are ISO 8601 strings because the API carries them; functions take `now` as a Date.
 */
import { z } from 'zod';
import { normalizeIban } from '../iban';
import { requiredIbanSchema } from './counterparty-record';

type Instant = Date | string;
const millis = (value: Instant): number => (typeof value === 'string' ? Date.parse(value) : value.getTime());
const isoDateTime = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------------------------------------
// (a) Bank-account verification by e-mail
// ---------------------------------------------------------------------------------------------

/**
 * not_started → started (token made, e-mail queued) → invitation_sent (handed to the outbox)
 * → received (the outbox confirmed delivery into the mailbox: the local mailbox without an SMTP
 * relay; a relay's acceptance is not delivery) → opened (the public page was
 * opened) → completed with match or mismatch. not_received: the e-mail bounced, or the link expired
 * before the counterparty confirmed an IBAN.
 */
export const EMAIL_VERIFICATION_STATUSES = [
  'not_started',
  'started',
  'invitation_sent',
  'received',
  'opened',
  'completed',
  'not_received',
] as const;
export type EmailVerificationStatus = (typeof EMAIL_VERIFICATION_STATUSES)[number];

export const EMAIL_VERIFICATION_RESULTS = ['match', 'mismatch'] as const;
/** A mismatch is loud in the UI (issue 6 item 4): the IBAN the counterparty expects differs from ours. */
export type EmailVerificationResult = (typeof EMAIL_VERIFICATION_RESULTS)[number];

/** Statuses with an invitation out: the counterparty may still answer. */
export const EMAIL_VERIFICATION_IN_FLIGHT: readonly EmailVerificationStatus[] = [
  'started',
  'invitation_sent',
  'received',
  'opened',
];

export const EMAIL_VERIFICATION_EVENT_TYPES = [
  'start',
  'send_invitation',
  'delivery_confirmed',
  'delivery_failed',
  'link_opened',
  'confirm_iban',
  'expire',
  'resend',
] as const;
export type EmailVerificationEventType = (typeof EMAIL_VERIFICATION_EVENT_TYPES)[number];

export type EmailVerificationEvent =
  /** A new verification run for the bank account's IBAN (a snapshot: a later edit of the account does not change it). */
  | { type: 'start'; iban: string }
  | { type: 'send_invitation' }
  | { type: 'delivery_confirmed' }
  | { type: 'delivery_failed' }
  /** Repeatable: mail scanners and the counterparty may open the link more than once. */
  | { type: 'link_opened' }
  | { type: 'confirm_iban'; submittedIban: string }
  /** The token's lifetime ended without a confirmation. */
  | { type: 'expire' }
  /** A new token and e-mail for the same IBAN; the server invalidates the previous token. */
  | { type: 'resend' };

export type EmailVerificationState =
  | { status: 'not_started' }
  | { status: 'started' | 'invitation_sent' | 'received' | 'opened' | 'not_received'; iban: string }
  | { status: 'completed'; iban: string; submittedIban: string; result: EmailVerificationResult };

/** The one table: for each status, the events it accepts and the status they lead to. */
export const EMAIL_VERIFICATION_TRANSITIONS: Readonly<
  Record<EmailVerificationStatus, Readonly<Partial<Record<EmailVerificationEventType, EmailVerificationStatus>>>>
> = {
  not_started: { start: 'started' },
  started: { send_invitation: 'invitation_sent', delivery_failed: 'not_received', expire: 'not_received' },
  // No delivery report is required: a link can be opened straight after sending (local mailbox).
  invitation_sent: {
    delivery_confirmed: 'received',
    delivery_failed: 'not_received',
    link_opened: 'opened',
    expire: 'not_received',
    resend: 'started',
  },
  received: { link_opened: 'opened', expire: 'not_received', resend: 'started' },
  opened: { link_opened: 'opened', confirm_iban: 'completed', expire: 'not_received', resend: 'started' },
  // A finished run is kept as history; verifying again is a new run (possibly for a changed IBAN).
  completed: { start: 'started' },
  not_received: { start: 'started', resend: 'started' },
};

/** match when both IBANs are the same after normalising (spaces, case). */
export function compareIbans(expected: string, submitted: string): EmailVerificationResult {
  return normalizeIban(expected) === normalizeIban(submitted) ? 'match' : 'mismatch';
}

/** The state after `event`, or null when the table has no such transition. */
export function nextVerificationState(
  state: EmailVerificationState,
  event: EmailVerificationEvent,
): EmailVerificationState | null {
  const target = EMAIL_VERIFICATION_TRANSITIONS[state.status][event.type];
  if (!target) return null;
  if (event.type === 'start') return { status: 'started', iban: normalizeIban(event.iban) };
  // Every other transition leaves a state that has an IBAN (only `start` leaves not_started).
  if (state.status === 'not_started') return null;
  const iban = state.iban;
  if (event.type === 'confirm_iban') {
    const submittedIban = normalizeIban(event.submittedIban);
    return { status: 'completed', iban, submittedIban, result: compareIbans(iban, submittedIban) };
  }
  if (target === 'not_started' || target === 'completed') return null;
  return { status: target, iban };
}

export function canApplyVerificationEvent(status: EmailVerificationStatus, type: EmailVerificationEventType): boolean {
  return EMAIL_VERIFICATION_TRANSITIONS[status][type] !== undefined;
}

/** How long the link in the e-mail can be used (not in SPEC; a week is what such links usually get). */
export const EMAIL_VERIFICATION_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type VerificationTokenProblem = 'used' | 'expired';

export interface VerificationTokenTimes {
  expiresAt: Instant;
  /**
   * Set when the counterparty confirms an IBAN, not when the page is opened: mail scanners open
   * links, and they must not use up the counterparty's single use.
   */
  usedAt: Instant | null;
  now: Instant;
}

/** Why the public page refuses a token (a used token wins over an expired one), or null when usable. */
export function verificationTokenProblem({ expiresAt, usedAt, now }: VerificationTokenTimes): VerificationTokenProblem | null {
  if (usedAt !== null) return 'used';
  return millis(now) < millis(expiresAt) ? null : 'expired';
}

/** Signed, expiring, single-use (issue 6 item 4): usable when never used and `now` is before `expiresAt`. */
export function isVerificationTokenUsable(times: VerificationTokenTimes): boolean {
  return verificationTokenProblem(times) === null;
}

export const emailVerificationStatusSchema = z.enum(EMAIL_VERIFICATION_STATUSES);
export const emailVerificationResultSchema = z.enum(EMAIL_VERIFICATION_RESULTS);

export const emailVerificationStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('not_started') }),
  z.object({
    status: z.enum(['started', 'invitation_sent', 'received', 'opened', 'not_received']),
    iban: z.string(),
  }),
  z.object({
    status: z.literal('completed'),
    iban: z.string(),
    submittedIban: z.string(),
    result: emailVerificationResultSchema,
  }),
]);

/** What the public verification page posts: the IBAN the counterparty expects to be paid to. */
export const confirmIbanBodySchema = z.object({ iban: requiredIbanSchema });
export type ConfirmIbanBody = z.infer<typeof confirmIbanBodySchema>;

// ---------------------------------------------------------------------------------------------
// (b) Executive verification
// ---------------------------------------------------------------------------------------------

/** Per verifier (SPEC §4): request sent, approved or rejected. A decision is final. */
export const EXECUTIVE_DECISIONS = ['request_sent', 'approved', 'rejected'] as const;
export type ExecutiveDecision = (typeof EXECUTIVE_DECISIONS)[number];

export const EXECUTIVE_DECISION_EVENTS = ['approve', 'reject'] as const;
export type ExecutiveDecisionEvent = (typeof EXECUTIVE_DECISION_EVENTS)[number];

export const EXECUTIVE_DECISION_TRANSITIONS: Readonly<
  Record<ExecutiveDecision, Readonly<Partial<Record<ExecutiveDecisionEvent, ExecutiveDecision>>>>
> = {
  request_sent: { approve: 'approved', reject: 'rejected' },
  approved: {},
  rejected: {},
};

export function nextExecutiveDecision(decision: ExecutiveDecision, event: ExecutiveDecisionEvent): ExecutiveDecision | null {
  return EXECUTIVE_DECISION_TRANSITIONS[decision][event] ?? null;
}

/** The organisation's setting (SPEC §4): one verifier, all of them, or a custom number. */
export type RequiredVerifiersPolicy = 'one' | 'all' | { custom: number };

export const MAX_CUSTOM_REQUIRED_VERIFIERS = 20;

export const requiredVerifiersPolicySchema = z.union([
  z.literal('one'),
  z.literal('all'),
  z.object({ custom: z.number().int().min(1).max(MAX_CUSTOM_REQUIRED_VERIFIERS) }),
]);

/** Approvals needed from `verifierCount` named verifiers; never fewer than one. */
export function requiredApprovals(policy: RequiredVerifiersPolicy, verifierCount: number): number {
  if (policy === 'one') return 1;
  if (policy === 'all') return Math.max(1, verifierCount);
  return Math.max(1, policy.custom);
}

/**
 * pending → approved or rejected by the verifiers' decisions (executiveVerificationOutcome), or
 * → superseded when the bank account's IBAN changes or the account is removed while the request is
 * open: the verifiers were asked about an IBAN the account no longer has, so nobody may approve it.
 */
export const EXECUTIVE_VERIFICATION_OUTCOMES = ['pending', 'approved', 'rejected', 'superseded'] as const;
export type ExecutiveVerificationOutcome = (typeof EXECUTIVE_VERIFICATION_OUTCOMES)[number];

/** The outcome of a request whose IBAN is no longer the account's, or null when it is closed already. */
export function supersedeExecutiveOutcome(outcome: ExecutiveVerificationOutcome): 'superseded' | null {
  return outcome === 'pending' ? 'superseded' : null;
}

/**
 * The request's outcome from its verifiers' decisions.
 *
 * A single rejection rejects, whatever the policy. This is how the dual-control ("four eyes")
 * features of payment and AP products work (bank e-banking release rights, Tipalti/Bill.com
 * approvals, GitHub's "changes requested" blocking a merge): a verifier who rejects a bank account
 * has seen something suspicious, and letting colleagues outvote them would defeat the control.
 * The policy only sets how many approvals are needed. Once the outcome is no longer pending the
 * request is closed and the remaining verifiers can no longer decide; should decisions cross
 * anyway, rejection still wins, so the answer never depends on their order.
 */
export function executiveVerificationOutcome(
  policy: RequiredVerifiersPolicy,
  decisions: readonly ExecutiveDecision[],
): ExecutiveVerificationOutcome {
  if (decisions.length === 0) return 'pending';
  if (decisions.includes('rejected')) return 'rejected';
  const approvals = decisions.filter((decision) => decision === 'approved').length;
  return approvals >= requiredApprovals(policy, decisions.length) ? 'approved' : 'pending';
}

export type ExecutiveVerificationRequestProblem =
  'verifier_required' | 'requester_named' | 'duplicate_verifier' | 'too_few_verifiers';

/**
 * Whether a request can be sent to these verifiers (SPEC §5 "A verifier must be selected"): at
 * least one, not the requester, no one twice, and at least as many as the policy needs approvals.
 * The requester is excluded because the check is a second pair of eyes on a bank account someone
 * entered or wants paid: a requester approving their own request would be one pair of eyes.
 *
 * "all" means every verifier named in the request: the organisation's settings hold only the
 * policy (one, all or a custom number), not a list of verifiers, so the request names them.
 */
export function executiveVerificationRequestProblem(
  policy: RequiredVerifiersPolicy,
  verifierIds: readonly string[],
  requesterId: string,
): ExecutiveVerificationRequestProblem | null {
  if (verifierIds.length === 0) return 'verifier_required';
  if (verifierIds.includes(requesterId)) return 'requester_named';
  if (new Set(verifierIds).size !== verifierIds.length) return 'duplicate_verifier';
  if (verifierIds.length < requiredApprovals(policy, verifierIds.length)) return 'too_few_verifiers';
  return null;
}

export const executiveDecisionSchema = z.enum(EXECUTIVE_DECISIONS);
export const executiveVerificationOutcomeSchema = z.enum(EXECUTIVE_VERIFICATION_OUTCOMES);

export const executiveVerifierDecisionSchema = z.object({
  verifier: z.object({ id: z.uuid(), name: z.string() }),
  decision: executiveDecisionSchema,
  decidedAt: isoDateTime.nullable(),
});

export const executiveVerificationSchema = z.object({
  policy: requiredVerifiersPolicySchema,
  outcome: executiveVerificationOutcomeSchema,
  requestedAt: isoDateTime,
  verifiers: z.array(executiveVerifierDecisionSchema),
});
export type ExecutiveVerification = z.infer<typeof executiveVerificationSchema>;

/** Starting an executive verification: the named verifiers among the team. */
export const executiveVerificationRequestBodySchema = z.object({
  verifierIds: z
    .array(z.uuid())
    .min(1, { message: 'verifier_required' })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate_verifier' }),
});
export type ExecutiveVerificationRequestBody = z.infer<typeof executiveVerificationRequestBodySchema>;

/** A verifier's decision. */
export const executiveDecisionBodySchema = z.object({ decision: z.enum(['approved', 'rejected']) });
export type ExecutiveDecisionBody = z.infer<typeof executiveDecisionBodySchema>;
