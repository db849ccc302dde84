import { createContext, use, type ReactNode } from 'react';
import type { AuthenticatedUser } from '@kontor/domain/auth';
import type { Organization } from '@kontor/domain/organization';
import { hasPermission, type Permission } from '@kontor/domain/permissions';
import type { ScreenRequirement } from '@kontor/domain/screens';

/**
 * Who is signed in, in which organisation, allowed to do what. The organisation guard
 * provides it once the entry checks passed; every screen under /{slug} reads it.
 */
export interface Session {
  user: AuthenticatedUser;
  organization: Organization;
  permissions: readonly Permission[];
  onboarding: { completed: boolean; completedSteps: string[] };
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession() is only available under the organisation guard');
  return session;
}

export function isAdmin(session: Pick<Session, 'user'>): boolean {
  return session.user.role === 'admin';
}

/** SPEC §6: admin passes every check; others need one of the permissions. */
export function canAccess(session: Pick<Session, 'user' | 'permissions'>, requirement: ScreenRequirement): boolean {
  switch (requirement.kind) {
    case 'none':
      return true;
    case 'admin':
      return isAdmin(session);
    case 'anyPermission':
      return hasPermission(session.user.role, session.permissions, requirement.permissions);
  }
}

export function can(session: Pick<Session, 'user' | 'permissions'>, permission: Permission): boolean {
  return hasPermission(session.user.role, session.permissions, permission);
}

export function hasFeatureFlag(session: Pick<Session, 'user'>, flag: string): boolean {
  return session.user.featureFlags.includes(flag);
}
