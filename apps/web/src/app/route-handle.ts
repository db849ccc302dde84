import type { QueryClient } from '@tanstack/react-query';
import type { Params, UIMatch } from 'react-router';
import type { Namespace } from '@/lib/i18n';
import type titles from '@/locales/en/titles.json';

export type TitleKey = keyof typeof titles;

/**
 * What a screen asks the server first, given its address (prefetch-entry). Called as the app opens
 * on it, it loads the module that makes the request at once and answers a function that sends the
 * request; prefetch-entry calls it once the guard's answers show that the screen will open.
 */
export type FirstRequest = (params: Params, search: URLSearchParams) => Promise<(queryClient: QueryClient) => Promise<unknown>>;

/**
 * Route metadata (`handle`): the page title's key in the `titles` namespace, whether the route
 * keeps its scroll position, and, for when the app opens on it, the screen's first request and
 * the translation namespaces it renders with.
 */
export interface RouteHandle {
  titleKey: TitleKey;
  noScroll?: boolean;
  firstRequest?: FirstRequest;
  namespaces?: readonly Namespace[];
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as { titleKey?: unknown }).titleKey === 'string';
}

/** The handle of the deepest matched route that has one: it names the page. */
export function findPageHandle(matches: readonly Pick<UIMatch, 'handle'>[]): RouteHandle | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

/** A page keeps the scroll position when its deepest handle says so. */
export function isNoScrollPage(matches: readonly Pick<UIMatch, 'handle'>[]): boolean {
  return findPageHandle(matches)?.noScroll === true;
}

export function handle(titleKey: TitleKey, options: Omit<RouteHandle, 'titleKey'> = {}): RouteHandle {
  return { titleKey, ...options };
}
