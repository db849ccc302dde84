import { describe, expect, it } from 'vitest';
import {
  RECEIVABLE_ACTIONS,
  RECEIVABLE_STATUSES,
  allowedReceivableActions,
  isOpenReceivable,
  nextReceivableStatus,
  restoreTarget,
  type ReceivableAction,
  type ReceivablePayment,
  type ReceivableStatus,
} from './receivable-status';

/**
 * The receivable status table written out cell by cell: every status × every action, under each
 * payment situation the table can read. A change to RECEIVABLE_TRANSITIONS has to be a deliberate
 * change here too. "—" = refused.
 */
type Cell = ReceivableStatus | '—';
const COLUMNS: readonly ReceivableAction[] = ['issue', 'edit', 'record_payment', 'mark_unpaid', 'cancel', 'restore', 'transfer'];

const SITUATIONS = {
  // No payment passed: record_payment is refused, nothing is known to be paid.
  none: undefined,
  unpaid: { paidAmount: 0, totalAmount: 11_900 },
  partial: { paidAmount: 5_000, totalAmount: 11_900 },
  exact: { paidAmount: 11_900, totalAmount: 11_900 },
  overpaid: { paidAmount: 12_000, totalAmount: 11_900 },
} satisfies Record<string, ReceivablePayment | undefined>;
type Situation = keyof typeof SITUATIONS;

// prettier-ignore
const MATRIX: Record<Situation, Record<ReceivableStatus, readonly Cell[]>> = {
  none: {
    //              issue          edit           record_payment    mark_unpaid    cancel      restore        transfer
    draft:          ['outstanding', 'draft',       '—',              '—',           'canceled', '—',           '—'],
    outstanding:    ['—',           'outstanding', '—',              '—',           'canceled', '—',           'transferred'],
    partially_paid: ['—',           '—',           '—',              'outstanding', 'canceled', '—',           'transferred'],
    paid:           ['—',           '—',           '—',              'outstanding', '—',        '—',           '—'],
    canceled:       ['—',           '—',           '—',              '—',           '—',        'outstanding', '—'],
    transferred:    ['—',           '—',           '—',              '—',           '—',        'outstanding', '—'],
  },
  unpaid: {
    draft:          ['outstanding', 'draft',       '—',              '—',           'canceled', '—',           '—'],
    outstanding:    ['—',           'outstanding', '—',              '—',           'canceled', '—',           'transferred'],
    partially_paid: ['—',           '—',           '—',              'outstanding', 'canceled', '—',           'transferred'],
    paid:           ['—',           '—',           '—',              'outstanding', '—',        '—',           '—'],
    canceled:       ['—',           '—',           '—',              '—',           '—',        'outstanding', '—'],
    transferred:    ['—',           '—',           '—',              '—',           '—',        'outstanding', '—'],
  },
  partial: {
    draft:          ['outstanding', 'draft',       '—',              '—',           'canceled', '—',           '—'],
    outstanding:    ['—',           '—',           'partially_paid', '—',           'canceled', '—',           'transferred'],
    partially_paid: ['—',           '—',           'partially_paid', 'outstanding', 'canceled', '—',           'transferred'],
    paid:           ['—',           '—',           '—',              'outstanding', '—',        '—',           '—'],
    canceled:       ['—',           '—',           '—',              '—',           '—',        'outstanding', '—'],
    transferred:    ['—',           '—',           '—',              '—',           '—',        'outstanding', '—'],
  },
  exact: {
    draft:          ['outstanding', 'draft',       '—',              '—',           'canceled', '—',           '—'],
    outstanding:    ['—',           '—',           'paid',           '—',           'canceled', '—',           'transferred'],
    partially_paid: ['—',           '—',           'paid',           'outstanding', 'canceled', '—',           'transferred'],
    paid:           ['—',           '—',           '—',              'outstanding', '—',        '—',           '—'],
    canceled:       ['—',           '—',           '—',              '—',           '—',        'outstanding', '—'],
    transferred:    ['—',           '—',           '—',              '—',           '—',        'outstanding', '—'],
  },
  overpaid: {
    draft:          ['outstanding', 'draft',       '—',              '—',           'canceled', '—',           '—'],
    outstanding:    ['—',           '—',           'paid',           '—',           'canceled', '—',           'transferred'],
    partially_paid: ['—',           '—',           'paid',           'outstanding', 'canceled', '—',           'transferred'],
    paid:           ['—',           '—',           '—',              'outstanding', '—',        '—',           '—'],
    canceled:       ['—',           '—',           '—',              '—',           '—',        'outstanding', '—'],
    transferred:    ['—',           '—',           '—',              '—',           '—',        'outstanding', '—'],
  },
};

const cellOf = (situation: Situation, status: ReceivableStatus, action: ReceivableAction): Cell =>
  MATRIX[situation][status][COLUMNS.indexOf(action)]!;

describe('receivable status table', () => {
  const cells = (Object.keys(SITUATIONS) as Situation[]).flatMap((situation) =>
    RECEIVABLE_STATUSES.flatMap((status) => RECEIVABLE_ACTIONS.map((action) => ({ situation, status, action }))),
  );

  it('covers all 6 statuses × 7 actions in each of the 5 payment situations', () => {
    expect(cells).toHaveLength(6 * 7 * 5);
    expect([...COLUMNS].sort()).toEqual([...RECEIVABLE_ACTIONS].sort());
    for (const rows of Object.values(MATRIX)) {
      expect(Object.keys(rows).sort()).toEqual([...RECEIVABLE_STATUSES].sort());
      for (const row of Object.values(rows)) expect(row).toHaveLength(COLUMNS.length);
    }
  });

  it.each(cells)('$status + $action with payment $situation', ({ situation, status, action }) => {
    const expected = cellOf(situation, status, action);
    expect(nextReceivableStatus(status, action, SITUATIONS[situation])).toBe(expected === '—' ? null : expected);
  });

  it('lists the actions the table has for each status, in action order', () => {
    expect(Object.fromEntries(RECEIVABLE_STATUSES.map((status) => [status, allowedReceivableActions(status)]))).toEqual({
      draft: ['issue', 'edit', 'cancel'],
      outstanding: ['edit', 'record_payment', 'cancel', 'transfer'],
      partially_paid: ['record_payment', 'mark_unpaid', 'cancel', 'transfer'],
      paid: ['mark_unpaid'],
      canceled: ['restore'],
      transferred: ['restore'],
    });
  });

  it('restores a canceled draft to draft and anything else canceled to outstanding', () => {
    // Every status a cancel can come from, per the table.
    const cancelable = RECEIVABLE_STATUSES.filter((status) => nextReceivableStatus(status, 'cancel') === 'canceled');
    expect(cancelable).toEqual(['draft', 'outstanding', 'partially_paid']);
    expect(Object.fromEntries(RECEIVABLE_STATUSES.map((prior) => [prior, restoreTarget(prior)]))).toEqual({
      draft: 'draft',
      outstanding: 'outstanding',
      partially_paid: 'outstanding',
      paid: 'outstanding',
      canceled: 'outstanding',
      transferred: 'outstanding',
    });
    // Unknown history: treated as issued, so a possibly sent invoice is never hidden as a draft.
    expect(restoreTarget(null)).toBe('outstanding');
  });

  it('refuses a payment that pays nothing or is not a whole number of minor units', () => {
    for (const status of ['outstanding', 'partially_paid'] as const) {
      expect(nextReceivableStatus(status, 'record_payment', { paidAmount: 0, totalAmount: 100 })).toBeNull();
      expect(nextReceivableStatus(status, 'record_payment', { paidAmount: -5, totalAmount: 100 })).toBeNull();
      expect(nextReceivableStatus(status, 'record_payment', { paidAmount: 1.5, totalAmount: 100 })).toBeNull();
      expect(nextReceivableStatus(status, 'record_payment', { paidAmount: Number.NaN, totalAmount: 100 })).toBeNull();
    }
  });

  it('pays in full at the last cent, not before', () => {
    expect(nextReceivableStatus('outstanding', 'record_payment', { paidAmount: 11_899, totalAmount: 11_900 })).toBe(
      'partially_paid',
    );
    expect(nextReceivableStatus('partially_paid', 'record_payment', { paidAmount: 11_900, totalAmount: 11_900 })).toBe('paid');
  });

  it('treats only outstanding and partially paid receivables as open', () => {
    expect(RECEIVABLE_STATUSES.filter(isOpenReceivable)).toEqual(['outstanding', 'partially_paid']);
  });
});
