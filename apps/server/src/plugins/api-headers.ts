import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * Every /api answer carries `X-Content-Type-Options: nosniff` (a JSON body is never sniffed into
 * HTML or script) and `Cache-Control: no-store` (invoices, IBANs and sessions stay out of shared
 * and browser caches). An answer that set its own caching, such as a file sent as an attachment,
 * keeps it.
 */
export const apiHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith('/api/') && request.url !== '/api') return payload;
      reply.header('x-content-type-options', 'nosniff');
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'api-headers' },
);
