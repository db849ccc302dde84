import type { Permission, Role } from '../permissions';

/** Who changes the team (SPEC §6): an admin, or a user holding team_members:manage. */
export function canManageTeam(role: Role, permissions: readonly Permission[]): boolean {
  return role === 'admin' || permissions.includes('team_members:manage');
}

export type TeamGrantRefusal = 'team_admin_required' | 'team_permission_not_held';

/**
 * Whether someone may give `role` and `permissions` (inviting, or changing a member who has
 * `currentRole`). Making or changing an admin needs an admin; a user who manages the team may
 * only hand on permissions they hold themselves, so managing the team is no way to more rights.
 */
export function teamGrantRefusal(
  actor: { role: Role; permissions: readonly Permission[] },
  grant: { role: Role; permissions: readonly Permission[] },
  currentRole: Role | null = null,
): TeamGrantRefusal | null {
  if (actor.role === 'admin') return null;
  if (grant.role === 'admin' || currentRole === 'admin') return 'team_admin_required';
  return grant.permissions.every((permission) => actor.permissions.includes(permission)) ? null : 'team_permission_not_held';
}

/** Expired is a matter of time, not of a stored status: a pending invitation past its expiry. */
export function invitationStatusAt(
  stored: 'pending' | 'accepted' | 'revoked',
  expiresAt: Date,
  now: Date,
): 'pending' | 'accepted' | 'revoked' | 'expired' {
  return stored === 'pending' && expiresAt.getTime() <= now.getTime() ? 'expired' : stored;
}

/** The stored permissions of a role: an admin holds all of them, so none are kept. */
export function storedPermissions(role: Role, permissions: readonly Permission[]): Permission[] {
  return role === 'admin' ? [] : [...new Set(permissions)];
}
