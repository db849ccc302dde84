import type { EmailVerificationRun } from '@kontor/domain/counterparties/email-verification-api';
import type { EmailVerificationStatus } from '@kontor/domain/counterparties/verification';
import { normalizeIban } from '@kontor/domain/iban';

/** What the badge says: the status, with the result folded in for completed runs. */
export type VerificationBadgeKey = Exclude<EmailVerificationStatus, 'completed'> | 'completed_match' | 'completed_mismatch';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'danger' | 'warning';

export interface AccountRef {
  id: string;
  name: string;
  iban: string;
}

/**
 * The account's latest run for the IBAN it has now (runs come newest first). A run for an IBAN
 * the account no longer has says nothing about the current one: the account is unverified again.
 */
export function latestRunForAccount(runs: readonly EmailVerificationRun[], account: AccountRef): EmailVerificationRun | null {
  const iban = normalizeIban(account.iban);
  return runs.find((run) => run.bankAccountId === account.id && normalizeIban(run.iban) === iban) ?? null;
}

export function badgeKeyOf(run: EmailVerificationRun | null): VerificationBadgeKey {
  if (!run) return 'not_started';
  if (run.status === 'completed') return run.result === 'match' ? 'completed_match' : 'completed_mismatch';
  return run.status;
}

export const BADGE_TONES: Record<VerificationBadgeKey, BadgeTone> = {
  not_started: 'neutral',
  started: 'info',
  invitation_sent: 'info',
  received: 'info',
  opened: 'info',
  completed_match: 'success',
  completed_mismatch: 'danger',
  not_received: 'warning',
};

export interface AccountMismatch {
  account: AccountRef;
  run: EmailVerificationRun;
}

/**
 * The accounts whose latest completed run for their current IBAN is a mismatch: the loud alert
 * at the top of the detail. A newer run still under way does not clear it; only a match does.
 */
export function findMismatches(runs: readonly EmailVerificationRun[], accounts: readonly AccountRef[]): AccountMismatch[] {
  return accounts.flatMap((account) => {
    const iban = normalizeIban(account.iban);
    const completed = runs.find(
      (run) => run.bankAccountId === account.id && run.status === 'completed' && normalizeIban(run.iban) === iban,
    );
    return completed?.result === 'mismatch' ? [{ account, run: completed }] : [];
  });
}

/** The fields the server logs for each step of a run (run-mapping.ts, logRunStep), labelled in the history. */
export const EMAIL_VERIFICATION_HISTORY_FIELDS = [
  'emailVerification',
  'emailVerificationIban',
  'emailVerificationResult',
  'emailVerificationSubmittedIban',
] as const;

export function isEmailVerificationHistoryField(field: string): field is (typeof EMAIL_VERIFICATION_HISTORY_FIELDS)[number] {
  return (EMAIL_VERIFICATION_HISTORY_FIELDS as readonly string[]).includes(field);
}
