import type { AuthenticatedUser } from '@kontor/domain/auth';

/** The signed-in user as last seen, kept so a reload knows who was here (SPEC §4). */
export const LOCAL_USER_KEY = 'kontor.user';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the app then simply forgets.
    return undefined;
  }
}

function looksLikeUser(value: unknown): value is AuthenticatedUser {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.id === 'string' &&
    (candidate.role === 'admin' || candidate.role === 'user') &&
    (candidate.organization === null || typeof candidate.organization === 'object')
  );
}

export function readLocalUser(): AuthenticatedUser | null {
  const raw = storage()?.getItem(LOCAL_USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return looksLikeUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveLocalUser(user: AuthenticatedUser): void {
  storage()?.setItem(LOCAL_USER_KEY, JSON.stringify(user));
}

export function clearLocalUser(): void {
  storage()?.removeItem(LOCAL_USER_KEY);
}
