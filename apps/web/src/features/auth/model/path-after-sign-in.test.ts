import { describe, expect, it } from 'vitest';
import { invoicesPath, SIGN_UP_PATH } from '@kontor/domain/entry-guard';
import { pathAfterSignIn } from './path-after-sign-in';

const member = { organization: { id: '00000000-0000-4000-8000-000000000001', slug: 'acme', authId: 'org_1' } };
const newcomer = { organization: null };
const token = 'T'.repeat(43);

describe('pathAfterSignIn', () => {
  it('sends a user without an organisation to sign-up', () => {
    expect(pathAfterSignIn(newcomer, null)).toBe(SIGN_UP_PATH);
    expect(pathAfterSignIn(newcomer, '/acme/team')).toBe(SIGN_UP_PATH);
  });

  it('sends a member back where they were, else to the invoices', () => {
    expect(pathAfterSignIn(member, '/acme/team')).toBe('/acme/team');
    expect(pathAfterSignIn(member, null)).toBe(invoicesPath('acme'));
  });

  it('goes back to a pending invitation first, to join it, also without an organisation', () => {
    expect(pathAfterSignIn(newcomer, null, token)).toBe(`/invitation/${token}?accept=1`);
    expect(pathAfterSignIn(member, '/acme/team', token)).toBe(`/invitation/${token}?accept=1`);
  });
});
