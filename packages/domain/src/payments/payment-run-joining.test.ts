import { describe, expect, it } from 'vitest';
import { isPaymentRunOpen, OPEN_PAYMENT_RUN_STATUSES, PAYMENT_RUN_STATUSES } from './payment-run-status';
import { canJoinPaymentRun, TRANSACTION_STATUSES } from './transaction-status';

describe('which payment joins which run (issue 59 item 5)', () => {
  it('calls a run open exactly while it may change its transactions: draft and rejected', () => {
    expect(OPEN_PAYMENT_RUN_STATUSES).toEqual(['draft', 'rejected']);
    for (const status of PAYMENT_RUN_STATUSES) {
      expect(isPaymentRunOpen(status), status).toBe(status === 'draft' || status === 'rejected');
    }
  });

  it('lets only an open payment in no run join a run', () => {
    for (const status of TRANSACTION_STATUSES) {
      expect(canJoinPaymentRun(status, null), status).toBe(status === 'open');
    }
    expect(canJoinPaymentRun('open', '00000000-0000-4000-8000-000000000001')).toBe(false);
  });
});
