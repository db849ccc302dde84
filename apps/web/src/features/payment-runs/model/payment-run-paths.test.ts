import { describe, expect, it } from 'vitest';
import { exportUrl, paymentRunLabel, paymentRunUrl, transactionDetailUrl } from './payment-run-paths';

describe('payment-run paths', () => {
  it('builds the run, export and transaction addresses under the organisation', () => {
    expect(paymentRunUrl('demo', 'a1')).toBe('/demo/pr/a1');
    expect(exportUrl('demo')).toBe('/demo/export/transactions');
    expect(transactionDetailUrl('demo', 'b2')).toBe('/demo/transactions?view=all&id=b2');
  });

  it('names a run by its number', () => {
    expect(paymentRunLabel(17)).toBe('PR-17');
  });
});
