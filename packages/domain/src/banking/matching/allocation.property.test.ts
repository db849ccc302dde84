/**
 * Property: whatever the lines and candidates, no proposal and no set of automatic matches
 * allocates more than a line or a candidate has open, and every allocation is positive.
 * (fast-check is not a dependency of the repository: a seeded generator loop instead.)
 */
import { describe, expect, it } from 'vitest';
import { chooseAutomaticMatches } from './automatic';
import { MatchLedger } from './ledger';
import { matchLines } from './match-lines';
import type { MatchCandidate, MatchLine, MatchSettings } from './types';

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const REFERENCES = ['RE-2024-017', 'RE-2024-018', 'RE-2024-021', 'INV2024/0017', '100017', 'AR-000123'];
const IBANS = ['DE89370400440532013000', 'DE02120300000000202051', 'AT611904300234573201'];
/** Few, small amounts: sums, equal amounts and partials happen often. */
const AMOUNTS = [1_000, 2_000, 3_000, 5_000, 6_000, 10_000, 11_900];

function scenario(seed: number) {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const maybe = <T>(value: T): T | null => (rnd() < 0.8 ? value : null);
  const day = () => `2024-03-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;
  const candidates: MatchCandidate[] = Array.from({ length: 1 + Math.floor(rnd() * 8) }, (_, i) => {
    const openAmount = pick(AMOUNTS);
    const kind = rnd() < 0.2 ? 'payment' : 'invoice';
    const endToEndId = kind === 'payment' ? `E2E-${Math.floor(rnd() * 4)}-0001` : null;
    return {
      kind,
      id: `c${i}`,
      reference: kind === 'payment' ? endToEndId : maybe(pick(REFERENCES)),
      endToEndId,
      counterpartyName: maybe(pick(['Müller Bau GmbH', 'Schmidt KG'])),
      ibans: rnd() < 0.8 ? [pick(IBANS)] : [],
      direction: rnd() < 0.9 ? 'outgoing' : 'incoming',
      openAmount,
      currency: rnd() < 0.95 ? 'EUR' : 'USD',
      date: maybe(day()),
      dueDate: maybe(day()),
      skonto: rnd() < 0.3 ? { amount: Math.max(1, Math.floor(openAmount * 0.02)), until: rnd() < 0.8 ? day() : null } : null,
    };
  });
  const lines: MatchLine[] = Array.from({ length: 1 + Math.floor(rnd() * 6) }, (_, i) => {
    const references = Array.from({ length: Math.floor(rnd() * 3) }, () => pick([...REFERENCES, 'RE2024-0l7', 'E2E-1-0001']));
    return {
      id: `l${i}`,
      direction: rnd() < 0.9 ? 'outgoing' : 'incoming',
      amount: rnd() < 0.5 ? pick(AMOUNTS) : pick(AMOUNTS) + pick(AMOUNTS) - (rnd() < 0.3 ? pick([0, 20, 200]) : 0),
      currency: 'EUR',
      bookingDate: day(),
      counterpartyName: maybe('MUELLER BAU'),
      counterpartyIban: maybe(pick(IBANS)),
      remittance: references.length > 0 ? references.join(' ') : maybe('Zahlung'),
      endToEndId: rnd() < 0.3 ? pick(['E2E-1-0001', 'NOTPROVIDED']) : null,
    };
  });
  const settings: MatchSettings = {
    amountTolerance: pick([0, 0, 20, 250]),
    dateWindowDays: { beforeDate: 7, afterDueDate: pick([0, 90]) },
    autoMatch: true,
  };
  return { lines, candidates, settings };
}

const RUNS = 600;

describe('matched amounts never exceed either side', () => {
  it(`every proposal fits the open amounts on its own (${RUNS} random scenarios)`, () => {
    let allocations = 0;
    for (let seed = 1; seed <= RUNS; seed += 1) {
      const { lines, candidates, settings } = scenario(seed);
      for (const { proposals } of matchLines(lines, candidates, settings)) {
        expect(proposals.filter((proposal) => proposal.exact).length, `seed ${seed}`).toBeLessThanOrEqual(1);
        for (const proposal of proposals) {
          for (const allocation of proposal.allocations) {
            expect(allocation.amount, `seed ${seed}`).toBeGreaterThan(0);
            expect(allocation.writeOff, `seed ${seed}`).toBeGreaterThanOrEqual(0);
            expect(Number.isInteger(allocation.amount) && Number.isInteger(allocation.writeOff), `seed ${seed}`).toBe(true);
            allocations += 1;
          }
          expect(new MatchLedger(lines, candidates).fits(proposal.allocations), `seed ${seed}: ${JSON.stringify(proposal)}`).toBe(
            true,
          );
          expect(proposal.score).toBeGreaterThanOrEqual(0);
          expect(proposal.score).toBeLessThanOrEqual(1);
        }
      }
    }
    // The scenarios do produce matches to check.
    expect(allocations).toBeGreaterThan(RUNS);
  });

  it(`the automatic matches together fit the open amounts (${RUNS} random scenarios)`, () => {
    let chosen = 0;
    for (let seed = 1; seed <= RUNS; seed += 1) {
      const { lines, candidates, settings } = scenario(seed);
      const proposals = matchLines(lines, candidates, settings).flatMap((result) => result.proposals);
      const automatic = chooseAutomaticMatches(proposals, new MatchLedger(lines, candidates), settings);
      // Replayed on a fresh ledger, all of them still fit, in order.
      const check = new MatchLedger(lines, candidates);
      for (const proposal of automatic) {
        expect(proposal.exact).toBe(true);
        expect(check.allocate(proposal.allocations), `seed ${seed}: ${JSON.stringify(proposal)}`).toBe(true);
      }
      for (const line of lines) expect(check.remainingOfLine(line.id)).toBeGreaterThanOrEqual(0);
      for (const candidate of candidates) expect(check.remainingOfCandidate(candidate.id)).toBeGreaterThanOrEqual(0);
      chosen += automatic.length;
    }
    expect(chosen).toBeGreaterThan(0);
  });
});

describe('MatchLedger', () => {
  const ledger = () =>
    new MatchLedger(
      [{ id: 'l1', amount: 1_000 }],
      [
        { id: 'c1', openAmount: 800 },
        { id: 'c2', openAmount: 500 },
      ],
    );

  it('takes an allocation whole or not at all', () => {
    const book = ledger();
    expect(
      book.allocate([
        { lineId: 'l1', candidateId: 'c1', amount: 700, writeOff: 100 },
        { lineId: 'l1', candidateId: 'c2', amount: 300, writeOff: 0 },
      ]),
    ).toBe(true);
    expect(book.remainingOfLine('l1')).toBe(0);
    expect(book.remainingOfCandidate('c1')).toBe(0);
    expect(book.remainingOfCandidate('c2')).toBe(200);
    // Nothing of the line is left: refused, and nothing changes.
    expect(book.allocate([{ lineId: 'l1', candidateId: 'c2', amount: 1, writeOff: 0 }])).toBe(false);
    expect(book.remainingOfCandidate('c2')).toBe(200);
  });

  it.each([
    [
      'more than the line',
      [
        { lineId: 'l1', candidateId: 'c1', amount: 600, writeOff: 0 },
        { lineId: 'l1', candidateId: 'c2', amount: 500, writeOff: 0 },
      ],
    ],
    ['more than the candidate with its write-off', [{ lineId: 'l1', candidateId: 'c1', amount: 700, writeOff: 101 }]],
    ['zero', [{ lineId: 'l1', candidateId: 'c1', amount: 0, writeOff: 0 }]],
    ['negative write-off', [{ lineId: 'l1', candidateId: 'c1', amount: 10, writeOff: -1 }]],
    ['a fraction', [{ lineId: 'l1', candidateId: 'c1', amount: 10.5, writeOff: 0 }]],
    ['an unknown candidate', [{ lineId: 'l1', candidateId: 'c9', amount: 10, writeOff: 0 }]],
    ['nothing', []],
  ])('refuses %s', (_, allocations) => {
    const book = ledger();
    expect(book.allocate(allocations)).toBe(false);
    expect(book.remainingOfLine('l1')).toBe(1_000);
  });
});
