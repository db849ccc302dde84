/**
 * The indexes built once over the candidates, so that a line is scored against the few candidates
 * its reference, end-to-end id, IBAN or amount lead to, never against all of them (no n·m step).
 *
 * References (and their digits, and their one-character deletions) are indexed with the IBANs of
 * the candidate and with its amounts, besides alone. Suppliers number alike ("RE-2024-0001" is the
 * first invoice of many of them), so a reference alone may name hundreds of candidates, more as the
 * data grows; scoped by the counterparty's IBAN or by the amount, a key names a few whatever the
 * size (see find-candidates.ts for the order of the lookups). Keys are hashes (see hash.ts): every
 * lookup confirms the real reference, IBAN or amount before a candidate counts.
 */
import { HashFilter, hashAmount, hashText, hashTextWithout, mixHash, toKey } from './hash';
import { KeyIndexBuilder, MAX_POSITIONS, type KeyIndex } from './key-index';
import { compactIban, normalizeReference, referenceDigits } from './text';
import type { MatchCandidate, MatchSettings } from './types';

/** A reference shorter than this ("17") would be found in any text. */
export const MIN_REFERENCE_LENGTH = 4;
/** Only references this long are looked up with a typo: in shorter ones one character is too much of the whole. */
export const MIN_TYPO_REFERENCE_LENGTH = 6;
/** The digits of a reference are looked up alone ("2024017" for "RE-2024/017") from this many digits on. */
export const MIN_REFERENCE_DIGITS = 5;

/** A candidate with what the lookups and the scoring compare, computed once. */
export interface PreparedCandidate {
  candidate: MatchCandidate;
  /** What the remittance text may name (normalised): the reference, and a payment's end-to-end id. */
  keys: readonly string[];
  /** The digits of those keys, where long enough to be looked up alone. */
  digitKeys: readonly string[];
  /** Normalised end-to-end id (payments). */
  endToEndId: string | null;
  ibans: readonly string[];
  currency: string;
  /** The booking-date window as day numbers (null: no date to compare against). */
  windowStart: number | null;
  windowEnd: number | null;
  /** open − skonto, when the invoice grants one. */
  skontoNet: number | null;
  /** Last day of the skonto as a day number; null with a skonto: no deadline. */
  skontoUntil: number | null;
}

/** Day number (days since 1970-01-01) of a YYYY-MM-DD date; null for anything else. */
export function dayNumber(date: string | null): number | null {
  if (date === null || date.length < 10) return null;
  const value = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return Number.isNaN(value) ? null : Math.floor(value / 86_400_000);
}

const hasDigit = (value: string): boolean => /\d/.test(value);

/** End-to-end ids a bank fills in when the payer gave none. */
const NO_END_TO_END_ID = 'NOTPROVIDED';

export function normalizeEndToEndId(value: string | null): string | null {
  if (value === null) return null;
  const normalized = normalizeReference(value);
  return normalized === '' || normalized === NO_END_TO_END_ID ? null : normalized;
}

/** Amounts of one direction and currency (or of one IBAN), sorted, for range lookups (amount ± tolerance). */
export interface AmountTable {
  amounts: Float64Array;
  candidates: Int32Array;
}

export interface CandidateIndex {
  prepared: readonly PreparedCandidate[];
  /** Which reference, digit and deletion hashes exist at all (whatever their scope): the cheap first question. */
  referenceFilter: HashFilter;
  digitsFilter: HashFilter;
  deletionsFilter: HashFilter;
  /** Reference key alone, with an IBAN scope, with an amount. */
  referenceAll: KeyIndex;
  referenceByScope: KeyIndex;
  referenceByAmount: KeyIndex;
  /** The digits of a reference with an IBAN scope, with an amount (never alone: too weak a sign). */
  digitsByScope: KeyIndex;
  digitsByAmount: KeyIndex;
  /** Every reference with one character deleted (SymSpell), with an IBAN scope: a typo is one deletion away on either side. */
  deletionsByScope: KeyIndex;
  byEndToEndId: KeyIndex;
  /** Amount tables per direction and currency (see amountTableKey). */
  amountTables: Map<string, AmountTable>;
  /** Amount tables per IBAN: which candidates of a counterparty have an amount. */
  ibanAmountTables: Map<string, AmountTable>;
  /** Some candidates have no IBAN: they are in scope ''. */
  hasCandidatesWithoutIban: boolean;
  /** The longest indexed reference: longer runs of remittance text need no lookup. */
  maxReferenceLength: number;
  /** The longest reference indexed for typos (invoice numbers: end-to-end ids are machine-written). */
  maxTypoReferenceLength: number;
}

export const amountTableKey = (direction: string, currency: string): string => `${direction}|${currency}`;

/** The hash of an IBAN scope ('' = candidates without IBAN). */
export const scopeHash = (scope: string): number => hashText(scope, 0x5bd1e995);

/** Whether a candidate belongs to an IBAN scope. */
export const inScope = (prepared: PreparedCandidate, scope: string): boolean =>
  scope === '' ? prepared.ibans.length === 0 : prepared.ibans.includes(scope);

/** Appends `value` unless it is there already (a candidate has one or two of each: no Set needed). */
function addDistinct(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

function prepare(candidate: MatchCandidate, settings: MatchSettings): PreparedCandidate {
  const keys: string[] = [];
  const endToEndId = normalizeEndToEndId(candidate.endToEndId);
  for (const key of [candidate.reference === null ? null : normalizeReference(candidate.reference), endToEndId]) {
    if (key !== null && key.length >= MIN_REFERENCE_LENGTH && hasDigit(key)) addDistinct(keys, key);
  }
  const digitKeys: string[] = [];
  for (const key of keys) {
    const digits = referenceDigits(key);
    if (digits.length >= MIN_REFERENCE_DIGITS) addDistinct(digitKeys, digits);
  }
  const ibans: string[] = [];
  for (const value of candidate.ibans) {
    const iban = compactIban(value);
    if (iban !== null) addDistinct(ibans, iban);
  }
  const date = dayNumber(candidate.date);
  const due = dayNumber(candidate.dueDate);
  const first = date ?? due;
  const last = due ?? date;
  const skonto = candidate.skonto;
  const skontoUntil = skonto === null ? null : dayNumber(skonto.until);
  // A deadline that is no date cannot be kept: no skonto then, rather than one without a deadline.
  const skontoUsable =
    skonto !== null &&
    skonto.amount > 0 &&
    skonto.amount < candidate.openAmount &&
    (skonto.until === null || skontoUntil !== null);
  const skontoNet = skontoUsable ? candidate.openAmount - skonto.amount : null;
  return {
    candidate,
    keys,
    digitKeys,
    endToEndId,
    ibans,
    currency: candidate.currency.toUpperCase(),
    windowStart: first === null ? null : first - settings.dateWindowDays.beforeDate,
    windowEnd: last === null ? null : last + settings.dateWindowDays.afterDueDate,
    skontoNet,
    skontoUntil: skontoNet === null ? null : skontoUntil,
  };
}

/** Collects (amount, candidate) pairs per table, then sorts each by amount. */
class AmountTablesBuilder {
  private readonly entries = new Map<string, { amounts: number[]; candidates: number[] }>();

  add(key: string, amount: number, candidate: number): void {
    let entry = this.entries.get(key);
    if (entry === undefined) this.entries.set(key, (entry = { amounts: [], candidates: [] }));
    entry.amounts.push(amount);
    entry.candidates.push(candidate);
  }

  build(): Map<string, AmountTable> {
    const tables = new Map<string, AmountTable>();
    for (const [key, { amounts, candidates }] of this.entries) {
      const order = Int32Array.from(amounts, (_, i) => i).sort(
        (a, b) => amounts[a]! - amounts[b]! || candidates[a]! - candidates[b]!,
      );
      const table: AmountTable = { amounts: new Float64Array(order.length), candidates: new Int32Array(order.length) };
      for (let i = 0; i < order.length; i += 1) {
        table.amounts[i] = amounts[order[i]!]!;
        table.candidates[i] = candidates[order[i]!]!;
      }
      tables.set(key, table);
    }
    return tables;
  }
}

export function buildCandidateIndex(candidates: readonly MatchCandidate[], settings: MatchSettings): CandidateIndex {
  if (candidates.length > MAX_POSITIONS) throw new RangeError(`at most ${MAX_POSITIONS} candidates per matching`);
  const referenceFilter = new HashFilter(candidates.length * 2);
  const digitsFilter = new HashFilter(candidates.length * 2);
  const deletionsFilter = new HashFilter(candidates.length * 12);
  const referenceAll = new KeyIndexBuilder();
  const referenceByScope = new KeyIndexBuilder();
  const referenceByAmount = new KeyIndexBuilder();
  const digitsByScope = new KeyIndexBuilder();
  const digitsByAmount = new KeyIndexBuilder();
  const deletionsByScope = new KeyIndexBuilder();
  const byEndToEndId = new KeyIndexBuilder();
  const prepared: PreparedCandidate[] = [];
  const amountTables = new AmountTablesBuilder();
  const ibanAmountTables = new AmountTablesBuilder();
  let hasCandidatesWithoutIban = false;
  let maxReferenceLength = 0;
  let maxTypoReferenceLength = 0;

  for (const candidate of candidates) {
    // Nothing open, nothing to match: such a candidate cannot take an allocation.
    if (!(candidate.openAmount > 0)) continue;
    const position = prepared.length;
    const entry = prepare(candidate, settings);
    prepared.push(entry);
    const scopes = entry.ibans.length > 0 ? entry.ibans.map(scopeHash) : [scopeHash('')];
    hasCandidatesWithoutIban ||= entry.ibans.length === 0;
    const amounts = entry.skontoNet === null ? [candidate.openAmount] : [candidate.openAmount, entry.skontoNet];
    const amountHashes = amounts.map(hashAmount);

    // A payment's reference is its end-to-end id: both are looked up in the remittance text.
    for (const key of entry.keys) {
      const hash = hashText(key);
      referenceFilter.add(hash);
      referenceAll.add(toKey(hash), position);
      for (const scope of scopes) referenceByScope.add(toKey(mixHash(hash, scope)), position);
      for (const amount of amountHashes) referenceByAmount.add(toKey(mixHash(hash, amount)), position);
      maxReferenceLength = Math.max(maxReferenceLength, key.length);
      // Typos are looked for in invoice numbers (people type them); end-to-end ids come from machines.
      if (candidate.kind === 'invoice' && key.length >= MIN_TYPO_REFERENCE_LENGTH) {
        maxTypoReferenceLength = Math.max(maxTypoReferenceLength, key.length);
        for (let i = 0; i < key.length; i += 1) {
          // Deleting either of two equal neighbours gives the same key: once is enough.
          if (i > 0 && key[i] === key[i - 1]) continue;
          const deleted = hashTextWithout(key, i);
          deletionsFilter.add(deleted);
          for (const scope of scopes) deletionsByScope.add(toKey(mixHash(deleted, scope)), position);
        }
      }
    }
    for (const digits of entry.digitKeys) {
      const hash = hashText(digits);
      digitsFilter.add(hash);
      for (const scope of scopes) digitsByScope.add(toKey(mixHash(hash, scope)), position);
      for (const amount of amountHashes) digitsByAmount.add(toKey(mixHash(hash, amount)), position);
    }
    if (entry.endToEndId !== null) byEndToEndId.add(toKey(hashText(entry.endToEndId)), position);
    const tableKey = amountTableKey(candidate.direction, entry.currency);
    for (const amount of amounts) {
      amountTables.add(tableKey, amount, position);
      for (const iban of entry.ibans) ibanAmountTables.add(iban, amount, position);
    }
  }

  return {
    prepared,
    referenceFilter,
    digitsFilter,
    deletionsFilter,
    referenceAll: referenceAll.build(),
    referenceByScope: referenceByScope.build(),
    referenceByAmount: referenceByAmount.build(),
    digitsByScope: digitsByScope.build(),
    digitsByAmount: digitsByAmount.build(),
    deletionsByScope: deletionsByScope.build(),
    byEndToEndId: byEndToEndId.build(),
    amountTables: amountTables.build(),
    ibanAmountTables: ibanAmountTables.build(),
    hasCandidatesWithoutIban,
    maxReferenceLength,
    maxTypoReferenceLength,
  };
}

/** The candidates whose open or skonto-net amount lies in [low, high]: a contiguous run of the sorted table. */
export function amountRange(table: AmountTable, low: number, high: number): { from: number; to: number } {
  return { from: firstAbove(table.amounts, low, false), to: firstAbove(table.amounts, high, true) };
}

/** The first position whose amount is ≥ bound (or > bound with `strictly`): binary search, common amounts stay cheap. */
function firstAbove(amounts: Float64Array, bound: number, strictly: boolean): number {
  let lo = 0;
  let hi = amounts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const amount = amounts[mid]!;
    if (amount < bound || (strictly && amount === bound)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
