import { describe, expect, it } from 'vitest';
import { daysBetween, dueState, formatIban, isEditable, localToday } from './transaction-display';

describe('transaction display', () => {
  it('counts calendar days across month ends and the clock change', () => {
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-02-27')).toBe(-2);
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('says overdue, due today or due in N days only for payments still to be made', () => {
    expect(dueState('open', '2026-11-19', '2026-11-21')).toEqual({ kind: 'overdue', days: 2 });
    expect(dueState('approved', '2026-11-21', '2026-11-21')).toEqual({ kind: 'today' });
    expect(dueState('planned', '2026-11-24', '2026-11-21')).toEqual({ kind: 'due', days: 3 });
    expect(dueState('exported', '2026-11-19', '2026-11-21')).toBeNull();
    expect(dueState('cancelled_archived', '2026-11-19', '2026-11-21')).toBeNull();
  });

  it('groups an IBAN for reading', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('lets only open payments outside a run be edited', () => {
    expect(isEditable({ status: 'open', paymentRun: null })).toBe(true);
    expect(isEditable({ status: 'open', paymentRun: { id: 'x' } })).toBe(false);
    expect(isEditable({ status: 'planned', paymentRun: null })).toBe(false);
  });
});
