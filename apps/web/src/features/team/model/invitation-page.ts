import type { InvitationDetails } from '@kontor/domain/team/team-schemas';

/**
 * What the invitation page offers: nothing but an explanation once the invitation is expired,
 * revoked or used; else sign-up and sign-in to whoever is not signed in, joining to the invited
 * address, and signing out to anyone signed in with another one.
 */
export type InvitationPageState =
  | { kind: 'closed'; status: 'expired' | 'revoked' | 'accepted' }
  | { kind: 'signedOut' }
  | { kind: 'canJoin' }
  | { kind: 'otherAccount'; signedInEmail: string };

/** E-mail addresses compare without regard to case, as the server stores them lower-case. */
export function isSameEmail(first: string, second: string): boolean {
  return first.trim().toLowerCase() === second.trim().toLowerCase();
}

export function invitationPageState(details: Pick<InvitationDetails, 'status' | 'email' | 'signedInEmail'>): InvitationPageState {
  if (details.status !== 'pending') return { kind: 'closed', status: details.status };
  if (details.signedInEmail === null) return { kind: 'signedOut' };
  return isSameEmail(details.signedInEmail, details.email)
    ? { kind: 'canJoin' }
    : { kind: 'otherAccount', signedInEmail: details.signedInEmail };
}

/** Back from signing up or in (`?accept=1`) with the invited address: join without another click. */
export function shouldAcceptAutomatically(state: InvitationPageState, search: URLSearchParams): boolean {
  return state.kind === 'canJoin' && search.get('accept') === '1';
}
