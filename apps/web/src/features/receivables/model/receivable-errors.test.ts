import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { withReadableStatus } from './receivable-errors';

const label = (status: string) => ({ partially_paid: 'Partly paid', paid: 'Paid' })[status] ?? status;

describe('status in error messages', () => {
  it('replaces the status code of a refusal by its word, in lower case', () => {
    const error = new ApiError({
      status: 409,
      code: 'ar_invoice_transition',
      message: 'x',
      params: { status: 'partially_paid' },
    });
    const readable = withReadableStatus(error, label);
    expect(readable).toBeInstanceOf(ApiError);
    expect((readable as ApiError).params).toEqual({ status: 'partly paid' });
    expect((readable as ApiError).code).toBe('ar_invoice_transition');
  });

  it('leaves other errors and unknown statuses alone', () => {
    const other = new ApiError({ status: 409, code: 'stale_version', message: 'x' });
    expect(withReadableStatus(other, label)).toBe(other);
    const unknown = new ApiError({ status: 409, code: 'x', message: 'x', params: { status: 'archived' } });
    expect(withReadableStatus(unknown, label)).toBe(unknown);
    const plain = new Error('boom');
    expect(withReadableStatus(plain, label)).toBe(plain);
  });
});
