import { describe, expect, it } from 'vitest';
import type { PaymentReminder } from '@kontor/domain/receivables/reminders/payment-reminder';
import { canSendReminder, largestSentInterval, latestReminderEvent, reminderStatusLine } from './reminder-status';

const at = (time: string) => `2026-12-07T${time}:00.000Z`;

describe('reminderStatusLine', () => {
  it('names the latest event of the e-mail with its time', () => {
    expect(
      reminderStatusLine({
        status: 'delivered',
        skipReason: null,
        events: [
          { event: 'sent', at: at('09:00') },
          { event: 'opened', at: at('10:31') },
          { event: 'delivered', at: at('09:01') },
        ],
      }),
    ).toEqual({ kind: 'event', event: 'opened', at: at('10:31'), tone: 'success' });
  });

  it('says why a reminder was skipped', () => {
    expect(reminderStatusLine({ status: 'skipped', skipReason: 'paid', events: [] })).toEqual({
      kind: 'skipped',
      reason: 'paid',
      tone: 'neutral',
    });
  });

  it('shows a failed reminder as failed or bounced, never as an earlier "sent"', () => {
    expect(reminderStatusLine({ status: 'failed', skipReason: null, events: [{ event: 'sent', at: at('09:00') }] })).toEqual({
      kind: 'status',
      status: 'failed',
      tone: 'danger',
    });
    expect(
      reminderStatusLine({
        status: 'failed',
        skipReason: null,
        events: [
          { event: 'sent', at: at('09:00') },
          { event: 'bounced', at: at('09:02') },
        ],
      }),
    ).toMatchObject({ kind: 'event', event: 'bounced', tone: 'danger' });
  });

  it('falls back to the status when there is no event', () => {
    expect(reminderStatusLine({ status: 'sent', skipReason: null, events: [] })).toEqual({
      kind: 'status',
      status: 'sent',
      tone: 'info',
    });
  });
});

describe('latestReminderEvent', () => {
  it('is the furthest step, whatever order the events arrived in', () => {
    // The local mailbox loads the open pixel before the outbox reports the mail delivered.
    expect(
      latestReminderEvent([
        { event: 'sent', at: at('09:00') },
        { event: 'opened', at: at('09:01') },
        { event: 'delivered', at: at('09:02') },
      ])?.event,
    ).toBe('opened');
    expect(
      latestReminderEvent([
        { event: 'delivery_delayed', at: at('09:05') },
        { event: 'delivered', at: at('09:02') },
      ])?.event,
    ).toBe('delivered');
  });

  it('of equal steps takes the later, and the later recorded of two at one time; unreadable times count as oldest', () => {
    expect(
      latestReminderEvent([
        { event: 'opened', at: at('09:00') },
        { event: 'opened', at: at('11:00') },
        { event: 'opened', at: at('10:00') },
      ])?.at,
    ).toBe(at('11:00'));
    const first = { event: 'sent' as const, at: at('09:00') };
    const second = { event: 'sent' as const, at: at('09:00') };
    expect(latestReminderEvent([first, second])).toBe(second);
    expect(
      latestReminderEvent([
        { event: 'opened', at: at('09:00') },
        { event: 'opened', at: 'soon' },
      ])?.at,
    ).toBe(at('09:00'));
    expect(latestReminderEvent([])).toBeNull();
  });
});

describe('canSendReminder', () => {
  it('allows issued invoices with money owed only', () => {
    expect(canSendReminder({ status: 'outstanding', invoiceNumber: 'RE-1' })).toBe(true);
    expect(canSendReminder({ status: 'partially_paid', invoiceNumber: 'RE-1' })).toBe(true);
    for (const status of ['paid', 'canceled', 'transferred'])
      expect(canSendReminder({ status, invoiceNumber: 'RE-1' })).toBe(false);
    expect(canSendReminder({ status: 'draft', invoiceNumber: null })).toBe(false);
  });
});

describe('largestSentInterval', () => {
  it('counts reminders that went out, not skipped ones', () => {
    const base = { origin: 'automatic', events: [], recipients: [], subject: null, sentBy: null, templateId: null, type: null };
    const reminders = [
      { ...base, id: '1', arInvoiceId: 'a', intervalDays: 7, status: 'delivered', skipReason: null, createdAt: '' },
      { ...base, id: '2', arInvoiceId: 'a', intervalDays: 21, status: 'skipped', skipReason: 'no_email', createdAt: '' },
      { ...base, id: '3', arInvoiceId: 'a', intervalDays: null, status: 'sent', skipReason: null, createdAt: '' },
    ] as const;
    expect(largestSentInterval(reminders as unknown as PaymentReminder[])).toBe(7);
    expect(largestSentInterval([])).toBe(0);
  });
});
