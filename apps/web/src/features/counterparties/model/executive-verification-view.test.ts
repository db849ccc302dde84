import { describe, expect, it } from 'vitest';
import type { ExecutiveVerificationView } from '@kontor/domain/counterparties/executive-verification-api';
import { latestExecutiveVerification, vatCheckTone } from './executive-verification-view';

const view = (id: string, bankAccountId: string | null, iban: string): ExecutiveVerificationView => ({
  id,
  counterpartyId: '00000000-0000-4000-8000-000000000001',
  bankAccountId,
  iban,
  requiredApprovals: 1,
  approvals: 0,
  outcome: 'pending',
  requestedAt: '2026-01-01T00:00:00.000Z',
  requestedBy: null,
  decidedAt: null,
  verifiers: [],
  canDecide: false,
});

describe('latestExecutiveVerification', () => {
  const account = { id: 'a', iban: 'DE89370400440532013000' };

  it('takes the newest request for the account and its current IBAN', () => {
    const items = [view('new', 'a', account.iban), view('old', 'a', account.iban)];
    expect(latestExecutiveVerification(items, account)?.id).toBe('new');
  });

  it('ignores requests for other accounts and for an IBAN the account no longer has', () => {
    const items = [view('other', 'b', account.iban), view('before-edit', 'a', 'AT582011182715243001')];
    expect(latestExecutiveVerification(items, account)).toBeNull();
  });
});

describe('vatCheckTone', () => {
  it('is loud for invalid numbers and a warning for failed checks', () => {
    expect(vatCheckTone({ status: 'invalid', checkedAt: '2026-01-01T00:00:00.000Z', reason: 'vies' })).toBe('danger');
    expect(vatCheckTone({ status: 'failed', attempts: 1, lastAttemptAt: '2026-01-01T00:00:00.000Z', nextRetryAt: null })).toBe(
      'warning',
    );
    expect(vatCheckTone({ status: 'validated', validatedAt: '2026-01-01T00:00:00.000Z' })).toBe('success');
  });
});
