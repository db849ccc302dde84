import { describe, expect, it } from 'vitest';
import {
  EMAIL_VERIFICATION_EVENT_TYPES,
  EMAIL_VERIFICATION_IN_FLIGHT,
  EMAIL_VERIFICATION_STATUSES,
  EMAIL_VERIFICATION_TOKEN_LIFETIME_MS,
  EMAIL_VERIFICATION_TRANSITIONS,
  EXECUTIVE_DECISION_EVENTS,
  EXECUTIVE_DECISIONS,
  canApplyVerificationEvent,
  compareIbans,
  confirmIbanBodySchema,
  emailVerificationStateSchema,
  executiveDecisionBodySchema,
  executiveVerificationOutcome,
  executiveVerificationRequestBodySchema,
  executiveVerificationRequestProblem,
  executiveVerificationSchema,
  isVerificationTokenUsable,
  nextExecutiveDecision,
  nextVerificationState,
  requiredApprovals,
  requiredVerifiersPolicySchema,
  supersedeExecutiveOutcome,
  verificationTokenProblem,
  type EmailVerificationEvent,
  type EmailVerificationEventType,
  type EmailVerificationState,
  type EmailVerificationStatus,
  type ExecutiveDecision,
  type ExecutiveDecisionEvent,
  type RequiredVerifiersPolicy,
} from './verification';
import {
  VAT_CHECK_EVENT_TYPES,
  VAT_CHECK_MAX_ATTEMPTS,
  VAT_CHECK_STATUSES,
  initialVatCheckState,
  isVatCheckDue,
  nextVatCheckRetry,
  nextVatCheckState,
  vatCheckStateSchema,
  type VatCheckEvent,
  type VatCheckEventType,
  type VatCheckState,
  type VatCheckStatus,
} from './vat-check';

const IBAN = 'DE89370400440532013000';
const IBAN_SPACED = 'de89 3704 0044 0532 0130 00';
const OTHER_IBAN = 'AT611904300234573201';
const NOW = '2026-11-02T10:00:00.000Z';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// ---------------------------------------------------------------------------------------------
// (a) E-mail verification
// ---------------------------------------------------------------------------------------------

const emailState = (status: EmailVerificationStatus): EmailVerificationState => {
  if (status === 'not_started') return { status };
  if (status === 'completed') return { status, iban: IBAN, submittedIban: IBAN, result: 'match' };
  return { status, iban: IBAN };
};

const emailEvent = (type: EmailVerificationEventType): EmailVerificationEvent => {
  if (type === 'start') return { type, iban: IBAN_SPACED };
  if (type === 'confirm_iban') return { type, submittedIban: IBAN_SPACED };
  return { type };
};

/** Written out independently of the source table: the expected status, or null, for every pair. */
const EXPECTED_EMAIL: Record<EmailVerificationStatus, Record<EmailVerificationEventType, EmailVerificationStatus | null>> = {
  not_started: {
    start: 'started',
    send_invitation: null,
    delivery_confirmed: null,
    delivery_failed: null,
    link_opened: null,
    confirm_iban: null,
    expire: null,
    resend: null,
  },
  started: {
    start: null,
    send_invitation: 'invitation_sent',
    delivery_confirmed: null,
    delivery_failed: 'not_received',
    link_opened: null,
    confirm_iban: null,
    expire: 'not_received',
    resend: null,
  },
  invitation_sent: {
    start: null,
    send_invitation: null,
    delivery_confirmed: 'received',
    delivery_failed: 'not_received',
    link_opened: 'opened',
    confirm_iban: null,
    expire: 'not_received',
    resend: 'started',
  },
  received: {
    start: null,
    send_invitation: null,
    delivery_confirmed: null,
    delivery_failed: null,
    link_opened: 'opened',
    confirm_iban: null,
    expire: 'not_received',
    resend: 'started',
  },
  opened: {
    start: null,
    send_invitation: null,
    delivery_confirmed: null,
    delivery_failed: null,
    link_opened: 'opened',
    confirm_iban: 'completed',
    expire: 'not_received',
    resend: 'started',
  },
  completed: {
    start: 'started',
    send_invitation: null,
    delivery_confirmed: null,
    delivery_failed: null,
    link_opened: null,
    confirm_iban: null,
    expire: null,
    resend: null,
  },
  not_received: {
    start: 'started',
    send_invitation: null,
    delivery_confirmed: null,
    delivery_failed: null,
    link_opened: null,
    confirm_iban: null,
    expire: null,
    resend: 'started',
  },
};

const emailPairs = EMAIL_VERIFICATION_STATUSES.flatMap((status) =>
  EMAIL_VERIFICATION_EVENT_TYPES.map((type) => [status, type, EXPECTED_EMAIL[status][type]] as const),
);

describe('e-mail verification state machine (SPEC §4)', () => {
  it('covers every status and event', () => {
    expect(Object.keys(EMAIL_VERIFICATION_TRANSITIONS).sort()).toEqual([...EMAIL_VERIFICATION_STATUSES].sort());
    expect(emailPairs).toHaveLength(EMAIL_VERIFICATION_STATUSES.length * EMAIL_VERIFICATION_EVENT_TYPES.length);
  });

  it.each(emailPairs)('%s + %s → %s', (status, type, expected) => {
    const next = nextVerificationState(emailState(status), emailEvent(type));
    expect(next?.status ?? null).toBe(expected);
    expect(canApplyVerificationEvent(status, type)).toBe(expected !== null);
    if (next) expect(emailVerificationStateSchema.parse(next)).toEqual(next);
  });

  it('keeps the IBAN snapshot through the run and normalises it at start', () => {
    let state: EmailVerificationState | null = { status: 'not_started' };
    const events: EmailVerificationEvent[] = [
      { type: 'start', iban: IBAN_SPACED },
      { type: 'send_invitation' },
      { type: 'delivery_confirmed' },
      { type: 'link_opened' },
      { type: 'link_opened' },
    ];
    for (const event of events) {
      state = nextVerificationState(state!, event);
      expect(state).not.toBeNull();
      expect(state).toHaveProperty('iban', IBAN);
    }
    expect(state).toEqual({ status: 'opened', iban: IBAN });
  });

  it('completes with match when the confirmed IBAN is ours, however it is written', () => {
    const next = nextVerificationState({ status: 'opened', iban: IBAN }, { type: 'confirm_iban', submittedIban: IBAN_SPACED });
    expect(next).toEqual({ status: 'completed', iban: IBAN, submittedIban: IBAN, result: 'match' });
  });

  it('completes with mismatch when the counterparty expects another IBAN', () => {
    const next = nextVerificationState(
      { status: 'opened', iban: IBAN },
      { type: 'confirm_iban', submittedIban: 'AT61 1904 3002 3457 3201' },
    );
    expect(next).toEqual({ status: 'completed', iban: IBAN, submittedIban: OTHER_IBAN, result: 'mismatch' });
  });

  it('starts a new run for a changed IBAN after a completed or failed run', () => {
    const completed: EmailVerificationState = {
      status: 'completed',
      iban: IBAN,
      submittedIban: OTHER_IBAN,
      result: 'mismatch',
    };
    expect(nextVerificationState(completed, { type: 'start', iban: OTHER_IBAN })).toEqual({
      status: 'started',
      iban: OTHER_IBAN,
    });
    expect(nextVerificationState({ status: 'not_received', iban: IBAN }, { type: 'resend' })).toEqual({
      status: 'started',
      iban: IBAN,
    });
  });

  it('names the in-flight statuses', () => {
    expect([...EMAIL_VERIFICATION_IN_FLIGHT].sort()).toEqual(['invitation_sent', 'opened', 'received', 'started']);
    for (const status of EMAIL_VERIFICATION_IN_FLIGHT) expect(EXPECTED_EMAIL[status].expire).toBe('not_received');
  });

  it('compares IBANs after normalising', () => {
    expect(compareIbans(IBAN, IBAN_SPACED)).toBe('match');
    expect(compareIbans(IBAN, OTHER_IBAN)).toBe('mismatch');
    expect(compareIbans(IBAN, 'DE89370400440532013001')).toBe('mismatch');
  });
});

describe('verification token', () => {
  const expiresAt = new Date('2026-11-09T10:00:00.000Z');

  it('is usable before it expires and while unused', () => {
    expect(isVerificationTokenUsable({ expiresAt, usedAt: null, now: new Date(NOW) })).toBe(true);
    expect(isVerificationTokenUsable({ expiresAt, usedAt: null, now: new Date(expiresAt.getTime() - 1) })).toBe(true);
    expect(verificationTokenProblem({ expiresAt, usedAt: null, now: NOW })).toBeNull();
  });

  it('expires at the instant it expires', () => {
    expect(verificationTokenProblem({ expiresAt, usedAt: null, now: expiresAt })).toBe('expired');
    expect(verificationTokenProblem({ expiresAt, usedAt: null, now: '2026-12-01T00:00:00Z' })).toBe('expired');
    expect(isVerificationTokenUsable({ expiresAt, usedAt: null, now: expiresAt })).toBe(false);
  });

  it('is single-use: a used token is refused, also before expiry, and "used" wins over "expired"', () => {
    expect(verificationTokenProblem({ expiresAt, usedAt: new Date(NOW), now: NOW })).toBe('used');
    expect(verificationTokenProblem({ expiresAt, usedAt: NOW, now: '2027-01-01T00:00:00Z' })).toBe('used');
    expect(isVerificationTokenUsable({ expiresAt, usedAt: NOW, now: NOW })).toBe(false);
  });

  it('accepts ISO strings and Dates alike', () => {
    expect(isVerificationTokenUsable({ expiresAt: expiresAt.toISOString(), usedAt: null, now: new Date(NOW) })).toBe(true);
  });

  it('lives a week', () => {
    expect(EMAIL_VERIFICATION_TOKEN_LIFETIME_MS).toBe(7 * 24 * HOUR);
  });
});

describe('confirmIbanBodySchema', () => {
  it('normalises a valid IBAN', () => {
    expect(confirmIbanBodySchema.parse({ iban: ` ${IBAN_SPACED} ` })).toEqual({ iban: IBAN });
  });

  it('refuses empty and invalid IBANs', () => {
    expect(confirmIbanBodySchema.safeParse({ iban: '' }).error?.issues[0]?.message).toBe('required');
    expect(confirmIbanBodySchema.safeParse({ iban: 'DE00370400440532013000' }).error?.issues[0]?.message).toBe('invalid_iban');
  });
});

// ---------------------------------------------------------------------------------------------
// (b) Executive verification
// ---------------------------------------------------------------------------------------------

const EXPECTED_DECISIONS: Record<ExecutiveDecision, Record<ExecutiveDecisionEvent, ExecutiveDecision | null>> = {
  request_sent: { approve: 'approved', reject: 'rejected' },
  approved: { approve: null, reject: null },
  rejected: { approve: null, reject: null },
};

describe('executive verification (SPEC §4, §6)', () => {
  const pairs = EXECUTIVE_DECISIONS.flatMap((decision) =>
    EXECUTIVE_DECISION_EVENTS.map((event) => [decision, event, EXPECTED_DECISIONS[decision][event]] as const),
  );

  it.each(pairs)('%s + %s → %s', (decision, event, expected) => {
    expect(nextExecutiveDecision(decision, event)).toBe(expected);
  });

  it('needs one, all, or a custom number of approvals, never fewer than one', () => {
    expect(requiredApprovals('one', 3)).toBe(1);
    expect(requiredApprovals('all', 3)).toBe(3);
    expect(requiredApprovals('all', 0)).toBe(1);
    expect(requiredApprovals({ custom: 2 }, 3)).toBe(2);
    expect(requiredApprovals({ custom: 5 }, 3)).toBe(5);
  });

  type Row = [RequiredVerifiersPolicy, ExecutiveDecision[], 'pending' | 'approved' | 'rejected'];
  const rows: Row[] = [
    ['one', [], 'pending'],
    ['one', ['request_sent'], 'pending'],
    ['one', ['approved'], 'approved'],
    ['one', ['rejected'], 'rejected'],
    ['one', ['request_sent', 'request_sent', 'request_sent'], 'pending'],
    ['one', ['approved', 'request_sent', 'request_sent'], 'approved'],
    ['one', ['rejected', 'request_sent', 'request_sent'], 'rejected'],
    ['one', ['approved', 'rejected'], 'rejected'],
    ['all', [], 'pending'],
    ['all', ['approved'], 'approved'],
    ['all', ['approved', 'request_sent'], 'pending'],
    ['all', ['approved', 'approved'], 'approved'],
    ['all', ['approved', 'rejected'], 'rejected'],
    ['all', ['request_sent', 'rejected', 'request_sent'], 'rejected'],
    ['all', ['approved', 'approved', 'approved'], 'approved'],
    [{ custom: 2 }, ['approved', 'request_sent', 'request_sent'], 'pending'],
    [{ custom: 2 }, ['approved', 'approved', 'request_sent'], 'approved'],
    [{ custom: 2 }, ['approved', 'approved', 'rejected'], 'rejected'],
    [{ custom: 2 }, ['rejected', 'request_sent', 'request_sent'], 'rejected'],
    [{ custom: 3 }, ['approved', 'approved'], 'pending'],
    [{ custom: 1 }, ['request_sent', 'approved'], 'approved'],
  ];

  it.each(rows)('%j with %j → %s', (policy, decisions, expected) => {
    expect(executiveVerificationOutcome(policy, decisions)).toBe(expected);
  });

  it('gives the same outcome whatever the order of the decisions', () => {
    const decisions: ExecutiveDecision[] = ['approved', 'rejected', 'request_sent'];
    for (const policy of ['one', 'all', { custom: 2 }] as RequiredVerifiersPolicy[]) {
      const outcomes = new Set(
        [decisions, [...decisions].reverse(), [decisions[1]!, decisions[0]!, decisions[2]!]].map((d) =>
          executiveVerificationOutcome(policy, d),
        ),
      );
      expect([...outcomes]).toEqual(['rejected']);
    }
  });

  it('checks a request before it is sent (SPEC §5 "A verifier must be selected")', () => {
    const requester = 'r';
    expect(executiveVerificationRequestProblem('one', [], requester)).toBe('verifier_required');
    expect(executiveVerificationRequestProblem('all', ['a', 'a'], requester)).toBe('duplicate_verifier');
    expect(executiveVerificationRequestProblem({ custom: 3 }, ['a', 'b'], requester)).toBe('too_few_verifiers');
    expect(executiveVerificationRequestProblem({ custom: 2 }, ['a', 'b'], requester)).toBeNull();
    expect(executiveVerificationRequestProblem('all', ['a', 'b', 'c'], requester)).toBeNull();
    expect(executiveVerificationRequestProblem('one', ['a'], requester)).toBeNull();
  });

  it('refuses a request that names the requester: nobody verifies their own request', () => {
    expect(executiveVerificationRequestProblem('one', ['r'], 'r')).toBe('requester_named');
    expect(executiveVerificationRequestProblem('all', ['a', 'r'], 'r')).toBe('requester_named');
    expect(executiveVerificationRequestProblem({ custom: 2 }, ['a', 'r', 'b'], 'r')).toBe('requester_named');
  });

  it('supersedes only an open request', () => {
    expect(supersedeExecutiveOutcome('pending')).toBe('superseded');
    for (const closed of ['approved', 'rejected', 'superseded'] as const) expect(supersedeExecutiveOutcome(closed)).toBeNull();
  });

  it('parses the policy setting', () => {
    expect(requiredVerifiersPolicySchema.parse('one')).toBe('one');
    expect(requiredVerifiersPolicySchema.parse('all')).toBe('all');
    expect(requiredVerifiersPolicySchema.parse({ custom: 2 })).toEqual({ custom: 2 });
    for (const bad of ['two', { custom: 0 }, { custom: 1.5 }, { custom: 21 }, null, 2]) {
      expect(requiredVerifiersPolicySchema.safeParse(bad).success).toBe(false);
    }
  });

  it('parses request and decision bodies', () => {
    const id = '0b9c1c7e-64a8-4c39-9a38-2f3d3b9c0a11';
    expect(executiveVerificationRequestBodySchema.parse({ verifierIds: [id] })).toEqual({ verifierIds: [id] });
    expect(executiveVerificationRequestBodySchema.safeParse({ verifierIds: [] }).error?.issues[0]?.message).toBe(
      'verifier_required',
    );
    expect(executiveVerificationRequestBodySchema.safeParse({ verifierIds: [id, id] }).error?.issues[0]?.message).toBe(
      'duplicate_verifier',
    );
    expect(executiveDecisionBodySchema.parse({ decision: 'rejected' })).toEqual({ decision: 'rejected' });
    expect(executiveDecisionBodySchema.safeParse({ decision: 'request_sent' }).success).toBe(false);
  });

  it('parses an executive verification as the API carries it', () => {
    const value = {
      policy: { custom: 2 },
      outcome: 'pending',
      requestedAt: NOW,
      verifiers: [
        { verifier: { id: '0b9c1c7e-64a8-4c39-9a38-2f3d3b9c0a11', name: 'Anna' }, decision: 'approved', decidedAt: NOW },
        { verifier: { id: '5d0b7c7e-64a8-4c39-9a38-2f3d3b9c0a12', name: 'Ben' }, decision: 'request_sent', decidedAt: null },
      ],
    };
    expect(executiveVerificationSchema.parse(value)).toEqual(value);
  });
});

// ---------------------------------------------------------------------------------------------
// (c) VAT number check
// ---------------------------------------------------------------------------------------------

const vatState = (status: VatCheckStatus): VatCheckState => {
  switch (status) {
    case 'pending':
      return { status, requestedAt: NOW };
    case 'validated':
      return { status, validatedAt: NOW };
    case 'failed':
      return { status, attempts: 2, lastAttemptAt: NOW, nextRetryAt: '2026-11-02T10:10:00.000Z' };
    case 'invalid':
      return { status, checkedAt: NOW, reason: 'vies' };
  }
};

const LATER = '2026-11-02T10:10:00.000Z';
const vatEvent = (type: VatCheckEventType): VatCheckEvent => ({ type, at: LATER });

const EXPECTED_VAT: Record<VatCheckStatus, Record<VatCheckEventType, VatCheckStatus | null>> = {
  pending: { request: 'pending', vies_valid: 'validated', vies_invalid: 'invalid', vies_unavailable: 'failed' },
  validated: { request: 'pending', vies_valid: null, vies_invalid: null, vies_unavailable: null },
  failed: { request: 'pending', vies_valid: 'validated', vies_invalid: 'invalid', vies_unavailable: 'failed' },
  invalid: { request: 'pending', vies_valid: null, vies_invalid: null, vies_unavailable: null },
};

describe('VAT check state machine (SPEC §4)', () => {
  const pairs = VAT_CHECK_STATUSES.flatMap((status) =>
    VAT_CHECK_EVENT_TYPES.map((type) => [status, type, EXPECTED_VAT[status][type]] as const),
  );

  it.each(pairs)('%s + %s → %s', (status, type, expected) => {
    const next = nextVatCheckState(vatState(status), vatEvent(type));
    expect(next?.status ?? null).toBe(expected);
    if (next) expect(vatCheckStateSchema.parse(next)).toEqual(next);
  });

  it.each(VAT_CHECK_EVENT_TYPES.map((type) => [type, type === 'request' ? 'pending' : null] as const))(
    'failed with retries used up + %s → %s',
    (type, expected) => {
      const exhausted: VatCheckState = {
        status: 'failed',
        attempts: VAT_CHECK_MAX_ATTEMPTS,
        lastAttemptAt: NOW,
        nextRetryAt: null,
      };
      expect(nextVatCheckState(exhausted, vatEvent(type))?.status ?? null).toBe(expected);
    },
  );

  it('records the date of a validation and the reason of an invalid answer', () => {
    expect(nextVatCheckState(vatState('pending'), vatEvent('vies_valid'))).toEqual({ status: 'validated', validatedAt: LATER });
    expect(nextVatCheckState(vatState('pending'), vatEvent('vies_invalid'))).toEqual({
      status: 'invalid',
      checkedAt: LATER,
      reason: 'vies',
    });
  });

  it('VIES offline → failed, retried with back-off, then given up', () => {
    let state: VatCheckState = { status: 'pending', requestedAt: NOW };
    let at = Date.parse(NOW);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= VAT_CHECK_MAX_ATTEMPTS; attempt++) {
      const next = nextVatCheckState(state, { type: 'vies_unavailable', at: new Date(at) });
      expect(next).not.toBeNull();
      state = next!;
      expect(state).toMatchObject({ status: 'failed', attempts: attempt, lastAttemptAt: new Date(at).toISOString() });
      if (state.status !== 'failed') throw new Error('expected failed');
      if (attempt === VAT_CHECK_MAX_ATTEMPTS) {
        expect(state.nextRetryAt).toBeNull();
      } else {
        expect(state.nextRetryAt).not.toBeNull();
        const retryAt = Date.parse(state.nextRetryAt!);
        delays.push(retryAt - at);
        expect(isVatCheckDue(state, new Date(retryAt - 1))).toBe(false);
        expect(isVatCheckDue(state, new Date(retryAt))).toBe(true);
        at = retryAt;
      }
    }
    expect(delays.map((delay) => delay / MINUTE)).toEqual([5, 10, 20, 40, 80, 160, 320, 360, 360]);
    expect(isVatCheckDue(state, '2030-01-01T00:00:00Z')).toBe(false);
    // A user's "check again" starts afresh.
    const again = nextVatCheckState(state, { type: 'request', at: '2026-11-04T08:00:00Z' });
    expect(again).toEqual({ status: 'pending', requestedAt: '2026-11-04T08:00:00.000Z' });
    expect(nextVatCheckState(again!, vatEvent('vies_unavailable'))).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('a retry that succeeds validates', () => {
    expect(nextVatCheckState(vatState('failed'), vatEvent('vies_valid'))).toEqual({ status: 'validated', validatedAt: LATER });
  });

  it('asks VIES at once while pending and never when validated or invalid', () => {
    expect(isVatCheckDue(vatState('pending'), NOW)).toBe(true);
    expect(isVatCheckDue(vatState('validated'), NOW)).toBe(false);
    expect(isVatCheckDue(vatState('invalid'), NOW)).toBe(false);
  });

  it('checks the format at once', () => {
    expect(initialVatCheckState('DE 129 273 398', NOW)).toEqual({ status: 'pending', requestedAt: NOW });
    expect(initialVatCheckState('DE123456789', new Date(NOW))).toEqual({ status: 'invalid', checkedAt: NOW, reason: 'checksum' });
    expect(initialVatCheckState('US123456789', NOW)).toMatchObject({ status: 'invalid', reason: 'country' });
    expect(initialVatCheckState('DE12', NOW)).toMatchObject({ status: 'invalid', reason: 'format' });
  });

  it('refuses malformed states in the schema', () => {
    expect(vatCheckStateSchema.safeParse({ status: 'validated' }).success).toBe(false);
    expect(vatCheckStateSchema.safeParse({ status: 'failed', attempts: 0, lastAttemptAt: NOW, nextRetryAt: null }).success).toBe(
      false,
    );
    expect(vatCheckStateSchema.safeParse({ status: 'pending', requestedAt: 'yesterday' }).success).toBe(false);
  });
});

describe('nextVatCheckRetry', () => {
  it.each([
    [1, 5 * MINUTE],
    [2, 10 * MINUTE],
    [3, 20 * MINUTE],
    [4, 40 * MINUTE],
    [5, 80 * MINUTE],
    [6, 160 * MINUTE],
    [7, 320 * MINUTE],
    [8, 6 * HOUR],
    [9, 6 * HOUR],
  ])('after attempt %i waits %i ms', (attempt, delay) => {
    expect(nextVatCheckRetry(attempt)).toBe(delay);
  });

  it.each([VAT_CHECK_MAX_ATTEMPTS, VAT_CHECK_MAX_ATTEMPTS + 1, 0, -1, 1.5, Number.NaN])(
    'gives up or refuses for %s',
    (attempt) => {
      expect(nextVatCheckRetry(attempt)).toBeNull();
    },
  );

  it('never waits less than the time before', () => {
    for (let attempt = 2; attempt < VAT_CHECK_MAX_ATTEMPTS; attempt++) {
      expect(nextVatCheckRetry(attempt)!).toBeGreaterThanOrEqual(nextVatCheckRetry(attempt - 1)!);
    }
  });
});
