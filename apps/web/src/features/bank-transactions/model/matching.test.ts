import { describe, expect, it } from 'vitest';
import type { BankMatchProposal, MatchTargetView } from '@kontor/domain/banking/bank-transaction-api';
import { invoiceTakesProposals, lineOpenAmount, matchReasonText, maxMatchAmount, proposalRequests } from './matching';

// Intl separates amount and currency with a no-break space.
const plain = ({ key, values }: ReturnType<typeof matchReasonText>) => ({
  key,
  values: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value).replace(/\u00a0/g, ' ')])),
});
const context = { currency: 'EUR', locale: 'de' as const, targetKind: 'invoice' as const };

const target = (id: string, openAmount: number): MatchTargetView => ({
  kind: 'invoice',
  id,
  invoiceId: id,
  reference: `RE-${id}`,
  counterpartyName: 'Bürowelt Schneider GmbH',
  openAmount,
  total: openAmount,
  currency: 'EUR',
  dueDate: '2026-12-20',
});

describe('matchReasonText', () => {
  it('names the reference as an invoice number, or as a reference for a payment', () => {
    const reason = { code: 'reference_found', params: { reference: 'RE-2024-017', found: 'RE-2024-017' } };
    expect(matchReasonText(reason, context)).toEqual({
      key: 'reasons.reference_found_invoice',
      values: { reference: 'RE-2024-017' },
    });
    expect(matchReasonText(reason, { ...context, targetKind: 'payment' }).key).toBe('reasons.reference_found_payment');
  });

  it('shows amounts in minor units as money of the line’s currency', () => {
    expect(plain(matchReasonText({ code: 'amount_equal', params: { amount: 119_000 } }, context))).toEqual({
      key: 'reasons.amount_equal',
      values: { amount: '1.190,00 €' },
    });
    expect(plain(matchReasonText({ code: 'amount_net_of_skonto', params: { amount: 116_620, skonto: 2_380 } }, context))).toEqual(
      { key: 'reasons.amount_net_of_skonto', values: { amount: '1.166,20 €', skonto: '23,80 €' } },
    );
    expect(plain(matchReasonText({ code: 'amount_within_tolerance', params: { difference: -150 } }, context)).values).toEqual({
      difference: '1,50 €',
    });
    expect(plain(matchReasonText({ code: 'amounts_sum', params: { count: 3, total: 30_000 } }, context)).values).toEqual({
      count: '3',
      total: '300,00 €',
    });
  });

  it('groups an IBAN, formats dates and shares, counts days and others for plurals', () => {
    expect(matchReasonText({ code: 'iban_known', params: { iban: 'DE25700202700015040123' } }, context).values).toEqual({
      iban: 'DE25 7002 0270 0015 0401 23',
    });
    expect(matchReasonText({ code: 'skonto_expired', params: { until: '2026-11-30' } }, context).values.until).toMatch(
      /30\.11\.2026/,
    );
    expect(plain(matchReasonText({ code: 'name_similar', params: { score: 0.92 } }, context)).values.percent).toBe('92 %');
    expect(matchReasonText({ code: 'date_outside_window', params: { days: 4 } }, context)).toEqual({
      key: 'reasons.date_outside_window',
      values: { count: 4 },
    });
    expect(matchReasonText({ code: 'ambiguous', params: { others: 1 } }, context)).toEqual({
      key: 'reasons.ambiguous',
      values: { count: 1 },
    });
    expect(matchReasonText({ code: 'date_in_window', params: {} }, context)).toEqual({
      key: 'reasons.date_in_window',
      values: {},
    });
  });

  it('still shows a reason the web does not know yet, by its code', () => {
    expect(matchReasonText({ code: 'something_new', params: {} }, context)).toEqual({
      key: 'reasons.other',
      values: { code: 'something_new' },
    });
  });
});

describe('amounts to match', () => {
  it('never offers more than the line or the target has open', () => {
    expect(lineOpenAmount({ amount: 10_000, matchedAmount: 2_500 })).toBe(7_500);
    expect(lineOpenAmount({ amount: 10_000, matchedAmount: 12_000 })).toBe(0);
    expect(maxMatchAmount(7_500, { openAmount: 5_000 })).toBe(5_000);
    expect(maxMatchAmount(7_500, { openAmount: 9_000 })).toBe(7_500);
  });
});

const LINE = '6f1c3f0e-2b7a-4c1e-9d1a-0c2b3a4d5e6f';

describe('proposalRequests', () => {
  const reasons: BankMatchProposal['reasons'] = [
    { code: 'reference_found', params: { reference: 'RE-a', found: 'RE-a' } },
    { code: 'amount_net_of_skonto', params: { amount: 9_800, skonto: 200 } },
    { code: 'iban_known', params: { iban: 'DE25700202700015040123' } },
  ];
  const single: BankMatchProposal = {
    exact: true,
    score: 0.97,
    reasons,
    allocations: [{ lineId: LINE, target: target('a', 10_000), amount: 9_800, writeOff: 200 }],
    lines: [],
  };

  it('accepts a proposal as proposed: one request per part, in order, with the skonto and every reason', () => {
    const several: BankMatchProposal = {
      ...single,
      allocations: [
        { lineId: LINE, target: target('a', 10_000), amount: 10_000, writeOff: 0 },
        { lineId: LINE, target: { ...target('b', 5_000), kind: 'payment', invoiceId: null }, amount: 5_000, writeOff: 0 },
      ],
    };
    expect(proposalRequests(several)).toEqual([
      { lineId: LINE, target: { kind: 'invoice', id: 'a' }, amount: 10_000, writeOff: 0, reasons, invoiceId: 'a' },
      { lineId: LINE, target: { kind: 'payment', id: 'b' }, amount: 5_000, writeOff: 0, reasons, invoiceId: null },
    ]);
    expect(proposalRequests(single, 9_800)).toEqual([
      { lineId: LINE, target: { kind: 'invoice', id: 'a' }, amount: 9_800, writeOff: 200, reasons, invoiceId: 'a' },
    ]);
  });

  it('sends each part to the line it allocates (the invoice’s side: several lines may pay one invoice)', () => {
    const OTHER = '0b7e2c4d-5f6a-4b8c-9d0e-1f2a3b4c5d6e';
    const twoLines: BankMatchProposal = {
      ...single,
      allocations: [
        { lineId: LINE, target: target('a', 10_000), amount: 6_000, writeOff: 0 },
        { lineId: OTHER, target: target('a', 10_000), amount: 4_000, writeOff: 0 },
      ],
    };
    expect(proposalRequests(twoLines).map(({ lineId, amount }) => ({ lineId, amount }))).toEqual([
      { lineId: LINE, amount: 6_000 },
      { lineId: OTHER, amount: 4_000 },
    ]);
  });

  it('matches another amount without skonto and without the reasons about the proposed amount', () => {
    expect(proposalRequests(single, 4_000)).toEqual([
      {
        lineId: LINE,
        target: { kind: 'invoice', id: 'a' },
        amount: 4_000,
        writeOff: 0,
        reasons: [reasons[0], reasons[2]],
        invoiceId: 'a',
      },
    ]);
  });
});

describe('invoiceTakesProposals', () => {
  const open = {
    type: 'invoice',
    status: 'approved',
    matchingStatus: 'not_matched',
    totalAmount: 10_000,
    matchedAmount: 0,
  } as const;

  it('proposes bank lines while something of an open invoice is not matched', () => {
    expect(invoiceTakesProposals(open)).toBe(true);
    expect(invoiceTakesProposals({ ...open, matchingStatus: 'partially_matched', matchedAmount: 4_000 })).toBe(true);
  });

  it('proposes nothing for a fully matched, closed or amountless invoice, nor for a credit note', () => {
    expect(invoiceTakesProposals({ ...open, matchingStatus: 'fully_matched', matchedAmount: 10_000 })).toBe(false);
    expect(invoiceTakesProposals({ ...open, matchedAmount: 10_000 })).toBe(false);
    expect(invoiceTakesProposals({ ...open, totalAmount: null })).toBe(false);
    expect(invoiceTakesProposals({ ...open, status: 'cancelled' })).toBe(false);
    expect(invoiceTakesProposals({ ...open, type: 'credit_note' })).toBe(false);
  });
});
