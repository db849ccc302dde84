import { describe, expect, it } from 'vitest';
import type { AuthenticatedUser } from './auth';
import { decideEntry, type EntryInput } from './entry-guard';
import type { Permission } from './permissions';

const demo = { id: '00000000-0000-4000-8000-000000000001', slug: 'demo' };
const muster = { id: '00000000-0000-4000-8000-000000000002', slug: 'muster' };

function user(overrides: Partial<AuthenticatedUser> = {}): AuthenticatedUser {
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    email: 'a@example.test',
    name: 'A',
    locale: null,
    role: 'user',
    organization: { id: demo.id, slug: demo.slug, authId: 'org_demo' },
    onboardingCompleted: false,
    featureFlags: [],
    ...overrides,
  };
}

function decide(pathname: string, overrides: Partial<EntryInput> = {}) {
  return decideEntry({ pathname, user: user(), slugOrganization: demo, permissions: [], ...overrides });
}

describe('entry guard (SPEC §5)', () => {
  it('sends a user without organisation to /sign-up, and lets them stay there', () => {
    const noOrg = user({ organization: null });
    expect(decide('/demo/invoices', { user: noOrg })).toEqual({ kind: 'redirect', to: '/sign-up' });
    expect(decide('/sign-up', { user: noOrg })).toEqual({ kind: 'allow' });
  });

  it('sends a path without slug to the current organisation invoices', () => {
    expect(decide('/', { slugOrganization: undefined })).toEqual({ kind: 'redirect', to: '/demo/invoices' });
  });

  it('sends an unknown slug to /session-expired', () => {
    expect(decide('/nope/invoices', { slugOrganization: null })).toEqual({ kind: 'redirect', to: '/session-expired' });
  });

  it('switches to the organisation a different slug names', () => {
    expect(decide('/muster/invoices', { slugOrganization: muster })).toEqual({ kind: 'switch', organizationId: muster.id });
  });

  it('sends non-admins away from settings and billing, but not admins', () => {
    expect(decide('/demo/settings')).toEqual({ kind: 'redirect', to: '/demo' });
    expect(decide('/demo/settings/billing')).toEqual({ kind: 'redirect', to: '/demo' });
    expect(decide('/demo/settings/billing', { user: user({ role: 'admin' }) })).toEqual({ kind: 'allow' });
  });

  it('redirects guarded pages without the permission to the organisation root', () => {
    const cases: [string, Permission][] = [
      ['/demo/transactions', 'payment_runs:manage'],
      ['/demo/transaction-dashboard', 'payment_runs:manage'],
      ['/demo/pr/123', 'payment_runs:manage'],
      ['/demo/bank-transactions/5', 'bank_accounts:manage'],
      ['/demo/accounts-receivable', 'ar_invoices:manage'],
    ];
    for (const [path, permission] of cases) {
      expect(decide(path)).toEqual({ kind: 'redirect', to: '/demo' });
      expect(decide(path, { permissions: [permission] })).toEqual({ kind: 'allow' });
    }
    expect(decide('/demo/export')).toEqual({ kind: 'redirect', to: '/demo' });
    expect(decide('/demo/export', { permissions: ['ap_invoices:manage'] })).toEqual({ kind: 'allow' });
    expect(decide('/demo/export', { permissions: ['payment_runs:manage'] })).toEqual({ kind: 'allow' });
    expect(decide('/demo/invoices/new')).toEqual({ kind: 'allow' });
    expect(decide('/demo/counterparties')).toEqual({ kind: 'allow' });
  });

  it('sends the archive transactions tab to /archive without payment_runs:manage', () => {
    expect(decide('/demo/archive/transactions')).toEqual({ kind: 'redirect', to: '/demo/archive' });
    expect(decide('/demo/archive/transactions', { permissions: ['payment_runs:manage'] })).toEqual({ kind: 'allow' });
    expect(decide('/demo/archive/invoices')).toEqual({ kind: 'allow' });
  });

  it('ends on /session-expired on any guard failure, unless already there', () => {
    expect(decide('/demo/invoices', { user: null })).toEqual({ kind: 'redirect', to: '/session-expired' });
    expect(decide('/session-expired', { user: null })).toEqual({ kind: 'allow' });
  });

  it('lets an admin pass every permission check', () => {
    const admin = user({ role: 'admin' });
    for (const path of [
      '/demo/transactions',
      '/demo/bank-transactions',
      '/demo/accounts-receivable',
      '/demo/export',
      '/demo/archive/transactions',
    ]) {
      expect(decide(path, { user: admin })).toEqual({ kind: 'allow' });
    }
  });
});
