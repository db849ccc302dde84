import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { access, accessPlugin } from './access';
import { errorsPlugin } from './errors';
import { htmlSecurityHeaders, webPlugin } from './web';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-3f2a1b.js"></script></head><body><div id="root"></div></body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

async function buildWebApp(webDist: string, dataDir: string): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    KONTOR_DATA_DIR: dataDir,
    KONTOR_WEB_DIST: webDist,
    PUBLIC_URL: 'http://localhost:3000',
  });
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorateRequest('locale', 'en'); // the session plugin's job in the real app
  await app.register(errorsPlugin);
  await app.register(accessPlugin);
  app.get('/api/ping', { config: { access: access.public } }, async () => ({ ok: true }));
  await app.register(webPlugin);
  await app.ready();
  return app;
}

describe('web plugin with a built SPA', () => {
  let dataDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-web-'));
    const webDist = path.join(dataDir, 'dist');
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), INDEX);
    writeFileSync(path.join(webDist, 'assets', 'app-3f2a1b.js'), 'console.log("kontor")');
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(webDist, '.env'), 'SECRET=1');
    app = await buildWebApp(webDist, dataDir);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers SPA deep links with index.html and its security headers', async () => {
    for (const url of ['/demo/invoices/new', '/', '/demo/settings?tab=team', '/index.html']) {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('lets the browser revalidate index.html by ETag', async () => {
    const first = await app.inject({ method: 'GET', url: '/demo', headers: HTML });
    const etag = String(first.headers.etag);
    const second = await app.inject({ method: 'GET', url: '/demo', headers: { ...HTML, 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('serves hashed assets as immutable and other files briefly cached', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-3f2a1b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("kontor")');
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');

    const favicon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers unknown server paths with a JSON 404, whatever the client accepts', async () => {
    const cases: [string, string][] = [
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/does-not-exist'],
      ['GET', '/api'],
      ['GET', '/idp/nothing'],
      ['GET', '/files/nothing'],
      ['DELETE', '/demo/invoices'],
    ];
    for (const [method, url] of cases) {
      const response = await app.inject({ method: method as 'GET', url, headers: HTML });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ code: 'route_not_found', message: expect.any(String) });
    }
    expect((await app.inject({ method: 'GET', url: '/api/ping' })).json()).toEqual({ ok: true });
  });

  it('never answers a missing asset, a dotfile or a traversal with the SPA', async () => {
    for (const url of ['/assets/missing-123.js', '/.env', '/..%2f..%2fetc%2fpasswd', '/assets/']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'route_not_found' });
    }
    // Even a browser asking for HTML gets no index.html for a missing script.
    expect((await app.inject({ method: 'GET', url: '/assets/missing-123.js', headers: HTML })).statusCode).toBe(404);
  });
});

describe('web plugin without a built SPA', () => {
  it('says how to build it, and still answers API 404s as JSON', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-web-'));
    const app = await buildWebApp(path.join(dataDir, 'missing-dist'), dataDir);
    try {
      const page = await app.inject({ method: 'GET', url: '/demo/invoices', headers: HTML });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('npm run build');
      expect(page.headers['x-frame-options']).toBe('DENY');
      const api = await app.inject({ method: 'GET', url: '/api/nothing' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'route_not_found' });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('HTML security headers', () => {
  it('allow the bucket for file previews and add HSTS on https', () => {
    const headers = htmlSecurityHeaders({
      isHttps: true,
      storage: {
        kind: 's3',
        endpoint: 'https://s3.example.net',
        region: 'eu',
        bucket: 'b',
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: true,
      },
    });
    expect(headers['content-security-policy']).toContain("img-src 'self' data: blob: https://s3.example.net");
    expect(headers['content-security-policy']).toContain("frame-src 'self' blob: https://s3.example.net");
    expect(headers['strict-transport-security']).toBe('max-age=31536000');
    expect(
      htmlSecurityHeaders({ isHttps: false, storage: { kind: 'local', dir: '/tmp' } })['strict-transport-security'],
    ).toBeUndefined();
  });
});
