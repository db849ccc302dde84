import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Locale } from '@kontor/domain/auth';
import type { Permission, Role } from '@kontor/domain/permissions';
import { i18n, initI18n, type Namespace } from '@/lib/i18n';
import { SessionProvider, type Session } from '@/lib/session-context';

/**
 * The interface language for a test, with the namespaces the rendered screen asks for loaded
 * first: a namespace still loading would suspend, and a static render cannot wait for it.
 */
export async function loadTestLanguage(locale: Locale, namespaces: readonly Namespace[]): Promise<void> {
  if (!i18n.isInitialized) await initI18n(locale);
  await i18n.changeLanguage(locale);
  await i18n.loadNamespaces([...namespaces]);
}

export function testSession(user: { id: string; role?: Role; permissions?: Permission[] }): Session {
  return {
    user: {
      id: user.id,
      email: 'viewer@demo.kontor.test',
      name: 'Viewer',
      locale: null,
      role: user.role ?? 'user',
      organization: { id: '00000000-0000-4000-8000-0000000000f1', slug: 'demo', authId: 'demo' },
      onboardingCompleted: true,
      featureFlags: [],
    },
    // Only what the invoice screens read of the organisation.
    organization: { slug: 'demo' } as Session['organization'],
    permissions: user.permissions ?? [],
    onboarding: { completed: true, completedSteps: [] },
  };
}

interface ScreenOptions {
  session: Session;
  /** The server's answers, already there. */
  queryClient?: QueryClient;
  /** The address, matched against `route`. */
  path?: string;
  route?: string;
}

function screen(ui: ReactNode, options: ScreenOptions): ReactNode {
  const { session, queryClient = new QueryClient(), path = '/demo/invoices/new/1', route = '/:slug/invoices/:tab/:id' } = options;
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider session={session}>
        {/* A data router: the form's leave guard (useBlocker) needs one. */}
        <RouterProvider router={createMemoryRouter([{ path: route, element: ui }], { initialEntries: [path] })} />
      </SessionProvider>
    </QueryClientProvider>
  );
}

/** The markup of an invoice screen part as the signed-in `session` sees it (by default on an invoice's address). */
export function renderInvoiceScreen(ui: ReactNode, options: ScreenOptions): string {
  return renderToStaticMarkup(screen(ui, options));
}

/** renderInvoiceScreen for parts that load code on demand (React.lazy): waits until everything is there. */
export async function prerenderInvoiceScreen(ui: ReactNode, options: ScreenOptions): Promise<string> {
  const { prelude } = await prerender(screen(ui, options));
  return new Response(prelude).text();
}

/** The buttons of some markup by their text, with whether each is disabled. */
export function buttonsOf(html: string): { text: string; isDisabled: boolean }[] {
  return [...html.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)].map(([, attributes = '', inner = '']) => ({
    text: inner.replace(/<[^>]+>/g, '').trim(),
    isDisabled: /\sdisabled=""/.test(attributes),
  }));
}
