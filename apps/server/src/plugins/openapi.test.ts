import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness';
import { loadConfig } from '../config';
import { access, accessPlugin } from './access';
import { errorsPlugin } from './errors';
import { isDocumentedUrl, openApiPlugin } from './openapi';

interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  servers: { url: string }[];
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        security?: unknown[];
        description?: string;
        parameters?: { name: string; in: string }[];
        responses: Record<string, unknown>;
      }
    >
  >;
  components: { securitySchemes: Record<string, unknown>; schemas?: Record<string, unknown> };
}

const thingSchema = z.object({ id: z.uuid(), name: z.string(), totalAmount: z.number().int() }).meta({ id: 'Thing' });

describe('OpenAPI document and reference UI', () => {
  let dataDir: string;
  let app: FastifyInstance;
  let document: OpenApiDocument;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-openapi-'));
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', loadConfig({ NODE_ENV: 'test', KONTOR_DATA_DIR: dataDir, PUBLIC_URL: 'https://kontor.example.com' }));
    app.decorateRequest('locale', 'en'); // the session plugin's job in the real app
    await app.register(errorsPlugin);
    await app.register(accessPlugin);
    await app.register(openApiPlugin);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/api/things/:id',
      {
        config: { access: access.permission('ap_invoices:manage') },
        schema: { params: z.object({ id: z.uuid() }), response: { 200: thingSchema } },
      },
      async (request) => ({ id: request.params.id, name: 'x', totalAmount: 100 }),
    );
    typed.post(
      '/api/things',
      { config: { access: access.member }, schema: { body: z.object({ name: z.string().min(1) }) } },
      async () => ({}),
    );
    typed.get('/api/health', { config: { access: access.public } }, async () => ({ ok: true }));
    for (const url of ['/idp/auth', '/files/*', '/mailbox', '/api/mailbox', '/demo/invoices']) {
      typed.get(url, { config: { access: access.public } }, async () => ({}));
    }
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is OpenAPI 3.1 with title, server and the session cookie scheme', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Kontor API');
    expect(document.servers).toEqual([{ url: 'https://kontor.example.com' }]);
    // https → the session plugin uses the __Host- prefixed cookie.
    expect(document.components.securitySchemes).toEqual({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: '__Host-kontor_sid' },
    });
  });

  it('documents every /api route from its zod schemas, with tag, access and security', () => {
    const get = document.paths['/api/things/{id}']?.get;
    expect(get?.tags).toEqual(['things']);
    expect(get?.security).toEqual([{ sessionCookie: [] }]);
    expect(get?.description).toContain('ap_invoices:manage');
    expect(get?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(JSON.stringify(get?.responses['200'])).toContain('#/components/schemas/Thing');
    expect(document.components.schemas?.Thing).toMatchObject({ type: 'object', required: ['id', 'name', 'totalAmount'] });
    expect(document.paths['/api/things']?.post).toBeDefined();
    expect(document.paths['/api/health']?.get?.security).toEqual([]);
  });

  it('hides the docs, the provider, signed files, the mailbox and SPA routes', () => {
    expect(Object.keys(document.paths).sort()).toEqual(['/api/health', '/api/things', '/api/things/{id}']);
    expect(isDocumentedUrl('/api/docs/json')).toBe(false);
    expect(isDocumentedUrl('/api/mailbox')).toBe(false);
    expect(isDocumentedUrl('/apiary')).toBe(false);
  });

  it('serves the reference UI with its assets from this server (works offline)', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/(src|href)="https?:/);
    const scripts = [...page.body.matchAll(/src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const asset = await app.inject({ method: 'GET', url: new URL(src, 'http://localhost/api/docs').pathname });
      expect(asset.statusCode, src).toBe(200);
    }
    const initializer = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('validatorUrl: null');
  });
});

describe('OpenAPI document of the real app', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  it('lists the API routes and nothing outside /api', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as OpenApiDocument).paths);
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.every((url) => url.startsWith('/api/') && !url.startsWith('/api/docs') && !url.startsWith('/api/mailbox'))).toBe(
      true,
    );
    expect(paths).toContain('/api/auth/management');
  });

  it('documents request bodies as clients write them: fields with a default are optional', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>>;
    }>();
    const create = document.paths['/api/counterparties']?.post?.requestBody?.content['application/json']?.schema;
    expect(create?.required).toEqual(['name']);
    const update = document.paths['/api/counterparties/{id}']?.put?.requestBody?.content['application/json']?.schema;
    expect(JSON.stringify(update)).toContain('bankAccounts');
  });
});
