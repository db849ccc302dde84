import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { sendError } from './errors';
import { s3BrowserOrigins } from './storage-s3';

/** Paths that belong to the server, never to the SPA: unknown ones answer a JSON 404. */
const SERVER_PREFIXES = ['/api', '/idp', '/files', '/mailbox'];

export function isServerPath(pathname: string): boolean {
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Headers for every HTML document of the SPA. Scripts only from this origin; inline styles are
 * allowed because the component library sets style attributes. Files may come from the bucket
 * (presigned URLs) when S3 is configured, so its origin joins img-src and frame-src.
 */
export function htmlSecurityHeaders(config: Pick<Config, 'storage' | 'isHttps'>): Record<string, string> {
  const files = config.storage.kind === 's3' ? ` ${s3BrowserOrigins(config.storage).join(' ')}` : '';
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${files}`,
    "font-src 'self' data:",
    `connect-src 'self'${files}`,
    `frame-src 'self' blob:${files}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const headers: Record<string, string> = {
    'content-security-policy': csp,
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  if (config.isHttps) headers['strict-transport-security'] = 'max-age=31536000';
  return headers;
}

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kontor</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937}code{background:#f3f4f6;padding:.1rem .3rem}</style>
</head><body><h1>The web app is not built</h1>
<p>The API is running, but there is no built web app to serve. Run <code>npm run build</code> (or <code>npm start</code>, which builds first) and reload this page.</p>
<p>The API reference is at <a href="/api/docs">/api/docs</a>.</p></body></html>`;

interface IndexDocument {
  body: Buffer;
  etag: string;
}

/**
 * index.html for every SPA route. Read per request outside production, so a rebuilt web app
 * shows up without a restart; cached once in production, where the files never change.
 */
function createIndexLoader(webDist: string, isCached: boolean): () => Promise<IndexDocument | null> {
  let cached: IndexDocument | null = null;
  return async () => {
    if (cached) return cached;
    let body: Buffer;
    try {
      body = await readFile(path.join(webDist, 'index.html'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const document = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    if (isCached) cached = document;
    return document;
  };
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

export const webPlugin = fp(
  async (app: FastifyInstance) => {
    const { webDist } = app.config;
    const securityHeaders = htmlSecurityHeaders(app.config);
    const loadIndex = createIndexLoader(webDist, app.config.env === 'production');

    if (existsSync(webDist)) {
      await app.register(fastifyStatic, {
        root: webDist,
        prefix: '/',
        wildcard: true,
        // Directories and index.html go through the SPA fallback below (one place for its headers);
        // `..` is refused by send anyway, but as a 404 here rather than an error status.
        index: false,
        allowedPath: (pathname) => !pathname.endsWith('/') && pathname !== '/index.html' && !pathname.split('/').includes('..'),
        dotfiles: 'ignore',
        // The web build writes .br and .gz beside each asset (apps/web/scripts/compress-assets.mjs):
        // served as they are, with no compression work per request.
        preCompressed: true,
        decorateReply: false,
        cacheControl: false,
        etag: true,
        lastModified: true,
        setHeaders: (res, filePath) => {
          res.setHeader('x-content-type-options', 'nosniff');
          const relative = path.relative(webDist, filePath).split(path.sep).join('/');
          // Vite puts content-hashed names under assets/: a changed file gets a new name.
          if (relative.startsWith('assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
          else res.setHeader('cache-control', 'public, max-age=3600');
          if (filePath.endsWith('.html')) {
            for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
            res.setHeader('cache-control', 'no-cache');
          }
        },
      });
    } else {
      app.log.warn(`web app not found at ${webDist}; run npm run build to serve it`);
    }

    async function sendIndex(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
      reply.headers(securityHeaders);
      const document = await loadIndex();
      if (!document) {
        return reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE);
      }
      // no-cache: the browser revalidates each time, so a deploy is picked up at once.
      reply.header('cache-control', 'no-cache').header('etag', document.etag);
      if (request.headers['if-none-match'] === document.etag) return reply.code(304).send();
      return reply.code(200).type('text/html; charset=utf-8').send(document.body);
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?', 1)[0] ?? '/';
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      // Deep links (/demo/invoices/new) belong to the SPA's router. Missing hashed assets must
      // not turn into index.html: a browser would try to run HTML as a script.
      if (
        isPageRequest &&
        !isServerPath(pathname) &&
        !pathname.startsWith('/assets/') &&
        (pathname === '/' || acceptsHtml(request))
      ) {
        return sendIndex(request, reply);
      }
      return sendError(request, reply, 'route_not_found');
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
