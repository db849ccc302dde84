import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';

/** Loads a route's screen from its own chunk: `lazy: lazyScreen(() => import('…'), 'InvoicesRoute')`. */
export function lazyScreen<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyRouteFunction<RouteObject> {
  return async () => ({ Component: (await load())[name] as ComponentType });
}
