import { and, eq, sql } from 'drizzle-orm';
import { effectiveLimits, invitationStatusAt, type InvitationDetails } from '@kontor/domain';
import { asOrgId, type Database, type OrgId } from '../../db/database';
import { memberships } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { writeActivity } from '../activity-log/writer';
import { setCurrentOrganization } from '../auth/repo';
import { findSubscription } from '../subscriptions/repo';
import { findInvitationByToken, readInviterName, updateInvitation, type InvitationRow } from './invitation-repo';
import { hashInvitationToken } from './team-service';

/** What the invitation page shows: who invites to what, and whether the link still works. */
export async function readInvitationDetails(
  database: Database,
  token: string,
  signedInEmail: string | null,
): Promise<InvitationDetails> {
  return database.withSystem(async (tx) => {
    const found = await findInvitationByToken(tx, hashInvitationToken(token));
    if (!found) throw new AppError('invitation_not_found');
    const { invitation } = found;
    const inviter = await readInviterName(tx, invitation.invitedBy);
    return {
      organizationName: found.organizationName,
      invitedByName: inviter?.name ?? null,
      email: invitation.email,
      role: invitation.role,
      status: invitationStatusAt(invitation.status, invitation.expiresAt, new Date()),
      expiresAt: invitation.expiresAt.toISOString(),
      signedInEmail,
    };
  });
}

function refuseUnusable(invitation: InvitationRow, userId: string): 'accepted_by_this_user' | null {
  const status = invitationStatusAt(invitation.status, invitation.expiresAt, new Date());
  if (status === 'accepted') {
    // A second click of the same person: they are in already.
    if (invitation.acceptedBy === userId) return 'accepted_by_this_user';
    throw new AppError('invitation_accepted');
  }
  if (status === 'revoked') throw new AppError('invitation_revoked');
  if (status === 'expired') throw new AppError('invitation_expired');
  return null;
}

/**
 * Joins the signed-in user to the invitation's organisation with the invited role and
 * permissions, once: the link's row is locked, accepted and its token spent in the same
 * transaction. The invited address must be the user's (a forwarded link does not make a member
 * of whoever holds it). Past the plan's users (a downgrade since the invitation) it is refused.
 */
export async function acceptInvitation(database: Database, token: string, user: { id: string; email: string }): Promise<OrgId> {
  return database.withSystem(async (tx) => {
    const found = await findInvitationByToken(tx, hashInvitationToken(token), true);
    if (!found) throw new AppError('invitation_not_found');
    const { invitation } = found;
    const orgId = asOrgId(invitation.organizationId);
    if (refuseUnusable(invitation, user.id) === 'accepted_by_this_user') return orgId;
    if (invitation.email !== user.email.toLowerCase()) {
      throw new AppError('invitation_email_mismatch', { email: invitation.email, signedInAs: user.email });
    }
    const [already] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, user.id)));
    if (!already) {
      const subscription = await findSubscription(tx, orgId);
      const limit = subscription ? effectiveLimits(subscription.plan, subscription.additionalPacks).users : null;
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(memberships)
        .where(eq(memberships.organizationId, orgId));
      if (limit !== null && count >= limit) throw new AppError('team_user_limit_reached', { limit, count });
      await tx.insert(memberships).values({
        organizationId: orgId,
        userId: user.id,
        role: invitation.role,
        permissions: invitation.permissions,
      });
    }
    await updateInvitation(tx, orgId, invitation.id, invitation.version, {
      status: 'accepted',
      acceptedAt: new Date(),
      acceptedBy: user.id,
    });
    await writeActivity(tx, orgId, {
      entityType: 'membership',
      entityId: user.id,
      action: 'create',
      actor: { type: 'user', id: user.id },
      changes: { invitation: invitation.id, email: invitation.email, role: invitation.role, permissions: invitation.permissions },
    });
    await setCurrentOrganization(tx, user.id, orgId);
    return orgId;
  });
}
