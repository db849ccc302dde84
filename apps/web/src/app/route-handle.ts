import type { UIMatch } from 'react-router';
import type titles from '@/locales/en/titles.json';

export type TitleKey = keyof typeof titles;

/** Route metadata (`handle`): the page title's key in the `titles` namespace, and whether the route keeps its scroll position. */
export interface RouteHandle {
  titleKey: TitleKey;
  noScroll?: boolean;
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

export function handle(titleKey: TitleKey, options: { noScroll?: boolean } = {}): RouteHandle {
  return options.noScroll ? { titleKey, noScroll: true } : { titleKey };
}
