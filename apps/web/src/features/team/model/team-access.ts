import type { Permission, Role } from '@kontor/domain/permissions';
import type { Invitation, InvitationStatus, TeamMember } from '@kontor/domain/team/team-schemas';
import { canManageTeam, teamGrantRefusal } from '@kontor/domain/team/team-rules';

/** Who looks at the team screen: the signed-in user in the current organisation. */
export interface TeamViewer {
  userId: string;
  role: Role;
  permissions: readonly Permission[];
}

export type MemberAction = 'edit' | 'notifications' | 'remove';
export type InvitationAction = 'revoke' | 'resend';

/** Admins and holders of team_members:manage change the team (SPEC §6); everyone else reads it. */
export function canViewerManageTeam(viewer: TeamViewer): boolean {
  return canManageTeam(viewer.role, viewer.permissions);
}

/**
 * What a member's row offers. A manager who is no admin cannot touch an admin (the server answers
 * team_admin_required), and nobody removes themselves here: that would end their own access.
 */
export function memberActions(viewer: TeamViewer, member: Pick<TeamMember, 'userId' | 'role'>): MemberAction[] {
  if (!canViewerManageTeam(viewer)) return [];
  if (viewer.role !== 'admin' && member.role === 'admin') return [];
  return member.userId === viewer.userId ? ['edit', 'notifications'] : ['edit', 'notifications', 'remove'];
}

/**
 * What an invitation's row offers: revoking only while it is pending; sending again (a new link)
 * in any state, as long as the viewer may grant what it grants (sending again grants it anew).
 */
export function invitationActions(
  viewer: TeamViewer,
  invitation: Pick<Invitation, 'status' | 'role' | 'permissions'>,
): InvitationAction[] {
  if (!canViewerManageTeam(viewer) || invitation.status === 'accepted') return [];
  const actions: InvitationAction[] = [];
  if (invitation.status === 'pending') actions.push('revoke');
  if (teamGrantRefusal(viewer, invitation) === null) actions.push('resend');
  return actions;
}

/** An admin grants any permission; a team manager only those they hold themselves. */
export function canGrantPermission(viewer: Pick<TeamViewer, 'role' | 'permissions'>, permission: Permission): boolean {
  return viewer.role === 'admin' || viewer.permissions.includes(permission);
}

/** Only an admin makes someone an admin. */
export function canGrantAdmin(viewer: Pick<TeamViewer, 'role'>): boolean {
  return viewer.role === 'admin';
}

/** Open ones first, then those that can be sent again; the newest first within each. */
const STATUS_ORDER: Record<InvitationStatus, number> = { pending: 0, expired: 1, revoked: 2, accepted: 3 };

/** The invitations the list shows (accepted ones are members by now), in the order above. */
export function sortInvitations<Item extends Pick<Invitation, 'status' | 'createdAt'>>(invitations: readonly Item[]): Item[] {
  return invitations
    .filter((invitation) => invitation.status !== 'accepted')
    .sort(
      (first, second) =>
        STATUS_ORDER[first.status] - STATUS_ORDER[second.status] || second.createdAt.localeCompare(first.createdAt),
    );
}

export type BadgeTone = 'info' | 'warning' | 'neutral' | 'success';

export const INVITATION_STATUS_TONE: Record<InvitationStatus, BadgeTone> = {
  pending: 'info',
  expired: 'warning',
  revoked: 'neutral',
  accepted: 'success',
};

/** A member's name, or the e-mail address when the account has no name yet. */
export function memberDisplayName(member: Pick<TeamMember, 'name' | 'email'>): string {
  return member.name.trim() || member.email;
}
