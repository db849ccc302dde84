/**
 * The executive verification's API (SPEC §4 §6, issue 6 item 5): request, decide, list, and the
 * "waiting for my verification" list. The rules themselves live in ./verification (pure, tested);
 * this file only shapes what travels over HTTP.
 */
import { z } from 'zod';
import {
  executiveDecisionSchema,
  executiveVerificationOutcome,
  executiveVerificationOutcomeSchema,
  executiveVerificationRequestProblem,
  requiredVerifiersPolicySchema,
  type ExecutiveDecision,
  type ExecutiveVerificationOutcome,
  type ExecutiveVerificationRequestProblem,
  type RequiredVerifiersPolicy,
} from './verification';

const isoDateTime = z.iso.datetime({ offset: true });
const person = z.object({ id: z.uuid(), name: z.string() });

/** More named verifiers than this is a mistake, not a control (and bounds the e-mails sent). */
export const MAX_EXECUTIVE_VERIFIERS = 20;

export const executiveVerificationRequestParamsSchema = z.object({ id: z.uuid(), bankAccountId: z.uuid() });
export const executiveVerificationParamsSchema = z.object({ id: z.uuid(), verificationId: z.uuid() });

/**
 * POST …/bank-accounts/:bankAccountId/executive-verification. Only the shape is checked here; the
 * rules (at least one, not the requester, no one twice, enough for the policy) are `executiveVerificationRequestProblem`,
 * which the form asks before sending and the server answers with an error code of its own.
 */
export const requestExecutiveVerificationBodySchema = z.object({
  verifierIds: z.array(z.uuid()).max(MAX_EXECUTIVE_VERIFIERS),
});
export type RequestExecutiveVerificationBody = z.infer<typeof requestExecutiveVerificationBodySchema>;

/** The error code (errors.json) for each problem of a request, shared by the form and the server. */
export const EXECUTIVE_REQUEST_PROBLEM_CODES = {
  verifier_required: 'executive_verifier_required',
  requester_named: 'executive_verifier_is_requester',
  duplicate_verifier: 'executive_verifier_duplicate',
  too_few_verifiers: 'executive_too_few_verifiers',
} as const satisfies Record<ExecutiveVerificationRequestProblem, string>;

/** The request's problem as an error code with its parameters, or null when it can be sent. */
export function executiveRequestError(
  policy: RequiredVerifiersPolicy,
  verifierIds: readonly string[],
  requesterId: string,
): { code: (typeof EXECUTIVE_REQUEST_PROBLEM_CODES)[ExecutiveVerificationRequestProblem]; required: number } | null {
  const problem = executiveVerificationRequestProblem(policy, verifierIds, requesterId);
  if (!problem) return null;
  const required = policy === 'one' ? 1 : policy === 'all' ? Math.max(1, verifierIds.length) : policy.custom;
  return { code: EXECUTIVE_REQUEST_PROBLEM_CODES[problem], required };
}

/**
 * The outcome of a request whose required approvals were fixed when it was sent (a later change
 * of the organisation's policy never changes a verification under way): the snapshot acts as a
 * custom policy, so the rules of `executiveVerificationOutcome` apply unchanged.
 */
export function executiveOutcomeForSnapshot(
  requiredApprovals: number,
  decisions: readonly ExecutiveDecision[],
): ExecutiveVerificationOutcome {
  return executiveVerificationOutcome({ custom: Math.max(1, requiredApprovals) }, decisions);
}

export const executiveDecisionRequestBodySchema = z.object({ decision: z.enum(['approved', 'rejected']) });
export type ExecutiveDecisionRequestBody = z.infer<typeof executiveDecisionRequestBodySchema>;

export const executiveVerifierViewSchema = z.object({
  verifier: person,
  decision: executiveDecisionSchema,
  decidedAt: isoDateTime.nullable(),
});

/** One executive verification of a bank account as the counterparty detail shows it. */
export const executiveVerificationViewSchema = z.object({
  id: z.uuid(),
  counterpartyId: z.uuid(),
  /** null once the bank account was removed; the IBAN snapshot stays. */
  bankAccountId: z.uuid().nullable(),
  iban: z.string(),
  requiredApprovals: z.number().int().min(1),
  approvals: z.number().int().min(0),
  outcome: executiveVerificationOutcomeSchema,
  requestedAt: isoDateTime,
  requestedBy: person.nullable(),
  decidedAt: isoDateTime.nullable(),
  verifiers: z.array(executiveVerifierViewSchema),
  /** The caller is a named verifier who has not decided and did not request it, and the request is still open. */
  canDecide: z.boolean(),
});
export type ExecutiveVerificationView = z.infer<typeof executiveVerificationViewSchema>;

export const executiveVerificationListSchema = z.object({ items: z.array(executiveVerificationViewSchema) });

/** GET /api/counterparty-verifications/waiting-for-me: open requests where the caller still has to decide. */
export const waitingExecutiveVerificationSchema = z.object({
  id: z.uuid(),
  counterpartyId: z.uuid(),
  counterpartyName: z.string(),
  bankAccountId: z.uuid().nullable(),
  iban: z.string(),
  requiredApprovals: z.number().int().min(1),
  approvals: z.number().int().min(0),
  requestedAt: isoDateTime,
  requestedBy: person.nullable(),
});
export type WaitingExecutiveVerification = z.infer<typeof waitingExecutiveVerificationSchema>;
export const waitingExecutiveVerificationListSchema = z.object({ items: z.array(waitingExecutiveVerificationSchema) });

/** GET /api/counterparty-verifications/verifier-candidates: the team, for the request dialog. */
export const verifierCandidateSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type VerifierCandidate = z.infer<typeof verifierCandidateSchema>;
export const verifierCandidatesResponseSchema = z.object({
  items: z.array(verifierCandidateSchema),
  /** The organisation's current setting, so the dialog can say how many are needed. */
  policy: requiredVerifiersPolicySchema,
});
export type VerifierCandidatesResponse = z.infer<typeof verifierCandidatesResponseSchema>;
