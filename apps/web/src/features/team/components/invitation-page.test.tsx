import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InvitationDetails } from '@kontor/domain/team/team-schemas';
import { ApiError } from '@/lib/api-error';
import { i18n, initI18n } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { InvitationPage } from './invitation-page';

const TOKEN = 'T'.repeat(43);
const DETAILS: InvitationDetails = {
  organizationName: 'Acme GmbH',
  invitedByName: 'Anna Admin',
  email: 'eva@acme.de',
  role: 'user',
  status: 'pending',
  expiresAt: '2026-12-14T10:00:00Z',
  signedInEmail: null,
};

function render(prepare: (queryClient: QueryClient) => void): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  prepare(queryClient);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/invitation/${TOKEN}`]}>
        <Routes>
          <Route path="/invitation/:token" element={<InvitationPage signOut={() => Promise.resolve()} isSigningOut={false} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const withDetails = (details: Partial<InvitationDetails>) => (queryClient: QueryClient) =>
  queryClient.setQueryData(queryKeys.team.publicInvitation(TOKEN), { ...DETAILS, ...details });
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map(([, inner = '']) => text(inner));
const main = (html: string) => text(/<section[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '');

describe('InvitationPage', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('en');
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['common', 'team', 'errors']);
  });

  it('offers sign-up and sign-in to whoever is not signed in', () => {
    const html = render(withDetails({}));
    expect(main(html)).toContain('Anna Admin invited you to join Acme GmbH Role User E-mail eva@acme.de Valid until 14 Dec 2026');
    expect(buttons(html)).toEqual(expect.arrayContaining(['Sign up', 'Sign in']));
  });

  it('lets the invited address join', () => {
    const html = render(withDetails({ signedInEmail: 'Eva@Acme.de' }));
    expect(buttons(html)).toContain('Join Acme GmbH');
    expect(buttons(html)).not.toContain('Sign in');
  });

  it('tells another account that the invitation is not theirs and offers to sign out', () => {
    const html = render(withDetails({ signedInEmail: 'max@acme.de' }));
    expect(main(html)).toContain('This invitation is for eva@acme.de, but you are signed in as max@acme.de.');
    expect(buttons(html)).toContain('Sign out');
    expect(buttons(html)).not.toContain('Join Acme GmbH');
  });

  it('explains an invitation that no longer works, with no way in', () => {
    const html = render(withDetails({ status: 'expired', signedInEmail: 'eva@acme.de' }));
    expect(main(html)).toContain('This invitation has expired. Ask whoever invited you to send a new one.');
    expect(buttons(html).filter((label) => /Join|Sign/.test(label))).toEqual([]);
  });

  it('offers signing in once the invitation was used', () => {
    expect(buttons(render(withDetails({ status: 'accepted' })))).toContain('Sign in');
    expect(buttons(render(withDetails({ status: 'accepted', signedInEmail: 'eva@acme.de' })))).not.toContain('Sign in');
  });

  it('says when the invitation does not exist', () => {
    const html = render((queryClient) =>
      queryClient
        .getQueryCache()
        .build(queryClient, { queryKey: queryKeys.team.publicInvitation(TOKEN) })
        .setState({
          status: 'error',
          error: new ApiError({ status: 404, code: 'invitation_not_found', message: 'Not found' }),
          fetchStatus: 'idle',
        }),
    );
    expect(main(html)).toContain('This invitation does not exist.');
  });
});
