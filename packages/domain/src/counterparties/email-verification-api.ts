/**
 * The API of the bank-account verification by e-mail (SPEC §4, issue 6 item 4): the signed-in
 * routes that start a run and list the runs, and the public page's two calls. The state machine
 * itself lives in verification.ts; these are only the shapes that travel.
 */
import { z } from 'zod';
import {
  EMAIL_VERIFICATION_IN_FLIGHT,
  EMAIL_VERIFICATION_TOKEN_LIFETIME_MS,
  confirmIbanBodySchema,
  emailVerificationResultSchema,
  emailVerificationStatusSchema,
  verificationTokenProblem,
  type EmailVerificationStatus,
} from './verification';

const isoDateTime = z.iso.datetime({ offset: true });

/** :id and :bankAccountId of POST /counterparties/:id/bank-accounts/:bankAccountId/email-verification. */
export const emailVerificationStartParamsSchema = z.object({ id: z.uuid(), bankAccountId: z.uuid() });
export type EmailVerificationStartParams = z.infer<typeof emailVerificationStartParamsSchema>;

/** One verification run as the counterparty's detail shows it. */
export const emailVerificationRunSchema = z.object({
  id: z.uuid(),
  counterpartyId: z.uuid(),
  /** null once the bank account was removed; the run stays in the history. */
  bankAccountId: z.uuid().nullable(),
  /** The IBAN we hold, as it was when the run started. */
  iban: z.string(),
  email: z.string(),
  status: emailVerificationStatusSchema,
  result: emailVerificationResultSchema.nullable(),
  /** What the counterparty typed: shown next to a mismatch. */
  submittedIban: z.string().nullable(),
  tokenExpiresAt: isoDateTime,
  openedAt: isoDateTime.nullable(),
  completedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  requestedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type EmailVerificationRun = z.infer<typeof emailVerificationRunSchema>;

/** GET /counterparties/:id/email-verifications: newest first. */
export const emailVerificationListSchema = z.object({ items: z.array(emailVerificationRunSchema) });
export type EmailVerificationList = z.infer<typeof emailVerificationListSchema>;

/**
 * The token in the mailed link: 32 random bytes in base64url (43 characters). The schema is
 * loose on purpose: a malformed token is answered like an unknown one (404), not with a 400
 * that would tell a prober the format.
 */
export const verificationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
export type VerificationTokenParams = z.infer<typeof verificationTokenParamsSchema>;

/** What the public page may do with its token. */
export const PUBLIC_VERIFICATION_STATES = ['open', 'used', 'expired'] as const;
export type PublicVerificationState = (typeof PUBLIC_VERIFICATION_STATES)[number];

/**
 * GET /public/bank-account-verification/:token. Never the IBAN we hold: the counterparty must
 * type the IBAN they expect to be paid to, or the check would only confirm what we show.
 */
export const publicVerificationSchema = z.object({
  organizationName: z.string(),
  counterpartyName: z.string(),
  state: z.enum(PUBLIC_VERIFICATION_STATES),
  expiresAt: isoDateTime,
});
export type PublicVerification = z.infer<typeof publicVerificationSchema>;

/** POST body of the public page (the IBAN is checked like everywhere else: requiredIbanSchema). */
export const publicConfirmIbanBodySchema = confirmIbanBodySchema;
export type PublicConfirmIbanBody = z.infer<typeof publicConfirmIbanBodySchema>;

/** The answer to the counterparty is neutral: whether the IBAN matched is for the organisation only. */
export const publicConfirmIbanResponseSchema = z.object({ state: z.literal('used') });
export type PublicConfirmIbanResponse = z.infer<typeof publicConfirmIbanResponseSchema>;

/** Whether a run still waits for the counterparty (the web offers "resend" for these). */
export function isEmailVerificationInFlight(status: EmailVerificationStatus): boolean {
  return EMAIL_VERIFICATION_IN_FLIGHT.includes(status);
}

/** What the public page may do with a token, from its times (a used token wins over an expired one). */
export function publicVerificationState(times: {
  expiresAt: Date | string;
  usedAt: Date | string | null;
  now: Date | string;
}): PublicVerificationState {
  return verificationTokenProblem(times) ?? 'open';
}

/** When a token made at `now` stops working. */
export function emailVerificationTokenExpiry(now: Date): Date {
  return new Date(now.getTime() + EMAIL_VERIFICATION_TOKEN_LIFETIME_MS);
}
