import type { Locale } from '@kontor/domain/auth';
import { isPublicPath } from './public-paths';

/** Where to go after the next sign-in; kept per tab, set before leaving for the identity provider. */
export const RETURN_TO_KEY = 'kontor.returnTo';

export type LoginMode = 'sign-in' | 'sign-up';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Only paths inside the app, never public pages, API routes or another origin ("//evil.example"). */
export function isSafeReturnTo(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  if (/^\/(api|idp|mailbox|files)(\/|$)/.test(pathname)) return false;
  return !isPublicPath(pathname);
}

export function saveReturnTo(path: string): void {
  if (isSafeReturnTo(path)) storage()?.setItem(RETURN_TO_KEY, path);
}

/** Reads and forgets the saved path, so it is used at most once. */
export function takeReturnTo(): string | null {
  const store = storage();
  const path = store?.getItem(RETURN_TO_KEY) ?? null;
  store?.removeItem(RETURN_TO_KEY);
  return path !== null && isSafeReturnTo(path) ? path : null;
}

/** A team invitation to accept after the next sign-in or sign-up (issue 67); kept per tab like returnTo. */
export const PENDING_INVITATION_KEY = 'kontor.pendingInvitation';

/** The shape of an invitation token (the domain's invitationTokenSchema): nothing else becomes a path. */
const INVITATION_TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

export function savePendingInvitation(token: string): void {
  if (INVITATION_TOKEN.test(token)) storage()?.setItem(PENDING_INVITATION_KEY, token);
}

/** Reads and forgets the saved invitation token, so it is used at most once. */
export function takePendingInvitation(): string | null {
  const store = storage();
  const token = store?.getItem(PENDING_INVITATION_KEY) ?? null;
  store?.removeItem(PENDING_INVITATION_KEY);
  return token !== null && INVITATION_TOKEN.test(token) ? token : null;
}

/** The invitation page; with `accept`, it joins by itself once the signed-in address matches. */
export function invitationPath(token: string, options: { accept?: boolean } = {}): string {
  return `/invitation/${encodeURIComponent(token)}${options.accept ? '?accept=1' : ''}`;
}

export function buildLoginUrl(mode: LoginMode, locale: Locale): string {
  const query = new URLSearchParams({ mode, locale });
  return `/api/auth/login?${query.toString()}`;
}

/** Sign-in is a full browser navigation: the server redirects on to the identity provider. */
export function startLogin(mode: LoginMode, locale: Locale): void {
  window.location.assign(buildLoginUrl(mode, locale));
}
