/**
 * Scores one line against one candidate it led to, and says why: the reasons are codes with
 * parameters ("reference RE-2024-017 found, amount equal, IBAN known"), the allocation never
 * takes more than either side has open, and `tier` says whether (and how strongly) the pair may
 * be applied without a person.
 */
import { dayNumber, type PreparedCandidate } from './candidate-index';
import type { CandidateHit, ReferenceKind } from './find-candidates';
import type { NameSimilarity } from './name-similarity';
import { compactIban } from './text';
import type { MatchAllocation, MatchLine, MatchReason, MatchSettings } from './types';

/** What of a line a scoring needs more than once, computed once per line. */
export interface LineContext {
  line: MatchLine;
  /** [line.id], shared by the line's proposals. */
  lineIds: readonly string[];
  iban: string | null;
  currency: string;
  bookingDay: number | null;
  /** The line's IBAN reasons, made once and shared by its proposals (a run holds hundreds of thousands). */
  ibanKnown: MatchReason | null;
  ibanDiffers: MatchReason | null;
}

export function lineContext(line: MatchLine): LineContext {
  const iban = compactIban(line.counterpartyIban);
  return {
    line,
    lineIds: [line.id],
    iban,
    currency: line.currency.toUpperCase(),
    bookingDay: dayNumber(line.bookingDate),
    ibanKnown: iban === null ? null : { code: 'iban_known', params: { iban } },
    ibanDiffers: iban === null ? null : { code: 'iban_differs', params: { iban } },
  };
}

/** A reason without parameters, shared by every proposal that gives it. */
export const DATE_IN_WINDOW: MatchReason = Object.freeze({ code: 'date_in_window', params: Object.freeze({}) });

/**
 * How the line's amount relates to the candidate's open amount. The first four "fit": the line
 * settles the candidate (with the skonto or a difference within the tolerance written off).
 */
export type AmountFit = 'equal' | 'skonto' | 'tolerance' | 'skonto_tolerance' | 'partial' | 'exceeds';
const SETTLING_FITS: ReadonlySet<AmountFit> = new Set(['equal', 'skonto', 'tolerance', 'skonto_tolerance']);
export const settles = (fit: AmountFit): boolean => SETTLING_FITS.has(fit);

export interface AmountAssessment {
  fit: AmountFit;
  /** Of the line, to the candidate: ≤ both open amounts. */
  amount: number;
  /** Settles the candidate beyond `amount`: amount + writeOff ≤ its open amount. */
  writeOff: number;
  reasons: MatchReason[];
}

/** Whether the skonto may be taken on the booking day (the skonto date itself still counts). */
export function skontoOpen(prepared: PreparedCandidate, bookingDay: number | null): boolean {
  if (prepared.skontoNet === null) return false;
  if (prepared.skontoUntil === null) return true;
  return bookingDay !== null && bookingDay <= prepared.skontoUntil;
}

export function assessAmount(
  lineAmount: number,
  prepared: PreparedCandidate,
  bookingDay: number | null,
  tolerance: number,
): AmountAssessment {
  const open = prepared.candidate.openAmount;
  const net = prepared.skontoNet;
  if (lineAmount === open)
    return { fit: 'equal', amount: lineAmount, writeOff: 0, reasons: [{ code: 'amount_equal', params: { amount: open } }] };
  const skontoAllowed = skontoOpen(prepared, bookingDay);
  if (net !== null && lineAmount === net) {
    const skonto = open - net;
    if (skontoAllowed) {
      return {
        fit: 'skonto',
        amount: lineAmount,
        writeOff: skonto,
        reasons: [{ code: 'amount_net_of_skonto', params: { amount: net, skonto } }],
      };
    }
    // Paid net after the skonto date: the skonto was not earned, its amount stays open.
    return {
      fit: 'partial',
      amount: lineAmount,
      writeOff: 0,
      reasons: [
        { code: 'skonto_expired', params: { until: prepared.candidate.skonto?.until ?? '' } },
        { code: 'amount_partial', params: { rest: skonto } },
      ],
    };
  }
  if (Math.abs(lineAmount - open) <= tolerance) {
    const amount = Math.min(lineAmount, open);
    return {
      fit: 'tolerance',
      amount,
      writeOff: open - amount,
      reasons: [{ code: 'amount_within_tolerance', params: { difference: lineAmount - open } }],
    };
  }
  if (net !== null && skontoAllowed && Math.abs(lineAmount - net) <= tolerance) {
    const amount = Math.min(lineAmount, open);
    return {
      fit: 'skonto_tolerance',
      amount,
      writeOff: open - amount,
      reasons: [
        { code: 'amount_net_of_skonto', params: { amount: net, skonto: open - net } },
        { code: 'amount_within_tolerance', params: { difference: lineAmount - net } },
      ],
    };
  }
  if (lineAmount < open) {
    return {
      fit: 'partial',
      amount: lineAmount,
      writeOff: 0,
      reasons: [{ code: 'amount_partial', params: { rest: open - lineAmount } }],
    };
  }
  return {
    fit: 'exceeds',
    amount: open,
    writeOff: 0,
    reasons: [{ code: 'amount_exceeds', params: { rest: lineAmount - open } }],
  };
}

/** The weights of the signals in the score (they add up to 1). */
const WEIGHT = { reference: 0.4, amount: 0.3, iban: 0.15, name: 0.1, date: 0.05 } as const;
const IBAN_DIFFERS_PENALTY = 0.1;
const DATE_OUTSIDE_PENALTY = 0.05;
/** A name this alike is worth a reason of its own. */
export const NAME_REASON_THRESHOLD = 0.5;

export const REFERENCE_STRENGTH: Record<ReferenceKind, number> = { exact: 1, digits: 0.9, typo: 0.7 };
const AMOUNT_STRENGTH: Record<AmountFit, number> = {
  equal: 1,
  skonto: 1,
  tolerance: 0.9,
  skonto_tolerance: 0.9,
  partial: 0.5,
  exceeds: 0.35,
};

/**
 * How strongly a pair may be applied automatically: 0 = never; else the strength of its
 * identification, end-to-end id (3) over the reference as written (2) over its digits alone (1).
 * Only the unique candidate of a line's highest tier is exact: a payment found by its end-to-end id
 * outranks the invoice it pays, two invoices with the same number and amount are ambiguous.
 */
export const TIER = { endToEndId: 3, reference: 2, referenceDigits: 1, none: 0 } as const;

export type IbanRelation = 'known' | 'differs' | 'unknown';

export function ibanRelation(lineIban: string | null, prepared: PreparedCandidate): IbanRelation {
  if (lineIban === null || prepared.ibans.length === 0) return 'unknown';
  return prepared.ibans.includes(lineIban) ? 'known' : 'differs';
}

/** In the window (true), outside (days off), or nothing to compare (null). */
export function dateRelation(
  bookingDay: number | null,
  prepared: PreparedCandidate,
): { inWindow: boolean; daysOff: number } | null {
  if (bookingDay === null || prepared.windowStart === null || prepared.windowEnd === null) return null;
  if (bookingDay < prepared.windowStart) return { inWindow: false, daysOff: prepared.windowStart - bookingDay };
  if (bookingDay > prepared.windowEnd) return { inWindow: false, daysOff: bookingDay - prepared.windowEnd };
  return { inWindow: true, daysOff: 0 };
}

export interface Assessment {
  candidateIndex: number;
  prepared: PreparedCandidate;
  hit: CandidateHit;
  fit: AmountFit;
  allocation: MatchAllocation;
  score: number;
  reasons: MatchReason[];
  tier: number;
  iban: IbanRelation;
  inWindow: boolean | null;
  /** How far the booking date lies outside the window (0 inside or without dates). */
  daysOutside: number;
  nameScore: number;
}

export const roundScore = (score: number): number => Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;

/**
 * The pair's score and reasons; null when the pair cannot match at all (other direction or
 * currency) or nothing but its IBAN or name ties them (no reference, amount not fitting).
 */
export function assess(
  context: LineContext,
  candidateIndex: number,
  prepared: PreparedCandidate,
  hit: CandidateHit,
  names: NameSimilarity,
  settings: MatchSettings,
): Assessment | null {
  const { line } = context;
  const candidate = prepared.candidate;
  if (candidate.direction !== line.direction || prepared.currency !== context.currency) return null;

  const amount = assessAmount(line.amount, prepared, context.bookingDay, settings.amountTolerance);
  const reference = hit.reference;
  if (reference === null && !hit.endToEndId && !settles(amount.fit)) return null;

  const reasons: MatchReason[] = [];
  let referenceStrength = 0;
  if (hit.endToEndId) {
    reasons.push({ code: 'end_to_end_id_equal', params: { endToEndId: candidate.endToEndId ?? '' } });
    referenceStrength = 1;
  }
  if (reference !== null) {
    reasons.push({
      code: reference.kind === 'typo' ? 'reference_similar' : 'reference_found',
      params: { reference: reference.reference, found: reference.found },
    });
    referenceStrength = Math.max(referenceStrength, REFERENCE_STRENGTH[reference.kind]);
  }
  reasons.push(...amount.reasons);

  const iban = ibanRelation(context.iban, prepared);
  if (iban === 'known' && context.ibanKnown !== null) reasons.push(context.ibanKnown);
  if (iban === 'differs' && context.ibanDiffers !== null) reasons.push(context.ibanDiffers);

  const nameScore = names.score(line.counterpartyName, candidate.counterpartyName);
  if (nameScore >= NAME_REASON_THRESHOLD)
    reasons.push({ code: 'name_similar', params: { score: Math.round(nameScore * 100) / 100 } });

  const date = dateRelation(context.bookingDay, prepared);
  if (date?.inWindow === true) reasons.push(DATE_IN_WINDOW);
  if (date?.inWindow === false) reasons.push({ code: 'date_outside_window', params: { days: date.daysOff } });

  const score =
    WEIGHT.reference * referenceStrength +
    WEIGHT.amount * AMOUNT_STRENGTH[amount.fit] +
    (iban === 'known' ? WEIGHT.iban : iban === 'differs' ? -IBAN_DIFFERS_PENALTY : 0) +
    WEIGHT.name * nameScore +
    (date === null ? 0 : date.inWindow ? WEIGHT.date : -DATE_OUTSIDE_PENALTY);

  const identification = hit.endToEndId
    ? TIER.endToEndId
    : reference?.kind === 'exact'
      ? TIER.reference
      : reference?.kind === 'digits'
        ? TIER.referenceDigits
        : TIER.none;
  // Exact: identified, the amount settles it, the IBAN is the counterparty's (our own end-to-end id
  // needs none), and the booking date is not implausible.
  const tier =
    identification > 0 && settles(amount.fit) && (iban === 'known' || hit.endToEndId) && date?.inWindow !== false
      ? identification
      : TIER.none;

  return {
    candidateIndex,
    prepared,
    hit,
    fit: amount.fit,
    allocation: { lineId: line.id, candidateId: candidate.id, amount: amount.amount, writeOff: amount.writeOff },
    score: roundScore(score),
    reasons,
    tier,
    iban,
    inWindow: date === null ? null : date.inWindow,
    daysOutside: date?.daysOff ?? 0,
    nameScore,
  };
}
