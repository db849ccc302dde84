import { describe, expect, it } from 'vitest';
import {
  cancelReasonOf,
  createdTotalOf,
  describeReceivableChanges,
  receivableActivityVerb,
  sentToOf,
  type ActivityValueFormat,
} from './receivable-activity';

const format: ActivityValueFormat = {
  money: (minor) => `€${minor / 100}`,
  date: (iso) => `d:${iso}`,
  status: (status) => `s:${status}`,
  percent: (bp) => `${bp / 100} %`,
};

const verb = (action: string, changes: Record<string, unknown> | null) => receivableActivityVerb({ action, changes });

describe('receivable activity', () => {
  it('names what each entry did from its action and status change', () => {
    expect(verb('create', { status: 'draft', invoiceNumber: null, totalAmount: 100 })).toBe('created');
    expect(verb('create', { status: 'outstanding', invoiceNumber: 'RE-10000', totalAmount: 100 })).toBe('createdIssued');
    expect(verb('update', { dueDate: { from: '2026-03-01', to: '2026-02-01' } })).toBe('edited');
    expect(verb('update', { status: { from: 'draft', to: 'outstanding' } })).toBe('issued');
    expect(verb('update', { status: { from: 'outstanding', to: 'partially_paid' } })).toBe('paymentRecorded');
    expect(verb('update', { paidAmount: { from: 10, to: 20 } })).toBe('paymentRecorded');
    expect(verb('update', { status: { from: 'partially_paid', to: 'paid' } })).toBe('paid');
    expect(verb('update', { status: { from: 'paid', to: 'outstanding' } })).toBe('markedUnpaid');
    expect(verb('update', { status: { from: 'canceled', to: 'draft' } })).toBe('restored');
    expect(verb('cancel', { status: { from: 'outstanding', to: 'canceled' }, reason: 'Doppelt' })).toBe('canceled');
    expect(verb('merge', null)).toBe('other');
  });

  it('lists the changed fields with readable values, ids only by name', () => {
    const lines = describeReceivableChanges(
      {
        dueDate: { from: '2026-03-31', to: '2026-03-01' },
        totalAmount: { from: 11_900, to: 23_800 },
        status: { from: 'outstanding', to: 'paid' },
        counterpartyId: { from: 'a', to: 'b' },
        notes: { from: null, to: 'Hallo' },
        reason: 'ignored',
      },
      format,
    );
    expect(lines).toEqual([
      { field: 'dueDate', from: 'd:2026-03-31', to: 'd:2026-03-01', hasValues: true },
      { field: 'totalAmount', from: '€119', to: '€238', hasValues: true },
      { field: 'status', from: 's:outstanding', to: 's:paid', hasValues: true },
      { field: 'counterpartyId', from: null, to: null, hasValues: false },
      { field: 'notes', from: null, to: 'Hallo', hasValues: true },
    ]);
    expect(describeReceivableChanges(null, format)).toEqual([]);
  });

  it('reads the cancel reason and the created total where the log keeps them', () => {
    expect(cancelReasonOf({ action: 'cancel', changes: { reason: 'Doppelt erfasst' } })).toBe('Doppelt erfasst');
    expect(cancelReasonOf({ action: 'update', changes: { reason: 'x' } })).toBeNull();
    expect(createdTotalOf({ action: 'create', changes: { totalAmount: 11_900 } })).toBe(11_900);
    expect(createdTotalOf({ action: 'create', changes: null })).toBeNull();
  });

  it('names a sending and its recipients (issue 65)', () => {
    const sent = { action: 'send', changes: { to: ['ap@kunde.example', 'cfo@kunde.example'], fileName: 'Rechnung-RE-1.pdf' } };
    expect(receivableActivityVerb(sent)).toBe('sent');
    expect(sentToOf(sent)).toBe('ap@kunde.example, cfo@kunde.example');
    expect(sentToOf({ action: 'update', changes: { to: ['x@y.example'] } })).toBeNull();
  });

  it('tells a payment reminder (issue 66) from sending the invoice', () => {
    const reminder = { action: 'send', changes: { reminder: 7, to: ['ap@kunde.example'] } };
    expect(receivableActivityVerb(reminder)).toBe('reminderSent');
    expect(sentToOf(reminder)).toBe('ap@kunde.example');
  });
});
