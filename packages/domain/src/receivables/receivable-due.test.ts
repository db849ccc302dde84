import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../dates';
import { RECEIVABLE_QUICK_FILTERS, describeDue, matchesQuickFilter, quickFilterDueRange } from './receivable-due';
import { RECEIVABLE_STATUSES } from './receivable-status';

describe('describeDue', () => {
  // Run under a zone with daylight saving, so that a local-time slip would show in the DST cases.
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Europe/Berlin';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('reads due dates ahead, today and behind', () => {
    expect(describeDue('2026-05-20', '2026-05-17')).toEqual({ kind: 'due_in', days: 3 });
    expect(describeDue('2026-05-18', '2026-05-17')).toEqual({ kind: 'due_in', days: 1 });
    expect(describeDue('2026-05-17', '2026-05-17')).toEqual({ kind: 'due_today', days: 0 });
    expect(describeDue('2026-05-16', '2026-05-17')).toEqual({ kind: 'overdue', days: 1 });
    expect(describeDue('2026-05-12', '2026-05-17')).toEqual({ kind: 'overdue', days: 5 });
  });

  it('counts across month and year ends, and leap days', () => {
    expect(describeDue('2026-02-01', '2026-01-31')).toEqual({ kind: 'due_in', days: 1 });
    expect(describeDue('2026-01-31', '2026-03-01')).toEqual({ kind: 'overdue', days: 29 });
    expect(describeDue('2027-01-01', '2026-12-31')).toEqual({ kind: 'due_in', days: 1 });
    expect(describeDue('2026-12-31', '2027-01-01')).toEqual({ kind: 'overdue', days: 1 });
    expect(describeDue('2028-03-01', '2028-02-28')).toEqual({ kind: 'due_in', days: 2 }); // 2028-02-29 exists
    expect(describeDue('2027-01-01', '2026-01-01')).toEqual({ kind: 'due_in', days: 365 });
    expect(describeDue('2029-01-01', '2028-01-01')).toEqual({ kind: 'due_in', days: 366 });
  });

  it('counts whole days over the daylight-saving changes (Europe: 2026-03-29, 2026-10-25)', () => {
    // Berlin's clock has a 23-hour and a 25-hour day here; calendar days do not care.
    expect(new Date(2026, 2, 30).getTime() - new Date(2026, 2, 29).getTime()).toBe(23 * 3_600_000);
    expect(describeDue('2026-03-30', '2026-03-29')).toEqual({ kind: 'due_in', days: 1 });
    expect(describeDue('2026-03-29', '2026-03-28')).toEqual({ kind: 'due_in', days: 1 });
    expect(describeDue('2026-03-28', '2026-03-30')).toEqual({ kind: 'overdue', days: 2 });
    expect(describeDue('2026-10-26', '2026-10-25')).toEqual({ kind: 'due_in', days: 1 });
    expect(describeDue('2026-10-24', '2026-10-26')).toEqual({ kind: 'overdue', days: 2 });
    expect(describeDue('2026-10-25', '2026-03-29')).toEqual({ kind: 'due_in', days: 210 });
  });

  it('refuses text that is not a date rather than answering NaN days', () => {
    expect(() => describeDue('2026-02-30', '2026-02-01')).toThrow(RangeError);
    expect(() => describeDue('2026-02-01', '01.02.2026')).toThrow(RangeError);
  });

  it('agrees with addDaysIso for any offset', () => {
    const dayArb = fc.integer({ min: 0, max: 365 * 30 }).map((offset) => addDaysIso('2000-01-01', offset));
    fc.assert(
      fc.property(dayArb, fc.integer({ min: -800, max: 800 }), (today, offset) => {
        const due = describeDue(addDaysIso(today, offset), today);
        expect(due.kind === 'overdue' ? -due.days : due.days).toBe(offset);
        expect(due.kind).toBe(offset > 0 ? 'due_in' : offset < 0 ? 'overdue' : 'due_today');
      }),
    );
  });
});

describe('matchesQuickFilter', () => {
  const today = '2026-12-28';
  const open = (dueDate: string) => ({ status: 'outstanding' as const, dueDate });

  it('puts each due date of an open receivable in the right filters', () => {
    const filtersOf = (dueDate: string) =>
      RECEIVABLE_QUICK_FILTERS.filter((filter) => matchesQuickFilter(filter, open(dueDate), today));
    expect(filtersOf('2026-11-30')).toEqual(['overdue', 'all_outstanding']);
    expect(filtersOf('2026-12-27')).toEqual(['overdue', 'all_outstanding']);
    expect(filtersOf('2026-12-28')).toEqual(['due_today', 'all_outstanding']);
    expect(filtersOf('2026-12-29')).toEqual(['due_in_7_days', 'all_outstanding']);
    expect(filtersOf('2027-01-04')).toEqual(['due_in_7_days', 'all_outstanding']); // 7 days, over the year end
    expect(filtersOf('2027-01-05')).toEqual(['all_outstanding']); // 8 days
  });

  it('shows only outstanding and partially paid receivables', () => {
    for (const status of RECEIVABLE_STATUSES) {
      const isOpen = status === 'outstanding' || status === 'partially_paid';
      expect(matchesQuickFilter('all_outstanding', { status, dueDate: today }, today)).toBe(isOpen);
      expect(matchesQuickFilter('due_today', { status, dueDate: today }, today)).toBe(isOpen);
      expect(matchesQuickFilter('overdue', { status, dueDate: '2026-01-01' }, today)).toBe(isOpen);
      expect(matchesQuickFilter('due_in_7_days', { status, dueDate: '2026-12-30' }, today)).toBe(isOpen);
    }
  });

  it('uses the same bounds as the query range, over DST changes and month ends', () => {
    const todayArb = fc.constantFrom(
      '2026-03-29',
      '2026-10-25',
      '2026-02-28',
      '2028-02-29',
      '2026-12-31',
      '2026-01-01',
      '2026-06-15',
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...RECEIVABLE_QUICK_FILTERS),
        fc.constantFrom(...RECEIVABLE_STATUSES),
        todayArb,
        fc.integer({ min: -20, max: 20 }),
        (filter, status, day, offset) => {
          const dueDate = addDaysIso(day, offset);
          const range = quickFilterDueRange(filter, day);
          const inRange =
            range.statuses.includes(status) &&
            (range.dueFrom === null || dueDate >= range.dueFrom) &&
            (range.dueTo === null || dueDate <= range.dueTo);
          expect(matchesQuickFilter(filter, { status, dueDate }, day)).toBe(inRange);
        },
      ),
    );
  });

  it('spells out the query ranges', () => {
    expect(quickFilterDueRange('overdue', '2026-03-01')).toMatchObject({ dueFrom: null, dueTo: '2026-02-28' });
    expect(quickFilterDueRange('due_today', '2026-03-01')).toMatchObject({ dueFrom: '2026-03-01', dueTo: '2026-03-01' });
    expect(quickFilterDueRange('due_in_7_days', '2026-12-28')).toMatchObject({ dueFrom: '2026-12-29', dueTo: '2027-01-04' });
    expect(quickFilterDueRange('all_outstanding', '2026-03-01')).toEqual({
      statuses: ['outstanding', 'partially_paid'],
      dueFrom: null,
      dueTo: null,
    });
  });
});
