import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthenticatedUser } from '@kontor/domain/auth';
import type { Organization } from '@kontor/domain/organization';
import type { Permission } from '@kontor/domain/permissions';
import type { Invitation, TeamMember } from '@kontor/domain/team/team-schemas';
import { formatDate } from '@/lib/format';
import { i18n, initI18n } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { SessionProvider, type Session } from '@/lib/session-context';
import { TeamScreen } from './team-screen';

const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
const EVA_ID = '00000000-0000-4000-8000-000000000002';
const organization = { id: '00000000-0000-4000-8000-0000000000aa', slug: 'acme', authId: 'org_1', name: 'Acme GmbH' };

const members: TeamMember[] = [
  {
    userId: ADMIN_ID,
    name: 'Anna Admin',
    email: 'anna@acme.de',
    role: 'admin',
    permissions: [],
    notificationOptions: [],
    joinedAt: '2026-01-05T09:00:00Z',
    version: 1,
  },
  {
    userId: EVA_ID,
    name: 'Eva Muster',
    email: 'eva@acme.de',
    role: 'user',
    permissions: ['team_members:manage', 'ap_invoices:manage'],
    notificationOptions: [],
    joinedAt: '2026-02-10T09:00:00Z',
    version: 3,
  },
];

const invitation = (id: string, email: string, status: Invitation['status'], createdAt: string): Invitation => ({
  id: `00000000-0000-4000-8000-0000000000${id}`,
  email,
  role: 'user',
  permissions: ['payment_runs:manage'],
  status,
  invitedBy: { id: ADMIN_ID, name: 'Anna Admin' },
  createdAt,
  expiresAt: '2026-12-14T10:00:00Z',
  version: 1,
});
const invitations = [
  invitation('b1', 'revoked@acme.de', 'revoked', '2026-12-03T10:00:00Z'),
  invitation('b2', 'pending@acme.de', 'pending', '2026-12-07T10:00:00Z'),
  invitation('b3', 'expired@acme.de', 'expired', '2026-11-01T10:00:00Z'),
];

function session(userId: string, role: 'admin' | 'user', permissions: Permission[]): Session {
  const user: AuthenticatedUser = {
    id: userId,
    email: 'me@acme.de',
    name: 'Me',
    locale: 'en',
    role,
    organization: { id: organization.id, slug: organization.slug, authId: organization.authId },
    onboardingCompleted: true,
    featureFlags: [],
  };
  // Only the fields the team screen reads.
  return { user, organization: organization as Organization, permissions, onboarding: { completed: true, completedSteps: [] } };
}

function render(viewer: Session, prepare: (queryClient: QueryClient) => void): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prepare(queryClient);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SessionProvider session={viewer}>
          <TeamScreen />
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const withTeam = (queryClient: QueryClient) => {
  queryClient.setQueryData(queryKeys.team.members(), { items: members });
  queryClient.setQueryData(queryKeys.team.invitations(), { items: invitations });
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const rows = (html: string, testId: string) =>
  [...html.matchAll(new RegExp(`<tr[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</tr>`, 'g'))].map(([, inner = '']) =>
    text(inner),
  );
const ariaLabels = (html: string) => [...html.matchAll(/aria-label="([^"]+)"/g)].map(([, label]) => label);

describe('TeamScreen', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('en');
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['common', 'titles', 'team', 'validation', 'errors']);
  });

  it('shows an admin the members and invitations with every action', () => {
    const html = render(session(ADMIN_ID, 'admin', []), withTeam);
    expect(html).toMatch(/<h1[^>]*>Team<\/h1>/);
    expect(html).toMatch(/<button[^>]*>.*Invite member<\/button>/);
    expect(ariaLabels(html)).toEqual(
      expect.arrayContaining(['Members', 'Invitations', 'Actions for Anna Admin', 'Actions for Eva Muster']),
    );
    expect(rows(html, 'team-member-row')).toEqual([
      `Anna Admin You anna@acme.de Administrator All permissions ${formatDate(members[0]?.joinedAt ?? '', 'en')}`,
      `Eva Muster eva@acme.de User Accounts payable Team ${formatDate(members[1]?.joinedAt ?? '', 'en')}`,
    ]);
    expect(rows(html, 'team-invitation-row')).toEqual([
      'pending@acme.de User Payment runs Pending Anna Admin expires 14 Dec 2026 Revoke Send again',
      'expired@acme.de User Payment runs Expired Anna Admin expired 14 Dec 2026 Send again',
      'revoked@acme.de User Payment runs Revoked Anna Admin no longer works Send again',
    ]);
    expect(html).not.toContain('Please contact your administrator');
  });

  it('keeps a team manager who is no admin away from admins and from what they do not hold', () => {
    const html = render(session(EVA_ID, 'user', ['team_members:manage', 'ap_invoices:manage']), withTeam);
    expect(html).toContain('Invite member');
    expect(ariaLabels(html)).toContain('Actions for Eva Muster');
    expect(ariaLabels(html)).not.toContain('Actions for Anna Admin');
    // The invitations grant payment runs, which Eva does not hold: revoking only.
    expect(rows(html, 'team-invitation-row').map((row) => row.endsWith('Send again'))).toEqual([false, false, false]);
    expect(rows(html, 'team-invitation-row')[0]).toMatch(/Revoke$/);
  });

  it('shows everyone else the lists without actions, and whom to ask', () => {
    const html = render(session(EVA_ID, 'user', ['ap_invoices:manage']), withTeam);
    expect(html).not.toContain('Invite member');
    expect(html).not.toContain('Actions for');
    expect(html).not.toContain('Revoke</button>');
    expect(html).not.toContain('Send again</button>');
    expect(html).toContain(
      'Only administrators and members allowed to manage the team can change it. Please contact your administrator.',
    );
    expect(rows(html, 'team-member-row')).toHaveLength(2);
  });

  it('says when nobody is invited, and shows loading before the answers are there', () => {
    const empty = render(session(ADMIN_ID, 'admin', []), (queryClient) => {
      queryClient.setQueryData(queryKeys.team.members(), { items: members });
      queryClient.setQueryData(queryKeys.team.invitations(), { items: [] });
    });
    expect(empty).toContain('No invitations');
    expect(render(session(ADMIN_ID, 'admin', []), () => undefined)).toContain('role="status"');
  });
});
