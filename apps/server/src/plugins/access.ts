import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { hasPermission, type Permission } from '@kontor/domain';
import { AppError } from '../lib/app-error';

/**
 * Every route declares who may call it in `config.access`; buildApp refuses to start when
 * one does not. The route table this plugin collects drives the isolation matrix test.
 */
export type RouteAccess =
  /** Anyone, no session needed. */
  | { kind: 'public' }
  /** A signed-in user, with or without an organisation (auth calls, create organisation). */
  | { kind: 'authenticated' }
  /** A member of the current organisation, any role. */
  | { kind: 'member' }
  /** A member holding any of these permissions (admin passes). */
  | { kind: 'permission'; permissions: readonly Permission[] }
  /** An admin of the current organisation. */
  | { kind: 'admin' };

export const access = {
  public: { kind: 'public' },
  authenticated: { kind: 'authenticated' },
  member: { kind: 'member' },
  admin: { kind: 'admin' },
  permission: (...permissions: Permission[]): RouteAccess => ({ kind: 'permission', permissions }),
} as const satisfies Record<string, RouteAccess | ((...p: Permission[]) => RouteAccess)>;

export interface RouteTableEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** For routes with an :id-like parameter: which resource the id names (the isolation matrix creates one). */
  resource: string | undefined;
  /** Which parts of the request the route validates (tests walk them with hostile input). */
  validates: ('body' | 'querystring' | 'params')[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    resource?: string;
  }
  interface FastifyInstance {
    routeTable: RouteTableEntry[];
  }
}

/** Routes that frameworks add themselves (static files, docs) and that are public by nature. */
const IMPLICITLY_PUBLIC = [/^\/api\/docs/, /^\/assets\//, /^\/\*$/, /^\/idp/];

/** The organisation a browser tab works in, named by the web app on every organisation-scoped call. */
export const ORGANIZATION_HEADER = 'x-kontor-organization';

/**
 * The current organisation belongs to the session, which all tabs share: a tab opened on Demo GmbH
 * still shows it after another tab switched the session to Muster AG. Its calls name the
 * organisation they were made for; one that is not the session's is refused before anything is
 * read or written (409, and the tab reloads into the organisation it shows). Calls that name none
 * (API clients, scripts) work in the session's organisation as before.
 */
function assertNamedOrganization(request: FastifyRequest, currentOrgId: string): void {
  const named = request.headers[ORGANIZATION_HEADER];
  if (named === undefined || named === currentOrgId) return;
  throw new AppError('organization_mismatch');
}

function enforce(request: FastifyRequest, declared: RouteAccess): void {
  if (declared.kind === 'public') return;
  if (!request.session) throw new AppError('unauthenticated');
  if (declared.kind === 'authenticated') return;
  const org = request.org;
  if (!org) throw new AppError('no_organization');
  assertNamedOrganization(request, org.orgId);
  if (declared.kind === 'member') return;
  if (declared.kind === 'admin') {
    if (org.role !== 'admin') throw new AppError('admin_only');
    return;
  }
  if (!hasPermission(org.role, org.permissions, declared.permissions)) {
    throw new AppError('permission_denied', { permission: declared.permissions.join(' / ') });
  }
}

export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('routeTable', [] as RouteTableEntry[]);
    app.addHook('onRoute', (route: RouteOptions) => {
      const declared = route.config?.access;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!declared) {
        if (IMPLICITLY_PUBLIC.some((pattern) => pattern.test(route.url))) return;
        if (methods.every((method) => method === 'HEAD' || method === 'OPTIONS')) return;
        throw new Error(`Route ${methods.join(',')} ${route.url} declares no config.access`);
      }
      for (const method of methods) {
        if (method === 'HEAD') continue;
        const validates = (['body', 'querystring', 'params'] as const).filter((part) => route.schema?.[part] !== undefined);
        app.routeTable.push({ method, url: route.url, access: declared, resource: route.config?.resource, validates });
      }
      // Checked in the route's onRequest, which runs after the session hook and before the body is
      // read: an unauthorised caller learns nothing from validation and cannot make us parse uploads.
      const previous = route.onRequest;
      const check = async (request: FastifyRequest) => enforce(request, declared);
      route.onRequest = previous ? [check, ...(Array.isArray(previous) ? previous : [previous])] : [check];
    });
  },
  { name: 'access' },
);
