import { describe, expect, it } from 'vitest';
import type { AuthenticatedUser } from '@kontor/domain/auth';
import { resolveEntry, type EntryInputs } from './resolve-entry';

const ACME = { id: '11111111-1111-4111-8111-111111111111', slug: 'acme' };
const BETA = { id: '22222222-2222-4222-8222-222222222222', slug: 'beta' };

function user(overrides: Partial<AuthenticatedUser> = {}): AuthenticatedUser {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    email: 'anna@example.com',
    name: 'Anna',
    locale: null,
    role: 'user',
    organization: { ...ACME, authId: 'org_acme' },
    onboardingCompleted: false,
    featureFlags: [],
    ...overrides,
  };
}

function inputs(pathname: string, overrides: Partial<EntryInputs> = {}): EntryInputs {
  return {
    pathname,
    user: { status: 'success', data: user() },
    slugOrganization: { status: 'success', data: ACME },
    permissions: { status: 'success', data: [] },
    ...overrides,
  };
}

describe('resolveEntry', () => {
  it('waits for the user, then the slug organisation, then the permissions', () => {
    expect(resolveEntry(inputs('/acme/transactions', { user: { status: 'pending' } }))).toEqual({ kind: 'pending' });
    expect(resolveEntry(inputs('/acme/transactions', { slugOrganization: { status: 'pending' } }))).toEqual({ kind: 'pending' });
    expect(resolveEntry(inputs('/acme/transactions', { permissions: { status: 'pending' } }))).toEqual({ kind: 'pending' });
  });

  it('sends a failed session to /session-expired', () => {
    expect(resolveEntry(inputs('/acme/invoices/new', { user: { status: 'error' } }))).toEqual({
      kind: 'redirect',
      to: '/session-expired',
    });
  });

  it('sends a user without organisation to /sign-up without waiting for anything else', () => {
    const state = inputs('/acme/invoices/new', {
      user: { status: 'success', data: user({ organization: null }) },
      slugOrganization: { status: 'pending' },
    });
    expect(resolveEntry(state)).toEqual({ kind: 'redirect', to: '/sign-up' });
  });

  it('treats an unknown or unresolvable slug as a guard failure', () => {
    expect(resolveEntry(inputs('/nope/invoices', { slugOrganization: { status: 'success', data: null } }))).toEqual({
      kind: 'redirect',
      to: '/session-expired',
    });
    expect(resolveEntry(inputs('/nope/invoices', { slugOrganization: { status: 'error' } }))).toEqual({
      kind: 'redirect',
      to: '/session-expired',
    });
  });

  it('switches to another organisation of the user before checking permissions', () => {
    const state = inputs('/beta/transactions', {
      slugOrganization: { status: 'success', data: BETA },
      permissions: { status: 'pending' },
    });
    expect(resolveEntry(state)).toEqual({ kind: 'switch', organizationId: BETA.id });
  });

  it('applies the permission and admin rules once everything is known', () => {
    expect(resolveEntry(inputs('/acme/transactions'))).toEqual({ kind: 'redirect', to: '/acme' });
    expect(
      resolveEntry(inputs('/acme/transactions', { permissions: { status: 'success', data: ['payment_runs:manage'] } })),
    ).toEqual({ kind: 'allow' });
    expect(resolveEntry(inputs('/acme/settings/billing'))).toEqual({ kind: 'redirect', to: '/acme' });
    expect(
      resolveEntry(inputs('/acme/settings/billing', { user: { status: 'success', data: user({ role: 'admin' }) } })),
    ).toEqual({ kind: 'allow' });
    expect(resolveEntry(inputs('/acme/archive/transactions'))).toEqual({ kind: 'redirect', to: '/acme/archive' });
  });

  it('counts failed permissions as none', () => {
    expect(resolveEntry(inputs('/acme/bank-transactions', { permissions: { status: 'error' } }))).toEqual({
      kind: 'redirect',
      to: '/acme',
    });
    expect(resolveEntry(inputs('/acme/invoices/new', { permissions: { status: 'error' } }))).toEqual({ kind: 'allow' });
  });
});
