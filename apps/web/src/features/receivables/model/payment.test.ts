import { describe, expect, it } from 'vitest';
import { paymentDefaults, paymentLimitErrors, paymentOutcome } from './payment';

const invoice = { totalAmount: 11_900, paidAmount: 4_000 };

describe('recording a payment', () => {
  it('starts with today and the open amount', () => {
    expect(paymentDefaults(invoice, '2026-03-10')).toEqual({ paidOn: '2026-03-10', amount: 7_900 });
    expect(paymentDefaults({ totalAmount: -5_000, paidAmount: 0 }, '2026-03-10').amount).toBe(5_000);
  });

  it('pays the invoice when the open amount is covered, partly when less', () => {
    expect(paymentOutcome(invoice, 7_900)).toBe('paid');
    expect(paymentOutcome(invoice, 100)).toBe('partially_paid');
    expect(paymentOutcome(invoice, 8_000)).toBeNull();
    expect(paymentOutcome(invoice, 0)).toBeNull();
    expect(paymentOutcome(invoice, Number.NaN)).toBeNull();
  });

  it('refuses a date after today and more than is open, as the server would', () => {
    expect(paymentLimitErrors(invoice, { paidOn: '2026-03-10', amount: 7_900 }, '2026-03-10')).toEqual({});
    expect(paymentLimitErrors(invoice, { paidOn: '2026-03-11', amount: 7_901 }, '2026-03-10')).toEqual({
      paidOn: 'paidInFuture',
      amount: 'exceedsOpen',
    });
  });
});
