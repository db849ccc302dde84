/**
 * Matches of more than one pair: one line paying several invoices of a counterparty (their
 * references in its text, their open amounts adding up to it), and several lines paying one
 * invoice (each a part, together the whole).
 */
import { nameWords } from './name-similarity';
import {
  DATE_IN_WINDOW,
  NAME_REASON_THRESHOLD,
  REFERENCE_STRENGTH,
  TIER,
  roundScore,
  skontoOpen,
  type Assessment,
  type LineContext,
} from './scoring';
import { compactIban } from './text';
import type { MatchAllocation, MatchLine, MatchReason, MatchSettings } from './types';

/** A line's proposal before exactness is decided across all of the line's options. */
export interface Option {
  lineIds: readonly string[];
  allocations: MatchAllocation[];
  score: number;
  reasons: MatchReason[];
  tier: number;
}

/** More references than this in one text is a list the person reads, not a sum to search. */
const MAX_GROUP_MEMBERS = 12;
/** The search for sums stops here (the sums of 12 members with skonto options are far fewer). */
const MAX_SEARCH_STEPS = 50_000;

interface Member {
  assessment: Assessment;
  /** What the line may pay of it: its open amount, and its skonto-net amount while the skonto is open. */
  options: number[];
}

/**
 * One line paying several candidates: among the candidates whose reference the line's text names
 * (each less than the line), those of one counterparty whose amounts add up to the line's amount
 * (within the tolerance). Exact only when that sum is the only one, every reference is found as
 * written, and the line's IBAN is the counterparty's.
 */
export function combineCandidates(context: LineContext, assessments: readonly Assessment[], settings: MatchSettings): Option[] {
  const { line } = context;
  const groups = new Map<string, Member[]>();
  for (const assessment of assessments) {
    if (assessment.hit.reference === null) continue;
    const prepared = assessment.prepared;
    const options = [prepared.candidate.openAmount];
    if (prepared.skontoNet !== null && skontoOpen(prepared, context.bookingDay)) options.push(prepared.skontoNet);
    const below = options.filter((amount) => amount < line.amount);
    if (below.length === 0) continue;
    const key =
      assessment.iban === 'known'
        ? `iban:${context.iban}`
        : prepared.candidate.counterpartyName
          ? `name:${nameWords(prepared.candidate.counterpartyName).join(' ')}`
          : `candidate:${prepared.candidate.id}`;
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = []));
    group.push({ assessment, options: below });
  }

  const results: Option[] = [];
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    // Strongest references first, so that the first sum found is the most plausible one.
    const ordered = members
      .sort(
        (a, b) =>
          REFERENCE_STRENGTH[b.assessment.hit.reference!.kind] - REFERENCE_STRENGTH[a.assessment.hit.reference!.kind] ||
          a.assessment.prepared.candidate.id.localeCompare(b.assessment.prepared.candidate.id),
      )
      .slice(0, MAX_GROUP_MEMBERS);
    const sums = findSums(
      ordered.map((member) => member.options),
      line.amount,
      settings.amountTolerance,
    );
    if (sums.first === null) continue;
    results.push(groupOption(context, ordered, sums.first, sums.count > 1));
  }
  return results;
}

/**
 * Choices (an option index per member, −1 = left out) of at least two members whose amounts add up
 * to target ± tolerance; counts up to two (one is unique, two is ambiguous).
 */
function findSums(options: readonly number[][], target: number, tolerance: number): { first: number[] | null; count: number } {
  let first: number[] | null = null;
  let count = 0;
  let steps = 0;
  const choice = new Array<number>(options.length).fill(-1);
  const visit = (position: number, sum: number, chosen: number): void => {
    if (count > 1 || steps > MAX_SEARCH_STEPS) return;
    steps += 1;
    if (position === options.length) {
      if (chosen >= 2 && Math.abs(sum - target) <= tolerance) {
        count += 1;
        first ??= [...choice];
      }
      return;
    }
    const memberOptions = options[position]!;
    for (let option = 0; option < memberOptions.length; option += 1) {
      const next = sum + memberOptions[option]!;
      // Amounts are positive: past the target, adding more only goes further.
      if (next > target + tolerance) continue;
      choice[position] = option;
      visit(position + 1, next, chosen + 1);
    }
    choice[position] = -1;
    visit(position + 1, sum, chosen);
  };
  visit(0, 0, 0);
  // A search cut short may have missed a second sum: not unique then.
  return { first, count: steps > MAX_SEARCH_STEPS ? Math.max(count, 2) : count };
}

function groupOption(context: LineContext, members: readonly Member[], choice: readonly number[], ambiguous: boolean): Option {
  const { line } = context;
  const chosen = members.flatMap((member, position) => {
    const option = choice[position]!;
    return option < 0 ? [] : [{ member, amount: member.options[option]! }];
  });
  const total = chosen.reduce((sum, { amount }) => sum + amount, 0);
  // Within the tolerance the sum may exceed the line: the last invoice takes what is left and the
  // difference is written off, so that the line is never allocated more than it has.
  let excess = Math.max(0, total - line.amount);
  const allocations: MatchAllocation[] = [];
  for (let i = chosen.length - 1; i >= 0; i -= 1) {
    const { member, amount } = chosen[i]!;
    const open = member.assessment.prepared.candidate.openAmount;
    const reduce = Math.min(excess, amount - 1);
    excess -= reduce;
    allocations.unshift({
      lineId: line.id,
      candidateId: member.assessment.prepared.candidate.id,
      amount: amount - reduce,
      writeOff: open - amount + reduce,
    });
  }

  const reasons: MatchReason[] = [];
  let strength = 0;
  let nameScore = 0;
  let tier: number = ambiguous ? TIER.none : TIER.reference;
  let allKnown = true;
  let anyDiffers = false;
  let outsideDays = 0;
  let anyDate = false;
  for (const { member, amount } of chosen) {
    const { assessment } = member;
    const reference = assessment.hit.reference!;
    reasons.push({
      code: reference.kind === 'typo' ? 'reference_similar' : 'reference_found',
      params: { reference: reference.reference, found: reference.found },
    });
    const open = assessment.prepared.candidate.openAmount;
    if (amount !== open) reasons.push({ code: 'amount_net_of_skonto', params: { amount, skonto: open - amount } });
    strength += REFERENCE_STRENGTH[reference.kind];
    nameScore += assessment.nameScore;
    if (reference.kind === 'typo') tier = TIER.none;
    else if (reference.kind === 'digits') tier = Math.min(tier, TIER.referenceDigits);
    allKnown &&= assessment.iban === 'known';
    anyDiffers ||= assessment.iban === 'differs';
    if (assessment.inWindow !== null) anyDate = true;
    outsideDays = Math.max(outsideDays, assessment.daysOutside);
  }
  reasons.push({ code: 'amounts_sum', params: { count: chosen.length, total } });
  if (total !== line.amount) reasons.push({ code: 'amount_within_tolerance', params: { difference: line.amount - total } });
  if (allKnown && context.ibanKnown !== null) reasons.push(context.ibanKnown);
  if (anyDiffers && context.ibanDiffers !== null) reasons.push(context.ibanDiffers);
  const meanName = nameScore / chosen.length;
  if (meanName >= NAME_REASON_THRESHOLD)
    reasons.push({ code: 'name_similar', params: { score: Math.round(meanName * 100) / 100 } });
  if (anyDate) {
    reasons.push(outsideDays > 0 ? { code: 'date_outside_window', params: { days: outsideDays } } : DATE_IN_WINDOW);
  }
  if (ambiguous) reasons.push({ code: 'ambiguous', params: { others: 1 } });
  if (!allKnown || outsideDays > 0) tier = TIER.none;

  const score =
    0.4 * (strength / chosen.length) +
    0.3 * (total === line.amount ? 1 : 0.9) +
    (allKnown ? 0.15 : anyDiffers ? -0.1 : 0) +
    0.1 * meanName +
    (anyDate ? (outsideDays > 0 ? -0.05 : 0.05) : 0);
  return {
    lineIds: context.lineIds,
    allocations,
    score: roundScore(score),
    reasons,
    tier,
  };
}

/** A line's partial payment of a candidate it names, kept to find the lines that together pay it. */
export interface PartialPayment {
  line: MatchLine;
  assessment: Assessment;
}

/** More parts than this is an instalment plan a person follows, not a sum to propose. */
const MAX_PARTS = 6;

/**
 * Several lines paying one candidate: the partial payments that name it and together come to its
 * open amount (or short of it by at most the tolerance). Never exact: each part alone did not
 * settle it, and which lines belong together is for a person to confirm.
 */
export function combineLines(parts: readonly PartialPayment[], settings: MatchSettings): Option | null {
  if (parts.length < 2 || parts.length > MAX_PARTS) return null;
  const prepared = parts[0]!.assessment.prepared;
  const open = prepared.candidate.openAmount;
  const total = parts.reduce((sum, part) => sum + part.line.amount, 0);
  if (total > open || open - total > settings.amountTolerance) return null;
  const ordered = [...parts].sort(
    (a, b) => a.line.bookingDate.localeCompare(b.line.bookingDate) || a.line.id.localeCompare(b.line.id),
  );
  const allocations = ordered.map((part, position) => ({
    lineId: part.line.id,
    candidateId: prepared.candidate.id,
    amount: part.line.amount,
    writeOff: position === ordered.length - 1 ? open - total : 0,
  }));
  const reasons: MatchReason[] = [];
  for (const part of ordered) {
    const reference = part.assessment.hit.reference;
    if (reference !== null) {
      reasons.push({
        code: reference.kind === 'typo' ? 'reference_similar' : 'reference_found',
        params: { reference: reference.reference, found: reference.found },
      });
    }
  }
  reasons.push({ code: 'amounts_sum', params: { count: ordered.length, total } });
  if (total !== open) reasons.push({ code: 'amount_within_tolerance', params: { difference: total - open } });
  if (ordered.every((part) => part.assessment.iban === 'known')) {
    reasons.push({ code: 'iban_known', params: { iban: compactIban(ordered[0]!.line.counterpartyIban) ?? '' } });
  }
  // Each part's score counted its amount as a part (0.5); together they settle it (1).
  const score = ordered.reduce((sum, part) => sum + part.assessment.score, 0) / ordered.length + 0.15;
  return {
    lineIds: ordered.map((part) => part.line.id),
    allocations,
    score: roundScore(score),
    reasons,
    tier: TIER.none,
  };
}
