import { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { handle, type FirstRequest } from '../route-handle';
import { startFirstScreenRequests } from './prefetch-entry';

const ACME = { id: 'c1a1d1e0-0000-4000-8000-000000000001', slug: 'acme', name: 'Acme GmbH' };
const OTHER = { id: 'c1a1d1e0-0000-4000-8000-000000000002', slug: 'other', name: 'Other AG' };
const USER = { id: '7d3c1e52-3f7a-4c51-9e35-2f3f9b8f1a11', email: 'anna@example.com', name: 'Anna', organization: ACME };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server's answers by path; anything else is a test failure. */
function answer(url: string): Response {
  if (url === '/api/auth/management') return json({ user: USER, organization: ACME, onboarding: {} });
  if (url === '/api/organization/slug/acme') return json(ACME);
  if (url === '/api/organization/slug/other') return json(OTHER);
  if (url === '/api/user/user-permissions') return json(['ap_invoices:manage']);
  throw new Error(`Unexpected request ${url}`);
}

let fetchMock: ReturnType<typeof vi.fn<(url: string) => Promise<Response>>>;
let queryClient: QueryClient;
let firstRequest: ReturnType<typeof vi.fn<FirstRequest>>;
let sendFirstRequest: ReturnType<typeof vi.fn<(client: QueryClient) => Promise<unknown>>>;
let preloadNamespaces: ReturnType<typeof vi.fn<(namespaces: readonly string[]) => void>>;
let routes: RouteObject[];

beforeEach(() => {
  resetApiClientForTests();
  fetchMock = vi.fn<(url: string) => Promise<Response>>(async (url) => answer(url));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { setItem: () => undefined, removeItem: () => undefined, getItem: () => null });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  sendFirstRequest = vi.fn(async () => undefined);
  firstRequest = vi.fn<FirstRequest>(async () => sendFirstRequest);
  preloadNamespaces = vi.fn();
  routes = [
    {
      path: '/',
      children: [
        {
          path: ':slug',
          children: [
            { path: 'invoices/:tab', handle: handle('invoices', { firstRequest, namespaces: ['invoices'] }) },
            { path: 'team', handle: handle('team') },
          ],
        },
        { path: 'terms', handle: handle('terms') },
      ],
    },
  ];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What main.tsx does with the router's matches of the address. */
function startAt(href: string): boolean {
  const url = new URL(href, 'http://localhost');
  return startFirstScreenRequests(matchRoutes(routes, url.pathname) ?? [], url.search, queryClient, preloadNamespaces);
}
const settle = () => vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));

describe('startFirstScreenRequests', () => {
  it('asks for session, organisation and permissions at once, then sends the screen’s first request', async () => {
    expect(startAt('/acme/invoices/rejected?search=Huber')).toBe(true);
    // All three leave before any answer is in; so do the screen's request module and its words.
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
      '/api/auth/management',
      '/api/organization/slug/acme',
      '/api/user/user-permissions',
    ]);
    expect(firstRequest).toHaveBeenCalledTimes(1);
    expect(preloadNamespaces).toHaveBeenCalledWith(['shell', 'invoices']);
    const [params, search] = firstRequest.mock.calls[0]!;
    expect(params).toMatchObject({ slug: 'acme', tab: 'rejected' });
    expect(search.get('search')).toBe('Huber');
    await vi.waitFor(() => expect(sendFirstRequest).toHaveBeenCalledWith(queryClient));
    expect(queryClient.getQueryData(queryKeys.user.permissions(ACME.id))).toEqual(['ap_invoices:manage']);
    expect(queryClient.getQueryData(queryKeys.organization.bySlug('acme'))).toEqual(ACME);
  });

  it('keeps no permissions and asks nothing more when the address is another organisation than the session’s', async () => {
    startAt('/other/invoices/new');
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sendFirstRequest).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(queryKeys.user.permissions(ACME.id))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.user.permissions(OTHER.id))).toBeUndefined();
  });

  it('asks for the guard’s data only, on a screen without a first request', async () => {
    startAt('/acme/team');
    await settle();
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.user.permissions(ACME.id))).toBeDefined());
    expect(firstRequest).not.toHaveBeenCalled();
    expect(preloadNamespaces).toHaveBeenCalledWith(['shell']);
  });

  it('asks for nothing on a page outside an organisation', () => {
    expect(startAt('/terms')).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(preloadNamespaces).not.toHaveBeenCalled();
  });
});
