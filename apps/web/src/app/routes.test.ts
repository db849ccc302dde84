import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { SCREENS, SETTINGS_TABS } from '@kontor/domain/screens';
import titlesDe from '../locales/de/titles.json';
import titlesEn from '../locales/en/titles.json';
import { isRouteHandle } from './route-handle';

// The layout components are not under test here (and pull in the whole UI).
vi.mock('./root-layout', () => ({ RootLayout: () => null, RootHydrateFallback: () => null }));
vi.mock('./route-error-boundary', () => ({ RouteErrorBoundary: () => null }));

const { appRoutes } = await import('./routes');

interface FlatRoute {
  fullPath: string;
  route: RouteObject;
}

function flattenRoutes(routes: RouteObject[], parent = ''): FlatRoute[] {
  return routes.flatMap((route) => {
    const fullPath = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`
      : parent;
    return [{ fullPath, route }, ...flattenRoutes(route.children ?? [], fullPath)];
  });
}

const routes = flattenRoutes(appRoutes);
const pages = routes.filter(({ route }) => route.index || route.path);

describe('route table', () => {
  it('gives every page a title key that exists in both languages', () => {
    expect(pages.length).toBeGreaterThan(30);
    for (const { fullPath, route } of pages) {
      expect(isRouteHandle(route.handle), `${fullPath}${route.index ? ' (index)' : ''} has no titleKey`).toBe(true);
      if (!isRouteHandle(route.handle)) continue;
      expect(titlesEn, fullPath).toHaveProperty(route.handle.titleKey);
      expect(titlesDe, fullPath).toHaveProperty(route.handle.titleKey);
    }
  });

  it('renders something on every page: a component, a lazy module, an element or children', () => {
    for (const { fullPath, route } of pages) {
      expect(Boolean(route.lazy || route.Component || route.element || route.children?.length), fullPath).toBe(true);
    }
  });

  it('has the public routes of SPEC §2', () => {
    const paths = routes.map(({ fullPath }) => fullPath);
    for (const path of ['/', '/sign-up', '/auth-callback', '/session-expired', '/terms', '/privacy'])
      expect(paths).toContain(path);
  });

  it('routes every organisation screen and settings tab', () => {
    const paths = routes.map(({ fullPath }) => fullPath);
    for (const screen of SCREENS) {
      expect(
        paths.some((path) => path.startsWith(`/:slug/${screen.segment}`)),
        screen.segment,
      ).toBe(true);
    }
    for (const path of [
      '/:slug/invoices/:tab',
      '/:slug/invoices/:tab/:id',
      '/:slug/bank-transactions/:id',
      '/:slug/pr/:id?',
      '/:slug/archive/:tab?/:id?',
      '/:slug/export/:tab?/:id?',
      '/:slug/counterparties/:id?',
      '/:slug/purchase-orders/:id',
      '/:slug/settings/:tab',
      '/:slug/settings/approval-flows/detail/:id?',
      '/:slug/settings/payment-reminders',
    ]) {
      expect(paths).toContain(path);
    }
    expect(SETTINGS_TABS).toContain('general');
  });
});
