/**
 * The matching engine (issue 62): indexes over the candidates once, then per line the candidates
 * its text, end-to-end id, IBAN and amount lead to, scored and explained; sums of several invoices
 * in one line and of several lines for one invoice; at most one exact proposal per line.
 */
import { buildCandidateIndex } from './candidate-index';
import { findCandidates } from './find-candidates';
import { combineCandidates, combineLines, type Option, type PartialPayment } from './line-groups';
import { NameSimilarity } from './name-similarity';
import { TIER, assess, lineContext, type Assessment, type LineContext } from './scoring';
import {
  DEFAULT_MATCH_SETTINGS,
  type LineProposals,
  type MatchCandidate,
  type MatchLine,
  type MatchProposal,
  type MatchSettings,
} from './types';

/** A person reads a few proposals per line; more only bury the right one. */
export const MAX_PROPOSALS_PER_LINE = 5;

/**
 * Proposals per line (in the order of `lines`), best first: the exact one (if any) first, then by
 * score. Lines and candidates without an open amount get none.
 */
export function matchLines(
  lines: readonly MatchLine[],
  candidates: readonly MatchCandidate[],
  settings: MatchSettings = DEFAULT_MATCH_SETTINGS,
): LineProposals[] {
  const index = buildCandidateIndex(candidates, settings);
  const names = new NameSimilarity();
  const results: { lineId: string; proposals: MatchProposal[] }[] = [];
  const resultOfLine = new Map<string, MatchProposal[]>();
  const partials = new Map<number, PartialPayment[]>();

  for (const line of lines) {
    const proposals: MatchProposal[] = [];
    results.push({ lineId: line.id, proposals });
    resultOfLine.set(line.id, proposals);
    if (!(line.amount > 0)) continue;
    const context = lineContext(line);
    const assessments: Assessment[] = [];
    for (const [candidateIndex, hit] of findCandidates(index, line, context.iban, settings)) {
      const assessment = assess(context, candidateIndex, index.prepared[candidateIndex]!, hit, names, settings);
      if (assessment === null) continue;
      assessments.push(assessment);
      if (assessment.fit === 'partial' && assessment.hit.reference !== null) {
        let parts = partials.get(candidateIndex);
        if (parts === undefined) partials.set(candidateIndex, (parts = []));
        parts.push({ line, assessment });
      }
    }
    const options: Option[] = assessments.map((assessment) => singleOption(context, assessment));
    options.push(...combineCandidates(context, assessments, settings));
    proposals.push(...decide(options));
  }

  // Several lines that together pay one invoice: shown on each of them (never exact).
  for (const parts of partials.values()) {
    const option = combineLines(parts, settings);
    if (option === null) continue;
    const proposal = toProposal(option, false);
    for (const lineId of option.lineIds) {
      const proposals = resultOfLine.get(lineId)!;
      proposals.push(proposal);
      proposals.sort(byRank);
      proposals.length = Math.min(proposals.length, MAX_PROPOSALS_PER_LINE);
    }
  }
  return results;
}

function singleOption(context: LineContext, assessment: Assessment): Option {
  return {
    lineIds: context.lineIds,
    allocations: [assessment.allocation],
    score: assessment.score,
    reasons: assessment.reasons,
    tier: assessment.tier,
  };
}

/**
 * Exactness across a line's options: only the single option of the highest tier is exact; two of
 * the same tier (the same reference and amount twice) make both ambiguous. Then best first.
 */
function decide(options: Option[]): MatchProposal[] {
  let topTier: number = TIER.none;
  for (const option of options) topTier = Math.max(topTier, option.tier);
  const top = topTier === TIER.none ? [] : options.filter((option) => option.tier === topTier);
  const proposals = options.map((option) => {
    if (top.length > 1 && option.tier === topTier) {
      return toProposal(
        { ...option, reasons: [...option.reasons, { code: 'ambiguous', params: { others: top.length - 1 } }] },
        false,
      );
    }
    return toProposal(option, top.length === 1 && option === top[0]);
  });
  proposals.sort(byRank);
  return proposals.slice(0, MAX_PROPOSALS_PER_LINE);
}

function toProposal(option: Option, exact: boolean): MatchProposal {
  return { lineIds: option.lineIds, allocations: option.allocations, score: option.score, exact, reasons: option.reasons };
}

/** Exact first, then by score; equal scores in a stable order (by the candidates, then the lines). */
function byRank(a: MatchProposal, b: MatchProposal): number {
  if (a.exact !== b.exact) return a.exact ? -1 : 1;
  if (a.score !== b.score) return b.score - a.score;
  const first = stableKey(a);
  const second = stableKey(b);
  return first < second ? -1 : first > second ? 1 : 0;
}

const stableKey = (proposal: MatchProposal): string =>
  proposal.allocations.map((allocation) => `${allocation.candidateId}\u0000${allocation.lineId}`).join('\u0001');
