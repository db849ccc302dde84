import type { ExecutiveVerificationView } from '@kontor/domain/counterparties/executive-verification-api';
import type { VatCheckState } from '@kontor/domain/counterparties/vat-check';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/**
 * The verification that speaks for a bank account now: its newest request. The list comes newest
 * first; an account's IBAN may have changed since, so a request for another IBAN does not count.
 */
export function latestExecutiveVerification(
  items: readonly ExecutiveVerificationView[],
  account: { id: string; iban: string },
): ExecutiveVerificationView | null {
  return items.find((item) => item.bankAccountId === account.id && item.iban === account.iban) ?? null;
}

export const EXECUTIVE_BADGE_TONES: Record<ExecutiveVerificationView['outcome'] | 'none', BadgeTone> = {
  none: 'neutral',
  pending: 'info',
  approved: 'success',
  rejected: 'danger',
  // Closed by the system, not by a verifier: it says nothing about the account either way.
  superseded: 'neutral',
};

/** How the VAT check badge looks: a rejected or unreachable number is loud, a retry only a warning. */
export function vatCheckTone(state: VatCheckState): BadgeTone {
  switch (state.status) {
    case 'validated':
      return 'success';
    case 'pending':
      return 'info';
    case 'failed':
      return 'warning';
    case 'invalid':
      return 'danger';
  }
}

/** Fields the server logs for executive verifications and VAT checks (labels in their namespaces). */
export const EXECUTIVE_VERIFICATION_HISTORY_FIELDS = [
  'executiveVerification',
  'executiveVerificationIban',
  'executiveVerificationVerifiers',
  'executiveVerificationRequired',
  'executiveVerificationDecision',
] as const;

export function isExecutiveVerificationHistoryField(
  field: string,
): field is (typeof EXECUTIVE_VERIFICATION_HISTORY_FIELDS)[number] {
  return (EXECUTIVE_VERIFICATION_HISTORY_FIELDS as readonly string[]).includes(field);
}

export const isVatCheckHistoryField = (field: string): field is 'vatCheck' => field === 'vatCheck';
