/**
 * The candidates one line leads to: references and end-to-end ids in its remittance text (exact,
 * by their digits, or one typing error off), its end-to-end id, and its amount (alone only when
 * few candidates share it, else together with its IBAN). Cost per line is the size of its text and
 * of the buckets it hits, not the number of candidates.
 */
import {
  MIN_REFERENCE_DIGITS,
  MIN_REFERENCE_LENGTH,
  MIN_TYPO_REFERENCE_LENGTH,
  amountRange,
  amountTableKey,
  inScope,
  normalizeEndToEndId,
  scopeHash,
  type CandidateIndex,
  type PreparedCandidate,
} from './candidate-index';
import { withinOneEdit } from './edit-distance';
import type { KeyIndex } from './key-index';
import { hashAmount, hashDigits, hashText, hashTextWithout, mixHash, toKey } from './hash';
import { referenceDigits, tokenize, type TextToken } from './text';
import type { MatchLine, MatchSettings } from './types';

/** How a reference was found: as written (separators aside), by its digits alone, or with one typing error. */
export type ReferenceKind = 'exact' | 'digits' | 'typo';
const KIND_RANK: Record<ReferenceKind, number> = { exact: 3, digits: 2, typo: 1 };

export interface ReferenceHit {
  kind: ReferenceKind;
  /** The candidate's reference in its own spelling (for the reason text). */
  reference: string;
  /** The text of the remittance that matched, as the payer wrote it. */
  found: string;
  /** How many tokens `found` spans: of two runs that match alike, the shorter is the better quote. */
  tokens: number;
}

export interface CandidateHit {
  reference: ReferenceHit | null;
  endToEndId: boolean;
}

/** A reference the payer split with spaces or separators spans a few tokens ("RE 2024 / 017"). */
const MAX_RUN_TOKENS = 4;
const MAX_TYPO_RUN_TOKENS = 3;
/**
 * A reference (or its digits) found in the text but neither within the line's IBAN nor with its
 * amount is looked up alone only if at most this many candidates have it: "RE-2024-0001" of any
 * of hundreds of suppliers is no evidence, and a limit that does not grow with the data keeps the
 * work per line from growing with it.
 */
const UNSCOPED_LIMIT = 20;
/** An amount this many candidates share says nothing on its own (standing orders, round sums). */
export const AMOUNT_ALONE_LIMIT = 20;
/** A counterparty with more open items of the line's amount than this (a subscription) is for the reference to decide. */
const AMOUNT_WITH_IBAN_LIMIT = 50;

/** What the lookups of one line share. */
interface LineLookup {
  index: CandidateIndex;
  line: MatchLine;
  /** IBAN scopes worth looking into: the line's IBAN if any candidate has it, '' if some candidates have none. */
  scopes: string[];
  scopeHashes: number[];
  /** Some candidate has the line's IBAN. */
  ibanKnown: boolean;
  amountHash: number;
  /** A reused buffer for the candidates of one key. */
  bucket: number[];
  /** The original text of tokens from..to of the remittance. */
  textOf: (from: number, to: number) => string;
  /** Records a reference hit, found in tokens from..to (the text is only sliced when the hit is kept). */
  addReference: (candidate: number, kind: ReferenceKind, from: number, to: number) => void;
}

export function findCandidates(
  index: CandidateIndex,
  line: MatchLine,
  lineIban: string | null,
  settings: MatchSettings,
): Map<number, CandidateHit> {
  const hits = new Map<number, CandidateHit>();
  const hitFor = (candidate: number): CandidateHit => {
    let hit = hits.get(candidate);
    if (hit === undefined) hits.set(candidate, (hit = { reference: null, endToEndId: false }));
    return hit;
  };

  const endToEndId = normalizeEndToEndId(line.endToEndId);
  if (endToEndId !== null) {
    const candidates: number[] = [];
    index.byEndToEndId.collect(toKey(hashText(endToEndId)), candidates);
    for (const candidate of candidates)
      if (index.prepared[candidate]!.endToEndId === endToEndId) hitFor(candidate).endToEndId = true;
  }

  let explained = false;
  const remittance = line.remittance;
  if (remittance !== null && remittance !== '') {
    const tokens = tokenize(remittance);
    const scopes: string[] = [];
    // A line from an account no candidate has (most noise) looks into no IBAN scope at all.
    const ibanKnown = lineIban !== null && index.ibanAmountTables.has(lineIban);
    if (ibanKnown) scopes.push(lineIban);
    if (index.hasCandidatesWithoutIban) scopes.push('');
    const lookup: LineLookup = {
      index,
      line,
      scopes,
      scopeHashes: scopes.map(scopeHash),
      ibanKnown,
      amountHash: hashAmount(line.amount),
      bucket: [],
      textOf: (from, to) => remittance.slice(tokens[from]!.start, tokens[to]!.end),
      addReference: (candidate, kind, from, to) => {
        const hit = hitFor(candidate);
        const known = hit.reference;
        if (known !== null && (KIND_RANK[known.kind] > KIND_RANK[kind] || (known.kind === kind && known.tokens <= to - from + 1)))
          return;
        const source = index.prepared[candidate]!.candidate;
        hit.reference = {
          kind,
          reference: source.reference ?? source.endToEndId ?? '',
          found: lookup.textOf(from, to),
          tokens: to - from + 1,
        };
      },
    };
    explained = findReferences(lookup, tokens);
  }
  // A line its reference explains needs no candidates by amount: they could only be weaker proposals.
  if (!explained) findByAmount(index, line, lineIban, settings, hitFor);
  return hits;
}

/** Looks up the runs of tokens as references; answers whether one of them explains the line (its amount fits). */
function findReferences(lookup: LineLookup, tokens: readonly TextToken[]): boolean {
  const { index } = lookup;
  const maxLength = index.maxReferenceLength;
  // Spans of tokens that are a reference exactly: their parts are not also looked up as typos
  // (the "2024017" in "RE-2024-017" would be one character off many other references).
  const exactSpans: [number, number][] = [];
  let explained = false;
  const found: number[] = [];

  for (let from = 0; from < tokens.length; from += 1) {
    let run = '';
    let hash = hashText('');
    let digitsHash = hash;
    let digits = 0;
    for (let to = from; to < tokens.length && to < from + MAX_RUN_TOKENS; to += 1) {
      const token = tokens[to]!;
      run += token.text;
      if (run.length > maxLength) break;
      hash = hashText(token.text, hash);
      digits += token.digits;
      if (token.digits > 0) digitsHash = hashDigits(token.text, digitsHash);
      if (run.length < MIN_REFERENCE_LENGTH || digits === 0) continue;
      found.length = 0;
      if (index.referenceFilter.mayHave(hash)) lookupReference(lookup, run, hash, found);
      if (found.length > 0) exactSpans.push([from, to]);
      for (const candidate of found) {
        lookup.addReference(candidate, 'exact', from, to);
        explained ||= explains(lookup, index.prepared[candidate]!);
      }
      if (digits >= MIN_REFERENCE_DIGITS && index.digitsFilter.mayHave(digitsHash)) {
        found.length = 0;
        lookupDigits(lookup, referenceDigits(run), digitsHash, found);
        for (const candidate of found) {
          lookup.addReference(candidate, 'digits', from, to);
          explained ||= explains(lookup, index.prepared[candidate]!);
        }
      }
    }
  }

  // A reference found with the line's amount explains the line: looking for typos of other
  // references would only add noise (and most of the time per line). Typos are looked for only
  // within the line's IBAN scopes: one character off some other supplier's reference is no evidence.
  if (explained || lookup.scopes.length === 0) return explained;
  const maxTypoLength = index.maxTypoReferenceLength;
  for (let from = 0; from < tokens.length; from += 1) {
    let run = '';
    let digits = 0;
    for (let to = from; to < tokens.length && to < from + MAX_TYPO_RUN_TOKENS; to += 1) {
      const token: TextToken = tokens[to]!;
      run += token.text;
      digits += token.digits;
      // A run one character longer than the longest reference can still be that reference with an extra character.
      if (run.length > maxTypoLength + 1) break;
      if (run.length < MIN_TYPO_REFERENCE_LENGTH - 1 || digits === 0) continue;
      if (exactSpans.some(([start, end]) => start <= from && to <= end)) continue;
      found.length = 0;
      findTypos(lookup, run, found);
      for (const candidate of found) lookup.addReference(candidate, 'typo', from, to);
    }
  }
  return false;
}

/** The candidates of one key, in the line's reused buffer (each is read before the next lookup). */
function collect(lookup: LineLookup, keyIndex: KeyIndex, key: number, limit?: number): readonly number[] {
  lookup.bucket.length = 0;
  keyIndex.collect(key, lookup.bucket, limit);
  return lookup.bucket;
}

/**
 * The candidates a run names as their reference (into `found`): within the line's IBAN scopes;
 * else with the line's amount (a new account of the counterparty); else, only for a line whose
 * IBAN no candidate has, the reference alone if few candidates share it.
 */
function lookupReference(lookup: LineLookup, run: string, hash: number, found: number[]): void {
  const { index, scopes, scopeHashes } = lookup;
  const amount = lookup.line.amount;
  for (let s = 0; s < scopes.length; s += 1) {
    for (const candidate of collect(lookup, index.referenceByScope, toKey(mixHash(hash, scopeHashes[s]!)))) {
      const prepared = index.prepared[candidate]!;
      if (prepared.keys.includes(run) && inScope(prepared, scopes[s]!)) found.push(candidate);
    }
  }
  if (found.length > 0) return;
  for (const candidate of collect(lookup, index.referenceByAmount, toKey(mixHash(hash, lookup.amountHash)))) {
    const prepared = index.prepared[candidate]!;
    if (prepared.keys.includes(run) && amountIs(prepared, amount)) found.push(candidate);
  }
  if (found.length > 0 || lookup.ibanKnown) return;
  for (const candidate of collect(lookup, index.referenceAll, toKey(hash), UNSCOPED_LIMIT)) {
    if (index.prepared[candidate]!.keys.includes(run)) found.push(candidate);
  }
}

/**
 * Like lookupReference, for the digits of a run ("2024017" names "RE-2024/017"), but never alone:
 * digits other suppliers' numbers share, with neither the IBAN nor the amount, are no evidence.
 */
function lookupDigits(lookup: LineLookup, digits: string, digitsHash: number, found: number[]): void {
  const { index, scopes, scopeHashes } = lookup;
  for (let s = 0; s < scopes.length; s += 1) {
    for (const candidate of collect(lookup, index.digitsByScope, toKey(mixHash(digitsHash, scopeHashes[s]!)))) {
      const prepared = index.prepared[candidate]!;
      if (prepared.digitKeys.includes(digits) && inScope(prepared, scopes[s]!)) found.push(candidate);
    }
  }
  if (found.length > 0) return;
  for (const candidate of collect(lookup, index.digitsByAmount, toKey(mixHash(digitsHash, lookup.amountHash)))) {
    const prepared = index.prepared[candidate]!;
    if (prepared.digitKeys.includes(digits) && amountIs(prepared, lookup.line.amount)) found.push(candidate);
  }
}

const amountIs = (prepared: PreparedCandidate, amount: number): boolean =>
  prepared.candidate.openAmount === amount || prepared.skontoNet === amount;

/**
 * Looks a run up with one typing error (SymSpell, one deletion on either side) among the
 * references of the line's IBAN scopes, and confirms each hit with the real edit distance.
 */
function findTypos(lookup: LineLookup, run: string, found: number[]): void {
  const { index, scopes, scopeHashes } = lookup;
  const runHash = hashText(run);
  for (let s = 0; s < scopes.length; s += 1) {
    const scope = scopes[s]!;
    const scopeHash = scopeHashes[s]!;
    // The payer left a character out.
    if (index.deletionsFilter.mayHave(runHash)) {
      confirmTypos(index, collect(lookup, index.deletionsByScope, toKey(mixHash(runHash, scopeHash))), run, scope, found);
    }
    for (let i = 0; i < run.length; i += 1) {
      if (i > 0 && run[i] === run[i - 1]) continue;
      const deleted = hashTextWithout(run, i);
      // The payer typed a character too many.
      if (run.length > MIN_TYPO_REFERENCE_LENGTH && index.referenceFilter.mayHave(deleted)) {
        confirmTypos(index, collect(lookup, index.referenceByScope, toKey(mixHash(deleted, scopeHash))), run, scope, found);
      }
      // The payer typed a character wrong, or swapped two.
      if (index.deletionsFilter.mayHave(deleted)) {
        confirmTypos(index, collect(lookup, index.deletionsByScope, toKey(mixHash(deleted, scopeHash))), run, scope, found);
      }
    }
  }
}

function confirmTypos(index: CandidateIndex, candidates: readonly number[], run: string, scope: string, found: number[]): void {
  for (const candidate of candidates) {
    const prepared = index.prepared[candidate]!;
    if (prepared.candidate.kind !== 'invoice' || !inScope(prepared, scope)) continue;
    const reference = prepared.keys[0];
    if (
      reference !== undefined &&
      reference.length >= MIN_TYPO_REFERENCE_LENGTH &&
      reference !== run &&
      withinOneEdit(run, reference)
    ) {
      found.push(candidate);
    }
  }
}

/**
 * Whether a reference hit explains the line, so that no typos or amounts need looking for: its
 * amount fits, and it is the counterparty's (when the line's IBAN is known at all).
 */
function explains(lookup: LineLookup, prepared: PreparedCandidate): boolean {
  const { line } = lookup;
  return (
    prepared.candidate.direction === line.direction &&
    prepared.currency === line.currency.toUpperCase() &&
    amountIs(prepared, line.amount) &&
    (!lookup.ibanKnown || prepared.ibans.includes(lookup.scopes[0]!))
  );
}

function findByAmount(
  index: CandidateIndex,
  line: MatchLine,
  lineIban: string | null,
  settings: MatchSettings,
  hitFor: (candidate: number) => CandidateHit,
): void {
  const tolerance = settings.amountTolerance;
  const low = line.amount - tolerance;
  const high = line.amount + tolerance;
  const table = index.amountTables.get(amountTableKey(line.direction, line.currency.toUpperCase()));
  if (table !== undefined) {
    const { from, to } = amountRange(table, low, high);
    if (to - from <= AMOUNT_ALONE_LIMIT) {
      for (let i = from; i < to; i += 1) hitFor(table.candidates[i]!);
      return;
    }
  }
  // Too common an amount to mean anything alone: only those of the line's IBAN.
  if (lineIban === null) return;
  const ibanTable = index.ibanAmountTables.get(lineIban);
  if (ibanTable === undefined) return;
  const { from, to } = amountRange(ibanTable, low, high);
  if (to - from > AMOUNT_WITH_IBAN_LIMIT) return;
  for (let i = from; i < to; i += 1) hitFor(ibanTable.candidates[i]!);
}
