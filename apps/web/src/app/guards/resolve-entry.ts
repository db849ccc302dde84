import type { AuthenticatedUser } from '@kontor/domain/auth';
import { decideEntry, splitOrgPath, type EntryDecision } from '@kontor/domain/entry-guard';
import type { Permission } from '@kontor/domain/permissions';

/** The state of one of the guard's inputs as react-query reports it. */
export type Loadable<T> = { status: 'pending' } | { status: 'error' } | { status: 'success'; data: T };

export interface EntryInputs {
  pathname: string;
  user: Loadable<AuthenticatedUser>;
  /** null: no known organisation has the slug (or resolving it failed). */
  slugOrganization: Loadable<{ id: string; slug: string } | null>;
  permissions: Loadable<readonly Permission[]>;
}

export type EntryState = { kind: 'pending' } | EntryDecision;

const PENDING: EntryState = { kind: 'pending' };

/**
 * Feeds decideEntry() (the domain's seven rules) as soon as it has what the next rule needs:
 * the user first, then the slug's organisation, and the permissions only once the slug is the
 * current organisation (they belong to the current organisation). A failed user load counts as
 * no session; failed permissions count as none (SPEC §8).
 */
export function resolveEntry({ pathname, user, slugOrganization, permissions }: EntryInputs): EntryState {
  if (user.status === 'pending') return PENDING;
  const signedIn = user.status === 'success' ? user.data : null;
  const current = signedIn?.organization;
  if (!signedIn || !current || !splitOrgPath(pathname).slug) {
    return decideEntry({ pathname, user: signedIn, slugOrganization: undefined, permissions: [] });
  }

  if (slugOrganization.status === 'pending') return PENDING;
  const named = slugOrganization.status === 'success' ? slugOrganization.data : null;
  if (!named || named.id !== current.id) {
    return decideEntry({ pathname, user: signedIn, slugOrganization: named, permissions: [] });
  }

  if (permissions.status === 'pending') return PENDING;
  return decideEntry({
    pathname,
    user: signedIn,
    slugOrganization: named,
    permissions: permissions.status === 'success' ? permissions.data : [],
  });
}

/** Adapts a react-query result to a Loadable. */
export function toLoadable<T>(query: { status: 'pending' | 'error' | 'success'; data: T | undefined }): Loadable<T> {
  if (query.status === 'success') return { status: 'success', data: query.data as T };
  return { status: query.status };
}
