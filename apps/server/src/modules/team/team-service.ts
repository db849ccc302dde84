import { createHash, randomBytes } from 'node:crypto';
import { invoiceFormat } from '@kontor/formats';
import {
  effectiveLimits,
  storedPermissions,
  teamGrantRefusal,
  type CreateInvitationBody,
  type Invitation,
  type Locale,
  type NotificationOption,
  type Permission,
  type Role,
  type TeamMember,
  type UpdateTeamMemberBody,
} from '@kontor/domain';
import type { Database, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { writeActivity, type Actor } from '../activity-log/writer';
import { availableOptions } from '../member-digest/notification-options';
import { findSubscription } from '../subscriptions/repo';
import {
  findPendingInvitation,
  insertInvitation,
  listInvitations,
  readInvitation,
  readInviterName,
  readOrganizationName,
  toInvitation,
  updateInvitation,
  type InvitationRow,
} from './invitation-repo';
import { composeInvitationMail } from './invitation-mail';
import {
  approverDuties,
  countSeats,
  deleteMember,
  isMemberAddress,
  listMembers,
  lockAdminCount,
  readMember,
  setNotificationOptions,
  updateMemberRole,
} from './member-repo';

export const INVITATION_MAIL_TEMPLATE = 'team_invitation';

/** A link's token: 32 random bytes; only its SHA-256 is stored. */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

const tenant = (org: OrgContext) => ({ orgId: org.orgId, userId: org.userId });
const actorOf = (org: OrgContext): Actor => ({ type: 'user', id: org.userId });
const displayName = (member: { name: string; email: string }) => member.name || member.email;

function assertGrant(
  org: OrgContext,
  grant: { role: Role; permissions: readonly Permission[] },
  currentRole: Role | null = null,
) {
  const refusal = teamGrantRefusal(org, grant, currentRole);
  if (refusal) throw new AppError(refusal);
}

/**
 * The team of an organisation (issue 67): members with their role and permissions, and the
 * invitations by e-mail. Every change is checked against who makes it (team-rules in
 * packages/domain), versioned, and written to the activity log in its own transaction. Role and
 * permission changes reach every api process at once: the memberships trigger drops the cached
 * sessions of the member (lib/invalidation).
 */
export class TeamService {
  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly settings: { publicUrl: string; invitationTtlDays: number },
    /** Drops this process's cached sessions of a user; other processes hear the memberships trigger. */
    private readonly forgetSessions: (userId: string) => void,
  ) {}

  listMembers(org: OrgContext): Promise<TeamMember[]> {
    return this.database.withOrg(tenant(org), (tx) => listMembers(tx, org.orgId), { readOnly: true });
  }

  listInvitations(org: OrgContext): Promise<Invitation[]> {
    return this.database.withOrg(tenant(org), (tx) => listInvitations(tx, org.orgId), { readOnly: true });
  }

  /** Role and permissions of a member. The last admin stays an admin. */
  async updateMember(org: OrgContext, userId: string, body: UpdateTeamMemberBody): Promise<TeamMember> {
    const member = await this.database.withOrg(tenant(org), async (tx) => {
      const before = await this.lockedMember(tx, org, userId);
      assertGrant(org, body, before.role);
      const permissions = storedPermissions(body.role, body.permissions);
      if (before.role === 'admin' && body.role !== 'admin' && (await lockAdminCount(tx, org.orgId)) <= 1) {
        throw new AppError('team_last_admin');
      }
      if (!(await updateMemberRole(tx, org.orgId, userId, body.version, { role: body.role, permissions }))) {
        throw new AppError('stale_version');
      }
      await writeActivity(tx, org.orgId, {
        entityType: 'membership',
        entityId: userId,
        action: 'update',
        actor: actorOf(org),
        changes: {
          role: { from: before.role, to: body.role },
          permissions: { from: before.permissions, to: permissions },
        },
      });
      return (await readMember(tx, org.orgId, userId))!;
    });
    this.forgetSessions(userId);
    return member;
  }

  /**
   * A member's e-mail notifications, set by someone who manages the team (issue 68): only options
   * the member may receive (their role and permissions), refused by name otherwise.
   */
  async changeNotificationOptions(org: OrgContext, userId: string, options: NotificationOption[]): Promise<TeamMember> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const before = await this.lockedMember(tx, org, userId);
      const available = availableOptions(before.role, before.permissions);
      if (options.some((option) => !available.includes(option))) {
        throw new AppError('validation_failed', undefined, { fieldErrors: { options: ['notification_option_unavailable'] } });
      }
      await setNotificationOptions(tx, org.orgId, userId, options);
      await writeActivity(tx, org.orgId, {
        entityType: 'membership',
        entityId: userId,
        action: 'update',
        actor: actorOf(org),
        changes: { notificationOptions: { from: before.notificationOptions, to: options } },
      });
      return (await readMember(tx, org.orgId, userId))!;
    });
  }

  /**
   * Removes a member (or the member themselves: leaving). Refused for the last admin, and while
   * the member still approves (named in a flow, or approvals waiting for them): their invoices
   * would wait for nobody.
   */
  async removeMember(org: OrgContext, userId: string, version: number | null): Promise<void> {
    await this.database.withOrg(tenant(org), async (tx) => {
      const member = await this.lockedMember(tx, org, userId);
      if (userId !== org.userId) assertGrant(org, { role: member.role, permissions: [] }, member.role);
      if (member.role === 'admin' && (await lockAdminCount(tx, org.orgId)) <= 1) throw new AppError('team_last_admin');
      const duties = await approverDuties(tx, org.orgId, userId);
      if (duties.flows > 0 || duties.waiting > 0) {
        throw new AppError('team_member_is_approver', { name: displayName(member), ...duties });
      }
      if (!(await deleteMember(tx, org.orgId, userId, version))) throw new AppError('stale_version');
      await writeActivity(tx, org.orgId, {
        entityType: 'membership',
        entityId: userId,
        action: 'delete',
        actor: actorOf(org),
        changes: { email: member.email, role: member.role, permissions: member.permissions },
      });
    });
    this.forgetSessions(userId);
  }

  /** Invites an address with a role: refused for a member, an address already invited, and past the plan's users. */
  invite(org: OrgContext, body: CreateInvitationBody & { email: string }, locale: Locale): Promise<Invitation> {
    return this.database.withOrg(tenant(org), async (tx) => {
      assertGrant(org, body);
      const email = body.email.toLowerCase();
      if (await isMemberAddress(tx, org.orgId, email)) throw new AppError('invitation_already_member', { email });
      const pending = await findPendingInvitation(tx, org.orgId, email);
      if (pending && pending.expiresAt > new Date()) throw new AppError('invitation_already_pending', { email });
      if (pending)
        await updateInvitation(tx, org.orgId, pending.id, pending.version, { status: 'revoked', revokedAt: new Date() });
      await this.assertSeat(tx, org);

      const token = randomBytes(32).toString('base64url');
      const row = await insertInvitation(tx, {
        organizationId: org.orgId,
        email,
        role: body.role,
        permissions: storedPermissions(body.role, body.permissions),
        tokenHash: hashInvitationToken(token),
        invitedBy: org.userId,
        expiresAt: this.expiry(),
      });
      const sent = await this.mail(tx, org, row, token, locale);
      await writeActivity(tx, org.orgId, {
        entityType: 'invitation',
        entityId: row.id,
        action: 'create',
        actor: actorOf(org),
        changes: { email, role: row.role, permissions: row.permissions },
      });
      return toInvitation(sent, await readInviterName(tx, org.userId));
    });
  }

  /** Withdraws a pending invitation: its link stops working at once. */
  revoke(org: OrgContext, id: string, version: number): Promise<Invitation> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const row = await this.lockedInvitation(tx, org, id);
      assertGrant(org, row);
      if (row.status !== 'pending') throw new AppError('invitation_not_pending');
      const revoked = await updateInvitation(tx, org.orgId, id, version, { status: 'revoked', revokedAt: new Date() });
      if (!revoked) throw new AppError('stale_version');
      await writeActivity(tx, org.orgId, { entityType: 'invitation', entityId: id, action: 'cancel', actor: actorOf(org) });
      return toInvitation(revoked, await readInviterName(tx, revoked.invitedBy));
    });
  }

  /**
   * Re-invites: a new link (the old one stops working), a new expiry, the mail again, for a
   * pending, expired or revoked invitation; the seat is counted again when it had lapsed.
   */
  resend(org: OrgContext, id: string, version: number, locale: Locale): Promise<Invitation> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const row = await this.lockedInvitation(tx, org, id);
      assertGrant(org, row);
      if (row.status === 'accepted') throw new AppError('invitation_accepted');
      if (await isMemberAddress(tx, org.orgId, row.email)) throw new AppError('invitation_already_member', { email: row.email });
      const holdsSeat = row.status === 'pending' && row.expiresAt > new Date();
      if (!holdsSeat) {
        const other = await findPendingInvitation(tx, org.orgId, row.email);
        if (other && other.id !== id) throw new AppError('invitation_already_pending', { email: row.email });
        await this.assertSeat(tx, org);
      }
      const token = randomBytes(32).toString('base64url');
      const renewed = await updateInvitation(tx, org.orgId, id, version, {
        status: 'pending',
        tokenHash: hashInvitationToken(token),
        expiresAt: this.expiry(),
        revokedAt: null,
        invitedBy: org.userId,
      });
      if (!renewed) throw new AppError('stale_version');
      const sent = await this.mail(tx, org, renewed, token, locale);
      await writeActivity(tx, org.orgId, { entityType: 'invitation', entityId: id, action: 'send', actor: actorOf(org) });
      return toInvitation(sent, await readInviterName(tx, org.userId));
    });
  }

  private expiry(): Date {
    return new Date(Date.now() + this.settings.invitationTtlDays * 86_400_000);
  }

  /** The plan's users (SPEC §1 plans): members and open invitations together. */
  private async assertSeat(tx: Tx, org: OrgContext): Promise<void> {
    const subscription = await findSubscription(tx, org.orgId);
    const limit = subscription ? effectiveLimits(subscription.plan, subscription.additionalPacks).users : null;
    if (limit === null) return;
    const seats = await countSeats(tx, org.orgId);
    if (seats >= limit) throw new AppError('team_user_limit_reached', { limit, count: seats });
  }

  private async mail(tx: Tx, org: OrgContext, row: InvitationRow, token: string, locale: Locale): Promise<InvitationRow> {
    const inviter = await readInviterName(tx, org.userId);
    const organization = await readOrganizationName(tx, org.orgId);
    const mail = composeInvitationMail({
      locale,
      inviter: inviter?.name ?? '',
      organization,
      role: row.role,
      link: `${this.settings.publicUrl}/invitation/${token}`,
      expiresOn: invoiceFormat(locale, 'EUR').date(row.expiresAt.toISOString().slice(0, 10)),
    });
    const { id } = await this.mailer.enqueue(tx, {
      organizationId: org.orgId,
      to: [row.email],
      ...mail,
      template: INVITATION_MAIL_TEMPLATE,
    });
    return (await updateInvitation(tx, org.orgId, row.id, row.version, { mailId: id }))!;
  }

  private async lockedMember(tx: Tx, org: OrgContext, userId: string): Promise<TeamMember> {
    const member = await readMember(tx, org.orgId, userId, true);
    if (!member) throw new AppError('team_member_not_found');
    return member;
  }

  private async lockedInvitation(tx: Tx, org: OrgContext, id: string): Promise<InvitationRow> {
    const row = await readInvitation(tx, org.orgId, id, true);
    if (!row) throw new AppError('invitation_not_found');
    return row;
  }
}
