import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { access } from '../plugins/access';
import { createIdentityProvider, issuerPath } from './create-identity-provider';
import { interactionRoutes } from './interaction-routes';
import { loadSigningKeys } from './signing-keys';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in OpenID provider (only when config.oidc.kind is 'builtin'). */
    identityProvider: Provider;
  }
}

interface MountOptions {
  provider: Provider;
  mountPath: string;
}

/**
 * Everything else under /idp (discovery, authorization, token, userinfo, jwks, logout) is
 * oidc-provider's own Koa app. Its endpoints read request bodies themselves, so this context
 * has no body parser that would drain the stream first: a catch-all parser that reads nothing.
 */
async function providerEndpoints(scope: FastifyInstance, options: MountOptions): Promise<void> {
  const { provider, mountPath } = options;
  const handle = provider.callback();

  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

  scope.all('/*', { config: { access: access.public } }, async (request, reply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const originalUrl = raw.url ?? mountPath;
    const inner = originalUrl.slice(mountPath.length);
    // oidc-provider routes on the path below its mount point and derives the mount point
    // (for the URLs it builds) from the difference between originalUrl and url.
    raw.originalUrl = originalUrl;
    raw.url = inner.startsWith('/') ? inner : `/${inner}`;
    await handle(raw, reply.raw);
  });
}

function forwardProviderEvents(provider: Provider, log: FastifyBaseLogger): void {
  // A Koa app without an 'error' listener prints to stderr; route it to our logger instead.
  const koa: EventEmitter = provider;
  koa.on('error', (error: unknown) => log.error({ err: error }, 'identity provider error'));
  provider.on('server_error', (_ctx, error) => log.error({ err: error }, 'identity provider server error'));
  // Refused requests (bad code, wrong client secret …) are the client's problem, not ours.
  const rejected = (event: string) => (_ctx: unknown, error: Error) =>
    log.info({ err: error, event }, 'identity provider rejected a request');
  provider.on('authorization.error', rejected('authorization.error'));
  provider.on('grant.error', rejected('grant.error'));
  provider.on('end_session.error', rejected('end_session.error'));
  provider.on('userinfo.error', rejected('userinfo.error'));
}

export const identityProviderPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, database } = app;
    if (config.oidc.kind !== 'builtin') throw new Error('identityProviderPlugin needs config.oidc.kind = builtin');

    const provider = createIdentityProvider({
      publicUrl: config.publicUrl,
      oidc: config.oidc,
      sessionSecret: config.session.secret,
      isProduction: config.env === 'production',
      database,
      signingKeys: await loadSigningKeys(database),
    });
    forwardProviderEvents(provider, app.log);
    app.decorate('identityProvider', provider);

    const mountPath = issuerPath(config.oidc.issuer);
    await app.register(interactionRoutes, { prefix: mountPath, provider, mountPath });
    await app.register(providerEndpoints, { prefix: mountPath, provider, mountPath });
  },
  { name: 'identity-provider', dependencies: ['@fastify/cookie'] },
);
