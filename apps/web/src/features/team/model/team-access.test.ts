import { describe, expect, it } from 'vitest';
import type { Permission } from '@kontor/domain/permissions';
import {
  canGrantAdmin,
  canGrantPermission,
  canViewerManageTeam,
  invitationActions,
  memberActions,
  memberDisplayName,
  sortInvitations,
  type TeamViewer,
} from './team-access';
import { orderedPermissions } from './permission-labels';

const admin: TeamViewer = { userId: 'a', role: 'admin', permissions: [] };
const manager: TeamViewer = { userId: 'm', role: 'user', permissions: ['team_members:manage', 'ap_invoices:manage'] };
const reader: TeamViewer = { userId: 'r', role: 'user', permissions: ['ap_invoices:manage'] };

describe('who changes the team', () => {
  it('lets admins and team managers manage, and nobody else', () => {
    expect(canViewerManageTeam(admin)).toBe(true);
    expect(canViewerManageTeam(manager)).toBe(true);
    expect(canViewerManageTeam(reader)).toBe(false);
  });

  it('offers a reader no row actions at all', () => {
    expect(memberActions(reader, { userId: 'x', role: 'user' })).toEqual([]);
    expect(invitationActions(reader, { status: 'pending', role: 'user', permissions: [] })).toEqual([]);
  });

  it('offers an admin every member, but not removing themselves', () => {
    expect(memberActions(admin, { userId: 'x', role: 'admin' })).toEqual(['edit', 'notifications', 'remove']);
    expect(memberActions(admin, { userId: 'x', role: 'user' })).toEqual(['edit', 'notifications', 'remove']);
    expect(memberActions(admin, { userId: 'a', role: 'admin' })).toEqual(['edit', 'notifications']);
  });

  it('keeps a manager who is no admin away from admins', () => {
    expect(memberActions(manager, { userId: 'x', role: 'admin' })).toEqual([]);
    expect(memberActions(manager, { userId: 'x', role: 'user' })).toEqual(['edit', 'notifications', 'remove']);
  });

  it('revokes only pending invitations and sends any again', () => {
    expect(invitationActions(admin, { status: 'pending', role: 'admin', permissions: [] })).toEqual(['revoke', 'resend']);
    expect(invitationActions(admin, { status: 'expired', role: 'user', permissions: [] })).toEqual(['resend']);
    expect(invitationActions(admin, { status: 'revoked', role: 'user', permissions: [] })).toEqual(['resend']);
    expect(invitationActions(admin, { status: 'accepted', role: 'user', permissions: [] })).toEqual([]);
  });

  it('lets a manager send again only what they may grant', () => {
    expect(invitationActions(manager, { status: 'pending', role: 'admin', permissions: [] })).toEqual(['revoke']);
    expect(invitationActions(manager, { status: 'expired', role: 'user', permissions: ['payment_runs:manage'] })).toEqual([]);
    expect(invitationActions(manager, { status: 'expired', role: 'user', permissions: ['ap_invoices:manage'] })).toEqual([
      'resend',
    ]);
  });

  it('grants admin only as an admin, and permissions only as their holder', () => {
    expect(canGrantAdmin(admin)).toBe(true);
    expect(canGrantAdmin(manager)).toBe(false);
    expect(canGrantPermission(admin, 'payment_runs:manage')).toBe(true);
    expect(canGrantPermission(manager, 'ap_invoices:manage')).toBe(true);
    expect(canGrantPermission(manager, 'payment_runs:manage')).toBe(false);
  });
});

describe('the lists', () => {
  it('shows pending invitations first, then expired, then revoked, newest first, and no accepted ones', () => {
    const invitations = [
      { id: 1, status: 'revoked' as const, createdAt: '2026-12-01T10:00:00Z' },
      { id: 2, status: 'pending' as const, createdAt: '2026-12-01T10:00:00Z' },
      { id: 3, status: 'accepted' as const, createdAt: '2026-12-05T10:00:00Z' },
      { id: 4, status: 'expired' as const, createdAt: '2026-11-01T10:00:00Z' },
      { id: 5, status: 'pending' as const, createdAt: '2026-12-03T10:00:00Z' },
    ];
    expect(sortInvitations(invitations).map(({ id }) => id)).toEqual([5, 2, 4, 1]);
  });

  it('names a member by name, else by address', () => {
    expect(memberDisplayName({ name: 'Eva Muster', email: 'eva@firma.de' })).toBe('Eva Muster');
    expect(memberDisplayName({ name: '  ', email: 'eva@firma.de' })).toBe('eva@firma.de');
  });

  it('lists permissions in the order of the closed list', () => {
    const stored: Permission[] = ['team_members:manage', 'payment_runs:manage'];
    expect(orderedPermissions(stored)).toEqual(['payment_runs:manage', 'team_members:manage']);
  });
});
