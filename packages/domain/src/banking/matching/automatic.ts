/**
 * Which proposals are applied without a person (the organisation's auto-match setting): the exact
 * ones, best first, each only while both sides still have its amounts open, so that two lines
 * claiming one invoice exactly (a duplicate payment) settle it once and the other line waits.
 */
import type { MatchLedger } from './ledger';
import type { MatchProposal, MatchSettings } from './types';

/**
 * The proposals to apply, in the order applied; the ledger is debited with their allocations, so
 * it then holds what stays open. Proposals that are not exact are never chosen: ambiguity (two
 * invoices of equal amount without a reference, a reference found twice) is a person's call.
 */
export function chooseAutomaticMatches(
  proposals: readonly MatchProposal[],
  ledger: MatchLedger,
  settings: Pick<MatchSettings, 'autoMatch'>,
): MatchProposal[] {
  if (!settings.autoMatch) return [];
  const exact = [...new Set(proposals.filter((proposal) => proposal.exact))].map((proposal) => ({
    proposal,
    key: stableKey(proposal),
  }));
  exact.sort((a, b) => b.proposal.score - a.proposal.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return exact.map(({ proposal }) => proposal).filter((proposal) => ledger.allocate(proposal.allocations));
}

/** A stable order among equal scores: by line, then candidate, so that a rerun chooses the same. */
function stableKey(proposal: MatchProposal): string {
  return proposal.allocations.map((allocation) => `${allocation.lineId}\u0000${allocation.candidateId}`).join('\u0001');
}
