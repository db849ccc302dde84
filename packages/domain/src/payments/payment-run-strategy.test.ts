import { describe, expect, it } from 'vitest';
import { paymentRunCreationStrategySchema, type PaymentRunCreationStrategy } from '../organization';
import { addDaysIso, isoWeekday } from '../dates';
import { nextScheduledRunDate, paymentRunWindowEnd, planPaymentRun } from './payment-run-strategy';

// 2026-11-16 is a Monday; 2026-11-20 a Friday.
const open = [
  { id: 'overdue', requestedExecutionDate: '2026-11-10' },
  { id: 'fri', requestedExecutionDate: '2026-11-20' },
  { id: 'sat', requestedExecutionDate: '2026-11-21' },
  { id: 'sun', requestedExecutionDate: '2026-11-22' },
  { id: 'mon', requestedExecutionDate: '2026-11-23' },
  { id: 'tue', requestedExecutionDate: '2026-11-24' },
  { id: 'later', requestedExecutionDate: '2026-12-31' },
];

const scheduled = (weekdays: number[], includeAllDueUntilNextRun: boolean): PaymentRunCreationStrategy =>
  paymentRunCreationStrategySchema.parse({ mode: 'scheduled_weekdays', weekdays, includeAllDueUntilNextRun });

describe('dates', () => {
  it('weekdays and day arithmetic', () => {
    expect(isoWeekday('2026-11-16')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(addDaysIso('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('disabled', () => {
  it('never creates a run', () => {
    expect(planPaymentRun({ mode: 'disabled' }, '2026-11-20', open)).toEqual({
      createRun: false,
      runDay: false,
      includeUntil: null,
      transactionIds: [],
    });
  });
});

describe('days before due', () => {
  it('takes everything due within N days, overdue included, every day', () => {
    const plan = planPaymentRun({ mode: 'days_before_due', daysBeforeDue: 3 }, '2026-11-20', open);
    expect(plan).toEqual({
      createRun: true,
      runDay: true,
      includeUntil: '2026-11-23',
      transactionIds: ['overdue', 'fri', 'sat', 'sun', 'mon'],
    });
  });

  it('N = 0 takes only what is due today or earlier', () => {
    expect(planPaymentRun({ mode: 'days_before_due', daysBeforeDue: 0 }, '2026-11-20', open).transactionIds).toEqual([
      'overdue',
      'fri',
    ]);
  });

  it('the boundary day is included, the day after is not', () => {
    const strategy: PaymentRunCreationStrategy = { mode: 'days_before_due', daysBeforeDue: 4 };
    expect(planPaymentRun(strategy, '2026-11-20', open).transactionIds).toContain('tue');
    expect(planPaymentRun(strategy, '2026-11-19', open).transactionIds).not.toContain('tue');
  });

  it('no run without transactions', () => {
    expect(planPaymentRun({ mode: 'days_before_due', daysBeforeDue: 5 }, '2026-11-20', [])).toMatchObject({
      createRun: false,
      runDay: true,
    });
  });
});

describe('scheduled weekdays', () => {
  it('runs only on listed weekdays', () => {
    const strategy = scheduled([1, 3, 5], false);
    expect(planPaymentRun(strategy, '2026-11-19', open)).toMatchObject({ createRun: false, runDay: false }); // Thursday
    expect(planPaymentRun(strategy, '2026-11-21', open)).toMatchObject({ createRun: false, runDay: false }); // Saturday
    expect(planPaymentRun(strategy, '2026-11-20', open)).toEqual({
      createRun: true,
      runDay: true,
      includeUntil: '2026-11-20',
      transactionIds: ['overdue', 'fri'],
    });
  });

  it('"until the next run" spans the weekend to Monday', () => {
    const plan = planPaymentRun(scheduled([1, 3, 5], true), '2026-11-20', open);
    expect(plan.includeUntil).toBe('2026-11-23');
    expect(plan.transactionIds).toEqual(['overdue', 'fri', 'sat', 'sun', 'mon']);
  });

  it('"until the next run" with a weekly schedule covers the whole week', () => {
    expect(paymentRunWindowEnd(scheduled([5], true), '2026-11-20')).toBe('2026-11-27');
    expect(paymentRunWindowEnd(scheduled([1], true), '2026-11-23')).toBe('2026-11-30');
  });

  it('"until the next run" midweek stops at the next scheduled day', () => {
    expect(planPaymentRun(scheduled([1, 2, 5], true), '2026-11-23', open).transactionIds).toEqual([
      'overdue',
      'fri',
      'sat',
      'sun',
      'mon',
      'tue',
    ]);
    expect(paymentRunWindowEnd(scheduled([2, 5], true), '2026-11-24')).toBe('2026-11-27');
  });

  it('every day of the week: the window ends tomorrow', () => {
    expect(paymentRunWindowEnd(scheduled([1, 2, 3, 4, 5, 6, 7], true), '2026-11-21')).toBe('2026-11-22');
  });

  it('next scheduled run date', () => {
    expect(nextScheduledRunDate([1, 3, 5], '2026-11-20')).toBe('2026-11-23');
    expect(nextScheduledRunDate([5], '2026-11-20')).toBe('2026-11-27');
    expect(nextScheduledRunDate([6], '2026-11-16')).toBe('2026-11-21');
  });
});
