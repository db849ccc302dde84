import fp from 'fastify-plugin';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { access, type RouteAccess } from './access';

/** Version of the API contract (not of the package); bump when a breaking change ships. */
const API_VERSION = '1.0.0';
const SECURITY_SCHEME = 'sessionCookie';
export const OPENAPI_JSON_PATH = '/api/docs/openapi.json';

/**
 * Only the SPA/public API under /api is documented. The docs themselves, the dev mailbox and
 * everything outside /api (the built-in OpenID provider, signed file URLs, the SPA) are not
 * part of the contract.
 */
const UNDOCUMENTED = [/^\/api\/docs(\/|$)/, /^\/api\/mailbox(\/|$)/];

export function isDocumentedUrl(url: string): boolean {
  return (url === '/api' || url.startsWith('/api/')) && !UNDOCUMENTED.some((pattern) => pattern.test(url));
}

/** `/api/organization/slug/:slug` → `organization`; `/api/v1/invoices` → `v1 invoices`. */
function tagFor(url: string): string {
  const [first = 'api', second] = url.replace(/^\/api\/?/, '').split('/');
  return first === 'v1' && second ? `v1 ${second}` : first || 'api';
}

function describeAccess(declared: RouteAccess): string {
  switch (declared.kind) {
    case 'public':
      return 'Public: no session needed.';
    case 'authenticated':
      return 'Requires a signed-in session.';
    case 'member':
      return 'Requires membership of the current organisation.';
    case 'admin':
      return 'Requires the admin role in the current organisation.';
    case 'permission':
      return `Requires the permission ${declared.permissions.join(' or ')} (admins pass).`;
  }
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * Turns the zod schemas into JSON Schema (draft 2020-12 for OpenAPI 3.1), hides what is not
 * part of the API, and fills in what every route already declares anyway: its tag, its access
 * rule as text, and whether the session cookie is needed.
 */
export const documentApiRoute: SwaggerTransform = (input) => {
  if (!isDocumentedUrl(input.url)) return { schema: { hide: true }, url: input.url };
  const transformed = zodTransform(input);
  const schema: FastifySchema = { ...(transformed.schema ?? {}) };
  if (schema.hide) return { schema, url: transformed.url };
  if (!schema.tags) schema.tags = [tagFor(input.url)];
  const declared = input.route.config?.access;
  if (declared) {
    const note = describeAccess(declared);
    schema.description = schema.description ? `${schema.description}\n\n${note}` : note;
    if (!schema.security) schema.security = declared.kind === 'public' ? [] : [{ [SECURITY_SCHEME]: [] }];
  }
  return { schema, url: transformed.url };
};

/** Strict policy for the reference UI: all of its assets come from this server (no CDN). */
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Kontor API',
          version: API_VERSION,
          description:
            'The API behind the Kontor web app. Calls are authenticated with the session cookie set by the sign-in flow; ' +
            'errors answer `{ code, message, params?, fieldErrors? }`.',
        },
        servers: [{ url: app.config.publicUrl }],
        components: {
          securitySchemes: {
            // The cookie name follows the session plugin: the __Host- prefix needs https.
            [SECURITY_SCHEME]: { type: 'apiKey', in: 'cookie', name: app.config.isHttps ? '__Host-kontor_sid' : 'kontor_sid' },
          },
        },
      },
      transform: documentApiRoute,
      // Emits schemas registered with an id (z.globalRegistry / .meta({ id })) as components.
      transformObject: jsonSchemaTransformObject,
    });

    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The bundled swagger-ui-dist assets are served from node_modules: works offline.
      staticCSP: DOCS_CSP,
      // Never ask validator.swagger.io (the default would call out to the internet).
      validatorUrl: false,
      uiConfig: { deepLinking: true, docExpansion: 'list', tryItOutEnabled: false, withCredentials: true },
      theme: { title: 'Kontor API' },
    });

    app.get(OPENAPI_JSON_PATH, { config: { access: access.public }, schema: { hide: true } }, async (_request, reply) => {
      return reply.header('cache-control', 'no-cache').send(app.swagger());
    });
  },
  { name: 'openapi', dependencies: ['access'] },
);
