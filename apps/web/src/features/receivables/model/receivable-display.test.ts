import { describe, expect, it } from 'vitest';
import { RECEIVABLE_STATUSES } from '@kontor/domain/receivables/receivable-status';
import { dueStateOf, isReceivableEditable, openAmountOf, RECEIVABLE_STATUS_TONES } from './receivable-display';

describe('open amount', () => {
  it('is the total less what was paid, never below zero', () => {
    expect(openAmountOf({ totalAmount: 11_900, paidAmount: 0 })).toBe(11_900);
    expect(openAmountOf({ totalAmount: 11_900, paidAmount: 5_000 })).toBe(6_900);
    expect(openAmountOf({ totalAmount: 11_900, paidAmount: 11_900 })).toBe(0);
    expect(openAmountOf({ totalAmount: 11_900, paidAmount: 12_000 })).toBe(0);
  });

  it('keeps the sign of a credit note (its payments are kept absolute)', () => {
    expect(openAmountOf({ totalAmount: -5_950, paidAmount: 1_000 })).toBe(-4_950);
  });
});

describe('due label', () => {
  const today = '2026-03-10';

  it('counts days until or since the due date while money is owed', () => {
    expect(dueStateOf({ status: 'outstanding', dueDate: '2026-03-13' }, today)).toEqual({ kind: 'due_in', days: 3 });
    expect(dueStateOf({ status: 'partially_paid', dueDate: today }, today)).toEqual({ kind: 'due_today', days: 0 });
    expect(dueStateOf({ status: 'outstanding', dueDate: '2026-03-05' }, today)).toEqual({ kind: 'overdue', days: 5 });
  });

  it('says nothing of drafts and settled invoices, nor of a date it cannot read', () => {
    for (const status of ['draft', 'paid', 'canceled', 'transferred'] as const)
      expect(dueStateOf({ status, dueDate: '2026-03-05' }, today)).toBeNull();
    expect(dueStateOf({ status: 'outstanding', dueDate: 'soon' }, today)).toBeNull();
  });
});

describe('editing', () => {
  it('is allowed for drafts and for issued invoices nothing was paid of', () => {
    expect(isReceivableEditable({ status: 'draft', totalAmount: 100, paidAmount: 0 })).toBe(true);
    expect(isReceivableEditable({ status: 'outstanding', totalAmount: 100, paidAmount: 0 })).toBe(true);
    expect(isReceivableEditable({ status: 'outstanding', totalAmount: 100, paidAmount: 50 })).toBe(false);
    for (const status of ['partially_paid', 'paid', 'canceled', 'transferred'] as const)
      expect(isReceivableEditable({ status, totalAmount: 100, paidAmount: 0 })).toBe(false);
  });

  it('has a badge tone for every status', () => {
    for (const status of RECEIVABLE_STATUSES) expect(RECEIVABLE_STATUS_TONES[status]).toBeDefined();
  });
});
