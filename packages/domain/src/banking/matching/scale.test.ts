/**
 * The engine on generated data (not timed: timing is bench/'s job, on a machine of its own):
 * 5,000 bank lines against 5,000 open invoices and the payments of a few payment runs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseAutomaticMatches } from './automatic';
import { evaluateMatching, generateMatchingData, type MatchingEvaluation } from './generate-matching-data';
import { MatchLedger } from './ledger';
import { matchLines } from './match-lines';
import { DEFAULT_MATCH_SETTINGS } from './types';

describe('5,000 lines × 5,000 invoices', () => {
  const data = generateMatchingData({ lines: 5_000, invoices: 5_000, seed: 62 });
  let evaluation: MatchingEvaluation;
  beforeAll(() => {
    const proposals = matchLines(data.lines, data.candidates, DEFAULT_MATCH_SETTINGS);
    const automatic = chooseAutomaticMatches(
      proposals.flatMap((result) => result.proposals),
      new MatchLedger(data.lines, data.candidates),
      DEFAULT_MATCH_SETTINGS,
    );
    evaluation = evaluateMatching(data, proposals, automatic);
  });

  it('generates every kind of line', () => {
    const kinds = new Set(data.expectations.map((expectation) => expectation.kind));
    expect([...kinds].sort()).toEqual(
      [
        'exact',
        'exact_digits',
        'skonto',
        'several_invoices',
        'payment_run',
        'typo',
        'partial',
        'skonto_late',
        'wrong_iban',
        'no_reference',
        'reversed_direction',
        'unknown_invoice',
        'noise',
      ].sort(),
    );
    expect(data.lines).toHaveLength(5_000);
  });

  it('generates the same data for the same seed', () => {
    const again = generateMatchingData({ lines: 200, invoices: 200, seed: 7 });
    expect(generateMatchingData({ lines: 200, invoices: 200, seed: 7 })).toEqual(again);
    expect(generateMatchingData({ lines: 200, invoices: 200, seed: 8 }).lines).not.toEqual(again.lines);
  });

  it('matches at least 99 % of the exact payments automatically, to what they pay', () => {
    expect(evaluation.automaticExpected).toBeGreaterThan(3_000);
    expect(evaluation.automaticRight / evaluation.automaticExpected).toBeGreaterThanOrEqual(0.99);
  });

  it('makes no wrong automatic match', () => {
    expect(evaluation.automaticWrong).toBe(0);
  });

  it('proposes what the others pay, for a person to confirm', () => {
    for (const [kind, { lines, proposed }] of Object.entries(evaluation.proposedRight)) {
      expect(proposed / lines, kind).toBeGreaterThanOrEqual(0.95);
    }
  });
});
