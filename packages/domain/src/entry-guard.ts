import type { AuthenticatedUser } from './auth';
import { hasPermission, type Permission } from './permissions';
import { DEFAULT_INVOICE_TAB, findScreen } from './screens';

/**
 * The entry guard of every /{slug} route (SPEC §5), as a pure decision so that the
 * web app and the tests share one implementation.
 */
export type EntryDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'switch'; organizationId: string };

export interface EntryInput {
  /** The path the user asked for, e.g. "/demo/settings/billing". */
  pathname: string;
  /** The signed-in user, or null when the session could not be loaded. */
  user: AuthenticatedUser | null;
  /**
   * The organisation the path's slug names: undefined while the path has no slug,
   * null when no known organisation has it.
   */
  slugOrganization: { id: string; slug: string } | null | undefined;
  /** The user's permissions in the current organisation (empty when they failed to load). */
  permissions: readonly Permission[];
}

export const SESSION_EXPIRED_PATH = '/session-expired';
export const SIGN_UP_PATH = '/sign-up';

/** Splits "/demo/invoices/new" into slug "demo" and the rest ["invoices", "new"]. */
export function splitOrgPath(pathname: string): { slug: string | undefined; rest: string[] } {
  const [slug, ...rest] = pathname.split('/').filter(Boolean);
  return { slug, rest };
}

export function organizationRoot(slug: string): string {
  return `/${slug}`;
}

export function invoicesPath(slug: string, tab: string = DEFAULT_INVOICE_TAB): string {
  return `/${slug}/invoices/${tab}`;
}

function failure(pathname: string): EntryDecision {
  return pathname === SESSION_EXPIRED_PATH ? { kind: 'allow' } : { kind: 'redirect', to: SESSION_EXPIRED_PATH };
}

export function decideEntry(input: EntryInput): EntryDecision {
  const { pathname, user, slugOrganization, permissions } = input;
  // Any guard failure (no session) ends on /session-expired, unless already there.
  if (!user) return failure(pathname);

  // A user with no organisation belongs on /sign-up.
  if (!user.organization) {
    return pathname === SIGN_UP_PATH ? { kind: 'allow' } : { kind: 'redirect', to: SIGN_UP_PATH };
  }

  const { slug, rest } = splitOrgPath(pathname);
  // No slug: go to the current organisation's invoices.
  if (!slug) return { kind: 'redirect', to: `/${user.organization.slug}/invoices` };

  // A slug that names no known organisation.
  if (slugOrganization === null || slugOrganization === undefined) return failure(pathname);

  // Another organisation of the user's: switch to it first.
  if (slugOrganization.id !== user.organization.id) {
    return { kind: 'switch', organizationId: slugOrganization.id };
  }

  const root = organizationRoot(slug);
  const [segment = '', tab] = rest;
  const isAdmin = user.role === 'admin';
  const screen = findScreen(segment);
  if (!screen) return { kind: 'allow' };

  switch (screen.requirement.kind) {
    case 'admin':
      if (!isAdmin) return { kind: 'redirect', to: root };
      break;
    case 'anyPermission':
      if (!hasPermission(user.role, permissions, screen.requirement.permissions)) {
        return { kind: 'redirect', to: root };
      }
      break;
    case 'none':
      break;
  }

  // The archive's transactions tab needs payment_runs:manage, otherwise back to /archive.
  if (segment === 'archive' && tab === 'transactions' && !hasPermission(user.role, permissions, 'payment_runs:manage')) {
    return { kind: 'redirect', to: `${root}/archive` };
  }
  return { kind: 'allow' };
}
