import { describe, expect, it } from 'vitest';
import { canManageTeam, invitationStatusAt, storedPermissions, teamGrantRefusal } from './team-rules';
import { createInvitationBodySchema } from './team-schemas';

describe('team rules', () => {
  it('lets admins and team managers change the team', () => {
    expect(canManageTeam('admin', [])).toBe(true);
    expect(canManageTeam('user', ['team_members:manage'])).toBe(true);
    expect(canManageTeam('user', ['ap_invoices:manage'])).toBe(false);
  });

  it('keeps admin grants with admins and a manager to the permissions they hold', () => {
    const manager = { role: 'user' as const, permissions: ['team_members:manage', 'ap_invoices:manage'] as const };
    expect(teamGrantRefusal({ role: 'admin', permissions: [] }, { role: 'admin', permissions: [] })).toBeNull();
    expect(teamGrantRefusal(manager, { role: 'admin', permissions: [] })).toBe('team_admin_required');
    expect(teamGrantRefusal(manager, { role: 'user', permissions: ['ap_invoices:manage'] }, 'admin')).toBe('team_admin_required');
    expect(teamGrantRefusal(manager, { role: 'user', permissions: ['ap_invoices:manage'] })).toBeNull();
    expect(teamGrantRefusal(manager, { role: 'user', permissions: ['payment_runs:manage'] })).toBe('team_permission_not_held');
  });

  it('reads a pending invitation past its expiry as expired', () => {
    const now = new Date('2026-12-07T12:00:00Z');
    expect(invitationStatusAt('pending', new Date('2026-12-07T12:00:01Z'), now)).toBe('pending');
    expect(invitationStatusAt('pending', new Date('2026-12-07T12:00:00Z'), now)).toBe('expired');
    expect(invitationStatusAt('revoked', new Date('2020-01-01T00:00:00Z'), now)).toBe('revoked');
  });

  it('stores no permissions for an admin and each permission once', () => {
    expect(storedPermissions('admin', ['ap_invoices:manage'])).toEqual([]);
    expect(storedPermissions('user', ['ap_invoices:manage', 'ap_invoices:manage'])).toEqual(['ap_invoices:manage']);
  });

  it('asks for a role and a valid address on an invitation', () => {
    const missingRole = createInvitationBodySchema.safeParse({ email: 'a@b.de', permissions: [] });
    expect(missingRole.error?.issues[0]).toMatchObject({ path: ['role'], message: 'select_role' });
    expect(
      createInvitationBodySchema.safeParse({ email: 'not-an-address', role: 'user', permissions: [] }).error?.issues[0]?.message,
    ).toBe('invalid_email');
    expect(createInvitationBodySchema.parse({ email: ' Eva@Firma.DE ', role: 'user', permissions: [] }).email).toBe(
      'eva@firma.de',
    );
  });
});
