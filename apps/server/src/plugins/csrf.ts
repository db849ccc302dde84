import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'exempt': a server-to-server route that authenticates each call itself (a signed webhook);
     * no browser's cookies count there, and a sender may add any Origin.
     */
    csrf?: 'exempt';
  }
}

/**
 * Refuses state-changing requests that a browser sent from another site. Cookies are
 * SameSite=Lax already; this closes the remaining gaps (sibling subdomains, old browsers)
 * by checking Sec-Fetch-Site and Origin. Calls without either header come from non-browser
 * clients, which cannot ride on a user's cookies.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    const allowedOrigins = new Set([new URL(app.config.publicUrl).origin]);
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === 'exempt') return;
      const fetchSite = request.headers['sec-fetch-site'];
      if (fetchSite === 'cross-site') throw new AppError('csrf_refused');
      const origin = request.headers.origin;
      if (origin && origin !== 'null') {
        const host = request.headers.host;
        const sameHost = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
        if (!sameHost && !allowedOrigins.has(origin)) throw new AppError('csrf_refused');
      } else if (origin === 'null') {
        throw new AppError('csrf_refused');
      }
    });
  },
  { name: 'csrf' },
);
