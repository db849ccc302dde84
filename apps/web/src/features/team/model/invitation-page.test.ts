import { describe, expect, it } from 'vitest';
import { invitationPageState, isSameEmail, shouldAcceptAutomatically } from './invitation-page';

const pending = { status: 'pending' as const, email: 'eva@firma.de', signedInEmail: null };

describe('invitation page', () => {
  it('only explains an invitation that no longer works', () => {
    for (const status of ['expired', 'revoked', 'accepted'] as const)
      expect(invitationPageState({ ...pending, status, signedInEmail: 'eva@firma.de' })).toEqual({ kind: 'closed', status });
  });

  it('offers sign-up and sign-in to whoever is not signed in', () => {
    expect(invitationPageState(pending)).toEqual({ kind: 'signedOut' });
  });

  it('lets the invited address join, whatever its case', () => {
    expect(isSameEmail(' Eva@Firma.DE', 'eva@firma.de')).toBe(true);
    expect(invitationPageState({ ...pending, signedInEmail: 'EVA@firma.de' })).toEqual({ kind: 'canJoin' });
  });

  it('tells another signed-in account that the invitation is not theirs', () => {
    expect(invitationPageState({ ...pending, signedInEmail: 'max@firma.de' })).toEqual({
      kind: 'otherAccount',
      signedInEmail: 'max@firma.de',
    });
  });

  it('joins by itself only when back from signing in with the invited address', () => {
    const accept = new URLSearchParams('accept=1');
    expect(shouldAcceptAutomatically({ kind: 'canJoin' }, accept)).toBe(true);
    expect(shouldAcceptAutomatically({ kind: 'canJoin' }, new URLSearchParams())).toBe(false);
    expect(shouldAcceptAutomatically({ kind: 'otherAccount', signedInEmail: 'max@firma.de' }, accept)).toBe(false);
    expect(shouldAcceptAutomatically({ kind: 'closed', status: 'accepted' }, accept)).toBe(false);
  });
});
