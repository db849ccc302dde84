import { normalizeIban } from '../iban';

/**
 * Trust (SPEC §3 markedTrusted) vouches for the bank accounts a counterparty had when someone
 * with the permission marked it: payments to a trusted counterparty are not flagged "not
 * verified". An IBAN it did not have then is not covered. Redirecting payments to a new IBAN is
 * the usual invoice fraud, so a change that brings one (a new account, an edited IBAN, a merge)
 * removes the trust, whoever makes it: whoever may grant trust marks it again after checking the
 * new account, as a decision of its own. A new account name or BIC, or a removed account, keeps
 * it: SEPA pays to the IBAN alone.
 */
export const TRUST_REMOVAL_REASONS = ['bank_details_changed'] as const;
export type TrustRemovalReason = (typeof TRUST_REMOVAL_REASONS)[number];

/** The IBANs among `ibansAfter` that none of `trustedIbans` is (normalised): what the trust did not vouch for. */
export function listIbansNewToTrust(trustedIbans: readonly string[], ibansAfter: readonly string[]): string[] {
  const vouched = new Set(trustedIbans.map(normalizeIban));
  return [...new Set(ibansAfter.map(normalizeIban))].filter((iban) => !vouched.has(iban));
}
