import type { FastifyInstance } from 'fastify';
import type { InvalidationListener } from '../lib/invalidation';
import { AuthService } from './auth/service';
import { OidcClient } from './auth/oidc-client';
import { LogoService } from './organizations/logo';
import { OrganizationCache, OrganizationService } from './organizations/service';

/** Services that more than one route module uses, built once per app. */
export interface Services {
  auth: AuthService;
  organizations: OrganizationService;
  logos: LogoService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export function createServices(app: FastifyInstance, listener: InvalidationListener | undefined): Services {
  const organizationCache = new OrganizationCache(() => listener?.isLive ?? false);
  listener?.onInvalidate((event) => {
    if (event === 'all') organizationCache.drop('all');
    else if (event.table === 'organizations') organizationCache.drop(event.key);
  });
  const oidc = new OidcClient(app, app.config.oidc, app.config.publicUrl);
  return {
    auth: new AuthService(app, oidc),
    organizations: new OrganizationService(app.database, organizationCache),
    logos: new LogoService(app.database, app.storage, organizationCache, app.config.signedUrlTtlSeconds),
  };
}
