import { describe, expect, it } from 'vitest';
import type { EmailVerificationRun } from '@kontor/domain/counterparties/email-verification-api';
import { badgeKeyOf, findMismatches, latestRunForAccount } from './email-verification-view';

const account = { id: '00000000-0000-4000-8000-000000000001', name: 'Haupt', iban: 'DE89370400440532013000' };
const other = { id: '00000000-0000-4000-8000-000000000002', name: 'Zweit', iban: 'DE02120300000000202051' };

function run(overrides: Partial<EmailVerificationRun>): EmailVerificationRun {
  return {
    id: crypto.randomUUID(),
    counterpartyId: '00000000-0000-4000-8000-0000000000cc',
    bankAccountId: account.id,
    iban: account.iban,
    email: 'a@b.de',
    status: 'invitation_sent',
    result: null,
    submittedIban: null,
    tokenExpiresAt: '2026-12-01T00:00:00.000Z',
    openedAt: null,
    completedAt: null,
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    requestedBy: null,
    ...overrides,
  };
}

describe('e-mail verification view', () => {
  it('takes the newest run of the account for the IBAN it has now', () => {
    const newest = run({ status: 'opened' });
    const older = run({ status: 'completed', result: 'match' });
    expect(latestRunForAccount([newest, older], account)).toBe(newest);
    expect(latestRunForAccount([newest, older], other)).toBeNull();
    // The account's IBAN changed since: the old run does not verify the new IBAN.
    expect(latestRunForAccount([older], { ...account, iban: other.iban })).toBeNull();
  });

  it('folds the result into the badge', () => {
    expect(badgeKeyOf(null)).toBe('not_started');
    expect(badgeKeyOf(run({ status: 'completed', result: 'match' }))).toBe('completed_match');
    expect(badgeKeyOf(run({ status: 'completed', result: 'mismatch' }))).toBe('completed_mismatch');
    expect(badgeKeyOf(run({ status: 'not_received' }))).toBe('not_received');
  });

  it('reports a mismatch until a later run matches, per account', () => {
    const mismatch = run({ status: 'completed', result: 'mismatch', submittedIban: other.iban });
    expect(findMismatches([mismatch], [account, other])).toEqual([{ account, run: mismatch }]);
    expect(findMismatches([run({ status: 'opened' }), mismatch], [account])).toHaveLength(1);
    expect(findMismatches([run({ status: 'completed', result: 'match' }), mismatch], [account])).toEqual([]);
    expect(findMismatches([mismatch], [{ ...account, iban: other.iban }])).toEqual([]);
  });
});
