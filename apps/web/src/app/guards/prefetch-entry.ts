import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { managementQueryOptions } from '@/features/auth/api/get-management';
import { organizationBySlugQueryOptions } from '@/features/organization/api/get-organization-by-slug';
import { getUserPermissions, userPermissionsQueryOptions } from '@/features/user/api/get-user-permissions';
import type { Namespace } from '@/lib/i18n';
import { isRouteHandle } from '../route-handle';

/**
 * Asks for what the organisation guard (organization-layout-route) needs: the session, the
 * organisation of the address's slug and the permissions. Started when the app starts instead of
 * when the guard first renders, which on a first visit is after every chunk of the first screen
 * has loaded; and all three at once, where the guard asks one after the other (each waits for
 * the previous answer to know whether to ask). The server answers the permissions of the
 * session's organisation, so they are kept only when that is the slug's organisation, under its
 * id, as the guard would have asked. The guard reads the same queries from the cache and decides
 * as before; a failed request is left to it.
 */
export async function prefetchOrganizationEntry(queryClient: QueryClient, slug: string): Promise<boolean> {
  const permissionsRequest = getUserPermissions();
  const [management, organization] = await Promise.all([
    queryClient.fetchQuery(managementQueryOptions()),
    queryClient.fetchQuery(organizationBySlugQueryOptions(slug)),
  ]).catch(() => [null, null] as const);
  const organizationId = management?.user.organization?.id;
  const permissions = await permissionsRequest;
  if (!organizationId || organization?.id !== organizationId) return false;
  queryClient.setQueryData(userPermissionsQueryOptions(organizationId).queryKey, permissions);
  return true;
}

/** A matched route of the address, as the router holds it (router.state.matches). */
export interface AddressMatch {
  route: { path?: string; handle?: unknown };
  params: Params;
}

/** The organisation layout's own namespace: every screen inside an organisation renders in it. */
const LAYOUT_NAMESPACES: readonly Namespace[] = ['shell'];

/**
 * On the app's first address inside an organisation (/{slug}/…), starts at once, in parallel with
 * loading the screen's chunks: the guard's requests, the translations the layout and the screen
 * render with (`preloadNamespaces`), and the module of the screen's own first request (its route
 * handle's firstRequest). That request follows as soon as the guard's answers show that the
 * session is in the slug's organisation (so the guard will let the screen in), without waiting
 * for the screen to render. Answers whether the address is inside an organisation. Takes the
 * router's own matches of the address: matching the routes again cost the first screen 37 ms of
 * its main thread (measured in Chromium on the invoice overview).
 */
export function startFirstScreenRequests(
  matches: readonly AddressMatch[],
  search: string,
  queryClient: QueryClient,
  preloadNamespaces: (namespaces: readonly Namespace[]) => void,
): boolean {
  const slug = matches.find((match) => match.route.path === ':slug')?.params.slug;
  if (!slug) return false;
  const screen = matches.findLast((match) => isRouteHandle(match.route.handle));
  const screenHandle = screen && isRouteHandle(screen.route.handle) ? screen.route.handle : undefined;
  const entry = prefetchOrganizationEntry(queryClient, slug);
  const firstRequest = screen ? screenHandle?.firstRequest?.(screen.params, new URLSearchParams(search)) : undefined;
  preloadNamespaces([...LAYOUT_NAMESPACES, ...(screenHandle?.namespaces ?? [])]);
  void Promise.all([entry, firstRequest])
    .then(([isAllowed, send]) => {
      if (isAllowed && send) return send(queryClient);
    })
    .catch(() => undefined);
  return true;
}
