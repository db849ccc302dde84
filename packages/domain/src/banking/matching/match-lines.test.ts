import { describe, expect, it } from 'vitest';
import { chooseAutomaticMatches } from './automatic';
import { MatchLedger } from './ledger';
import { matchLines } from './match-lines';
import {
  DEFAULT_MATCH_SETTINGS,
  type MatchCandidate,
  type MatchLine,
  type MatchProposal,
  type MatchReason,
  type MatchReasonCode,
  type MatchSettings,
} from './types';

const SUPPLIER_IBAN = 'DE89370400440532013000';
const OTHER_IBAN = 'DE02120300000000202051';

const invoice = (id: string, overrides: Partial<MatchCandidate> = {}): MatchCandidate => ({
  kind: 'invoice',
  id,
  reference: id.toUpperCase(),
  endToEndId: null,
  counterpartyName: 'Müller Bau GmbH',
  ibans: [SUPPLIER_IBAN],
  direction: 'outgoing',
  openAmount: 119_000,
  currency: 'EUR',
  date: '2024-03-01',
  dueDate: '2024-03-31',
  skonto: null,
  ...overrides,
});

const line = (id: string, overrides: Partial<MatchLine> = {}): MatchLine => ({
  id,
  direction: 'outgoing',
  amount: 119_000,
  currency: 'EUR',
  bookingDate: '2024-03-20',
  counterpartyName: 'MUELLER BAU GMBH',
  counterpartyIban: 'DE89 3704 0044 0532 0130 00',
  remittance: null,
  endToEndId: null,
  ...overrides,
});

interface Expected {
  /** The line's first proposal: what it allocates (candidate, amount, write-off), whether exact, which reasons it gives. */
  top?: { allocations: [string, number, number][]; exact: boolean; reasons: MatchReasonCode[]; lineIds?: string[] };
  /** Candidates that must (not) be among the line's proposals. */
  proposes?: string[];
  neverProposes?: string[];
}

interface Case {
  name: string;
  lines: MatchLine[];
  candidates: MatchCandidate[];
  settings?: Partial<MatchSettings>;
  expected: Record<string, Expected>;
  /** The automatic matches as [line, candidate, amount]. */
  automatic: [string, string, number][];
}

const cases: Case[] = [
  {
    name: 'exact: reference, amount and IBAN',
    lines: [line('l1', { remittance: 'Rechnung INV-2024-017 vom 01.03.2024' })],
    candidates: [invoice('inv-2024-017'), invoice('inv-2024-018')],
    expected: {
      l1: {
        top: {
          allocations: [['inv-2024-017', 119_000, 0]],
          exact: true,
          reasons: ['reference_found', 'amount_equal', 'iban_known', 'name_similar', 'date_in_window'],
        },
      },
    },
    automatic: [['l1', 'inv-2024-017', 119_000]],
  },
  {
    name: 'exact: the reference without separators, in lower case',
    lines: [line('l1', { remittance: 'inv2024017' })],
    candidates: [invoice('inv-2024-017')],
    expected: { l1: { top: { allocations: [['inv-2024-017', 119_000, 0]], exact: true, reasons: ['reference_found'] } } },
    automatic: [['l1', 'inv-2024-017', 119_000]],
  },
  {
    name: 'exact: the digits of the reference alone',
    lines: [line('l1', { remittance: 'Zahlung 2024017' })],
    candidates: [invoice('r1', { reference: 'RE-2024/017' })],
    expected: { l1: { top: { allocations: [['r1', 119_000, 0]], exact: true, reasons: ['reference_found'] } } },
    automatic: [['l1', 'r1', 119_000]],
  },
  {
    name: 'skonto: total less skonto, paid by the skonto date',
    lines: [line('l1', { amount: 116_620, bookingDate: '2024-03-10', remittance: 'RE-2024-017' })],
    candidates: [invoice('r1', { reference: 'RE-2024-017', skonto: { amount: 2_380, until: '2024-03-11' } })],
    expected: {
      l1: {
        top: {
          allocations: [['r1', 116_620, 2_380]],
          exact: true,
          reasons: ['reference_found', 'amount_net_of_skonto', 'iban_known'],
        },
      },
    },
    automatic: [['l1', 'r1', 116_620]],
  },
  {
    name: 'skonto taken after the skonto date: the skonto stays open',
    lines: [line('l1', { amount: 116_620, bookingDate: '2024-03-20', remittance: 'RE-2024-017' })],
    candidates: [invoice('r1', { reference: 'RE-2024-017', skonto: { amount: 2_380, until: '2024-03-11' } })],
    expected: { l1: { top: { allocations: [['r1', 116_620, 0]], exact: false, reasons: ['skonto_expired', 'amount_partial'] } } },
    automatic: [],
  },
  {
    name: 'partial: half paid, the rest stays open',
    lines: [line('l1', { amount: 59_500, remittance: 'Teilzahlung RE-2024-017' })],
    candidates: [invoice('r1', { reference: 'RE-2024-017' })],
    expected: { l1: { top: { allocations: [['r1', 59_500, 0]], exact: false, reasons: ['reference_found', 'amount_partial'] } } },
    automatic: [],
  },
  {
    name: 'one line pays three invoices: references in the text, amounts add up',
    lines: [line('l1', { amount: 10_000 + 20_000 + 30_500, remittance: 'RE-2024-017, RE-2024-018 und RE-2024-021' })],
    candidates: [
      invoice('r17', { reference: 'RE-2024-017', openAmount: 10_000 }),
      invoice('r18', { reference: 'RE-2024-018', openAmount: 20_000 }),
      invoice('r21', { reference: 'RE-2024-021', openAmount: 30_500 }),
      invoice('r22', { reference: 'RE-2024-022', openAmount: 30_500 }),
    ],
    expected: {
      l1: {
        top: {
          allocations: [
            ['r17', 10_000, 0],
            ['r18', 20_000, 0],
            ['r21', 30_500, 0],
          ],
          exact: true,
          reasons: ['reference_found', 'amounts_sum', 'iban_known'],
        },
        neverProposes: ['r22'],
      },
    },
    automatic: [
      ['l1', 'r17', 10_000],
      ['l1', 'r18', 20_000],
      ['l1', 'r21', 30_500],
    ],
  },
  {
    name: 'two lines pay one invoice: each a part, together the whole (never automatic)',
    lines: [
      line('l1', { amount: 70_000, remittance: 'RE-2024-017 1. Rate', bookingDate: '2024-03-10' }),
      line('l2', { amount: 49_000, remittance: 'RE-2024-017 2. Rate', bookingDate: '2024-03-25' }),
    ],
    candidates: [invoice('r1', { reference: 'RE-2024-017' })],
    expected: {
      l1: {
        top: {
          lineIds: ['l1', 'l2'],
          allocations: [
            ['r1', 70_000, 0],
            ['r1', 49_000, 0],
          ],
          exact: false,
          reasons: ['reference_found', 'amounts_sum'],
        },
      },
      l2: { proposes: ['r1'] },
    },
    automatic: [],
  },
  {
    name: 'wrong IBAN: reference and amount fit, the IBAN is not the supplier’s',
    lines: [line('l1', { counterpartyIban: OTHER_IBAN, remittance: 'RE-2024-017' })],
    candidates: [invoice('r1', { reference: 'RE-2024-017' })],
    expected: {
      l1: {
        top: { allocations: [['r1', 119_000, 0]], exact: false, reasons: ['reference_found', 'amount_equal', 'iban_differs'] },
      },
    },
    automatic: [],
  },
  {
    name: 'reference with a typo: proposed, not automatic',
    lines: [line('l1', { remittance: 'Rechnung RE2024-0l7' })],
    candidates: [invoice('r17', { reference: 'RE-2024-017' }), invoice('r18', { reference: 'RE-2024-018', openAmount: 50_000 })],
    expected: {
      l1: {
        top: { allocations: [['r17', 119_000, 0]], exact: false, reasons: ['reference_similar', 'amount_equal'] },
        neverProposes: ['r18'],
      },
    },
    automatic: [],
  },
  {
    name: 'two equal amounts without a reference: both proposed, neither automatic',
    lines: [line('l1', { remittance: 'Zahlung' })],
    candidates: [invoice('r1', { reference: 'RE-2024-017' }), invoice('r2', { reference: 'RE-2024-018' })],
    expected: {
      l1: {
        top: { allocations: [['r1', 119_000, 0]], exact: false, reasons: ['amount_equal', 'iban_known'] },
        proposes: ['r1', 'r2'],
      },
    },
    automatic: [],
  },
  {
    name: 'the same invoice number and amount twice (a duplicate upload): ambiguous',
    lines: [line('l1', { remittance: 'RE-2024-017' })],
    candidates: [invoice('r1', { reference: 'RE-2024-017' }), invoice('r1-copy', { reference: 'RE-2024-017' })],
    expected: {
      l1: {
        top: { allocations: [['r1', 119_000, 0]], exact: false, reasons: ['reference_found', 'ambiguous'] },
        proposes: ['r1-copy'],
      },
    },
    automatic: [],
  },
  {
    name: 'the same number at two suppliers: the IBAN decides',
    lines: [line('l1', { counterpartyIban: OTHER_IBAN, counterpartyName: 'Schmidt Elektro', remittance: 'RE-2024-017' })],
    candidates: [
      invoice('mueller', { reference: 'RE-2024-017' }),
      invoice('schmidt', { reference: 'RE-2024-017', ibans: [OTHER_IBAN], counterpartyName: 'Schmidt Elektro KG' }),
    ],
    expected: {
      l1: { top: { allocations: [['schmidt', 119_000, 0]], exact: true, reasons: ['reference_found', 'iban_known'] } },
    },
    automatic: [['l1', 'schmidt', 119_000]],
  },
  {
    name: 'payment run: the end-to-end id finds the payment, ahead of the invoice it pays',
    lines: [line('l1', { remittance: 'RE-2024-017', endToEndId: 'KONTOR-00001-0000007' })],
    candidates: [
      invoice('r1', { reference: 'RE-2024-017' }),
      {
        ...invoice('pay-7'),
        kind: 'payment',
        reference: 'KONTOR-00001-0000007',
        endToEndId: 'KONTOR-00001-0000007',
        date: '2024-03-19',
        dueDate: null,
      },
    ],
    expected: {
      l1: {
        top: { allocations: [['pay-7', 119_000, 0]], exact: true, reasons: ['end_to_end_id_equal', 'amount_equal'] },
        proposes: ['r1'],
      },
    },
    automatic: [['l1', 'pay-7', 119_000]],
  },
  {
    name: 'NOTPROVIDED is no end-to-end id',
    lines: [line('l1', { remittance: 'Zahlung', endToEndId: 'NOTPROVIDED', amount: 1_000 })],
    candidates: [{ ...invoice('pay-1'), kind: 'payment', reference: 'NOTPROVIDED', endToEndId: 'NOTPROVIDED' }],
    expected: { l1: { neverProposes: ['pay-1'] } },
    automatic: [],
  },
  {
    name: 'direction: an incoming line never matches an AP invoice',
    lines: [line('l1', { direction: 'incoming', remittance: 'Gutschrift RE-2024-017' })],
    candidates: [invoice('r1', { reference: 'RE-2024-017' })],
    expected: { l1: { neverProposes: ['r1'] } },
    automatic: [],
  },
  {
    name: 'currency: a USD line never matches a EUR invoice',
    lines: [line('l1', { currency: 'USD', remittance: 'RE-2024-017' })],
    candidates: [invoice('r1', { reference: 'RE-2024-017' })],
    expected: { l1: { neverProposes: ['r1'] } },
    automatic: [],
  },
  {
    name: 'booking date far outside the window: proposed, not automatic',
    lines: [line('l1', { remittance: 'RE-2024-017', bookingDate: '2025-06-01' })],
    candidates: [invoice('r1', { reference: 'RE-2024-017' })],
    expected: { l1: { top: { allocations: [['r1', 119_000, 0]], exact: false, reasons: ['date_outside_window'] } } },
    automatic: [],
  },
  {
    name: 'tolerance (organisation setting): a difference within it settles the invoice',
    lines: [line('l1', { amount: 118_950, remittance: 'RE-2024-017' })],
    candidates: [invoice('r1', { reference: 'RE-2024-017' })],
    settings: { amountTolerance: 100 },
    expected: { l1: { top: { allocations: [['r1', 118_950, 50]], exact: true, reasons: ['amount_within_tolerance'] } } },
    automatic: [['l1', 'r1', 118_950]],
  },
  {
    name: 'two lines pay one invoice in full each (a duplicate payment): applied once',
    lines: [line('l1', { remittance: 'RE-2024-017' }), line('l2', { remittance: 'RE-2024-017', bookingDate: '2024-03-21' })],
    candidates: [invoice('r1', { reference: 'RE-2024-017' })],
    expected: { l1: { top: { allocations: [['r1', 119_000, 0]], exact: true, reasons: [] } }, l2: { proposes: ['r1'] } },
    automatic: [['l1', 'r1', 119_000]],
  },
  {
    name: 'an organisation without auto-match: nothing automatic',
    lines: [line('l1', { remittance: 'RE-2024-017' })],
    candidates: [invoice('r1', { reference: 'RE-2024-017' })],
    settings: { autoMatch: false },
    expected: { l1: { top: { allocations: [['r1', 119_000, 0]], exact: true, reasons: [] } } },
    automatic: [],
  },
];

function run(testCase: Case) {
  const settings: MatchSettings = { ...DEFAULT_MATCH_SETTINGS, ...testCase.settings };
  const results = matchLines(testCase.lines, testCase.candidates, settings);
  const ledger = new MatchLedger(testCase.lines, testCase.candidates);
  const automatic = chooseAutomaticMatches(
    results.flatMap((result) => result.proposals),
    ledger,
    settings,
  );
  return { results, automatic };
}

const codes = (proposal: MatchProposal) => proposal.reasons.map((reason) => reason.code);

describe('matchLines', () => {
  it.each(cases)('$name', (testCase) => {
    const { results, automatic } = run(testCase);
    for (const [lineId, expected] of Object.entries(testCase.expected)) {
      const proposals = results.find((result) => result.lineId === lineId)!.proposals;
      const proposed = proposals.flatMap((proposal) => proposal.allocations.map((allocation) => allocation.candidateId));
      if (expected.top) {
        const top = proposals[0]!;
        expect(top.allocations.map((allocation) => [allocation.candidateId, allocation.amount, allocation.writeOff])).toEqual(
          expected.top.allocations,
        );
        expect(top.exact).toBe(expected.top.exact);
        expect(codes(top)).toEqual(expect.arrayContaining(expected.top.reasons));
        if (expected.top.lineIds) expect(top.lineIds).toEqual(expected.top.lineIds);
        expect(top.score).toBeGreaterThan(0);
        expect(top.score).toBeLessThanOrEqual(1);
      }
      for (const id of expected.proposes ?? []) expect(proposed).toContain(id);
      for (const id of expected.neverProposes ?? []) expect(proposed).not.toContain(id);
      // At most one exact proposal per line.
      expect(proposals.filter((proposal) => proposal.exact).length).toBeLessThanOrEqual(1);
    }
    const applied = automatic.flatMap((proposal) =>
      proposal.allocations.map((allocation) => [allocation.lineId, allocation.candidateId, allocation.amount]),
    );
    expect(applied).toEqual(testCase.automatic);
  });

  it('explains with parameters: the reference as the supplier wrote it and as the payer did', () => {
    const { results } = run(cases[0]!);
    const reasons = results[0]!.proposals[0]!.reasons;
    expect(reasons).toContainEqual<MatchReason>({
      code: 'reference_found',
      params: { reference: 'INV-2024-017', found: 'INV-2024-017' },
    });
    expect(reasons).toContainEqual<MatchReason>({ code: 'amount_equal', params: { amount: 119_000 } });
    expect(reasons).toContainEqual<MatchReason>({ code: 'iban_known', params: { iban: SUPPLIER_IBAN } });
    const typo = run(cases.find((testCase) => testCase.name.startsWith('reference with a typo'))!).results[0]!.proposals[0]!;
    expect(typo.reasons).toContainEqual<MatchReason>({
      code: 'reference_similar',
      params: { reference: 'RE-2024-017', found: 'RE2024-0l7' },
    });
    const partial = run(cases.find((testCase) => testCase.name.startsWith('partial'))!).results[0]!.proposals[0]!;
    expect(partial.reasons).toContainEqual<MatchReason>({ code: 'amount_partial', params: { rest: 59_500 } });
  });

  it('gives lines and candidates without an open amount nothing', () => {
    const results = matchLines(
      [line('l1', { amount: 0, remittance: 'RE-2024-017' }), line('l2', { remittance: 'RE-2024-017' })],
      [invoice('r1', { reference: 'RE-2024-017', openAmount: 0 })],
    );
    expect(results.map((result) => result.proposals.length)).toEqual([0, 0]);
  });

  it('answers the lines in their order, each with a few proposals at most', () => {
    const candidates = Array.from({ length: 30 }, (_, i) => invoice(`r${i}`, { reference: `RE-2024-${100 + i}` }));
    const results = matchLines([line('a', { remittance: 'Zahlung' }), line('b')], candidates);
    expect(results.map((result) => result.lineId)).toEqual(['a', 'b']);
    for (const result of results) expect(result.proposals.length).toBeLessThanOrEqual(5);
  });
});
