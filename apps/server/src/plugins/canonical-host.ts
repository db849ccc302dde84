import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Pages and the start of sign-in are served only under PUBLIC_URL's host name. The sign-in's state
 * cookie belongs to the host it was set on and the identity provider returns to PUBLIC_URL, so a
 * sign-in started at http://127.0.0.1:3000 failed ("could not be verified") while localhost
 * worked. A page request on another host name is redirected to the same path under PUBLIC_URL
 * before anything else happens; API calls, files and the provider's own routes are left alone.
 */
export const canonicalHostPlugin = fp(
  async (app: FastifyInstance) => {
    const publicUrl = new URL(app.config.publicUrl);
    app.addHook('onRequest', async (request, reply) => {
      if (!isRedirectable(request) || hostNameOf(request) === publicUrl.hostname) return;
      return reply.redirect(`${publicUrl.origin}${request.url}`, 302);
    });
  },
  { name: 'canonical-host' },
);

function hostNameOf(request: FastifyRequest): string {
  // request.hostname is the Host header (or X-Forwarded-Host behind a trusted proxy), without port.
  return request.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

function isRedirectable(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0]!;
  if (path === '/api/auth/login') return true;
  if (/^\/(api|idp|files|assets|mailbox)(\/|$)/.test(path)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}
