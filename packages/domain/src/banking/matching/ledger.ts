/**
 * The invariant of matching kept in one place: what is matched never exceeds what a line or a
 * candidate has open. A ledger holds the open amounts; an allocation is taken whole or not at all.
 */
import type { MatchAllocation, MatchCandidate, MatchLine } from './types';

export class MatchLedger {
  private readonly lines: Map<string, number>;
  private readonly candidates: Map<string, number>;

  constructor(
    lines: readonly Pick<MatchLine, 'id' | 'amount'>[],
    candidates: readonly Pick<MatchCandidate, 'id' | 'openAmount'>[],
  ) {
    this.lines = new Map(lines.map((line) => [line.id, Math.max(0, line.amount)]));
    this.candidates = new Map(candidates.map((candidate) => [candidate.id, Math.max(0, candidate.openAmount)]));
  }

  /** What of the line is still open (0 for a line the ledger does not hold). */
  remainingOfLine(lineId: string): number {
    return this.lines.get(lineId) ?? 0;
  }

  /** What of the candidate is still open (0 for a candidate the ledger does not hold). */
  remainingOfCandidate(candidateId: string): number {
    return this.candidates.get(candidateId) ?? 0;
  }

  /**
   * Whether all allocations fit together: every amount a positive whole number, every write-off a
   * non-negative one, and per line the amounts, per candidate the amounts and write-offs, within
   * what is open.
   */
  fits(allocations: readonly MatchAllocation[]): boolean {
    if (allocations.length === 0) return false;
    const lineTotals = new Map<string, number>();
    const candidateTotals = new Map<string, number>();
    for (const { lineId, candidateId, amount, writeOff } of allocations) {
      if (!Number.isSafeInteger(amount) || amount <= 0 || !Number.isSafeInteger(writeOff) || writeOff < 0) return false;
      lineTotals.set(lineId, (lineTotals.get(lineId) ?? 0) + amount);
      candidateTotals.set(candidateId, (candidateTotals.get(candidateId) ?? 0) + amount + writeOff);
    }
    for (const [lineId, total] of lineTotals) if (total > this.remainingOfLine(lineId)) return false;
    for (const [candidateId, total] of candidateTotals) if (total > this.remainingOfCandidate(candidateId)) return false;
    return true;
  }

  /** Takes the allocations from the open amounts if they all fit; else changes nothing and answers false. */
  allocate(allocations: readonly MatchAllocation[]): boolean {
    if (!this.fits(allocations)) return false;
    for (const { lineId, candidateId, amount, writeOff } of allocations) {
      this.lines.set(lineId, this.remainingOfLine(lineId) - amount);
      this.candidates.set(candidateId, this.remainingOfCandidate(candidateId) - amount - writeOff);
    }
    return true;
  }
}
