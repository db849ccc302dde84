import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config';

/**
 * Test support (not shipped): a browser-like client over app.inject with a cookie jar that
 * honours cookie paths, plus the relying party's side of the code flow. The idp tests use it
 * to walk the real pages the way a person would.
 */

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export interface PageResponse {
  status: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
  location: string | undefined;
}

function pathMatches(cookiePath: string, requestPath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/';
}

export class TestBrowser {
  private readonly jar = new Map<string, StoredCookie>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly publicUrl: string,
    private readonly options: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) {}

  setCookie(name: string, value: string, path = '/'): void {
    this.jar.set(`${name};${path}`, { name, value, path });
  }

  cookieValue(name: string, path = '/'): string | undefined {
    return this.jar.get(`${name};${path}`)?.value;
  }

  cookieNames(): string[] {
    return [...this.jar.values()].map((cookie) => cookie.name);
  }

  async request(method: 'GET' | 'POST', target: string, form?: Record<string, string>, json?: unknown): Promise<PageResponse> {
    const url = new URL(target, this.publicUrl);
    const cookies = [...this.jar.values()].filter((cookie) => pathMatches(cookie.path, url.pathname));
    const headers: Record<string, string> = { host: url.host, ...this.options.headers };
    if (cookies.length > 0) headers.cookie = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    if (form || json !== undefined) {
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
      headers.origin = url.origin;
    }
    const response = await this.app.inject({
      method,
      url: url.pathname + url.search,
      headers,
      ...(this.options.remoteAddress ? { remoteAddress: this.options.remoteAddress } : {}),
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      ...(json !== undefined ? { payload: JSON.stringify(json) } : {}),
    });
    for (const cookie of response.cookies as { name: string; value: string; path?: string; expires?: Date; maxAge?: number }[]) {
      const key = `${cookie.name};${cookie.path ?? '/'}`;
      const isRemoval = cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now()) || cookie.maxAge === 0;
      if (isRemoval) this.jar.delete(key);
      else this.jar.set(key, { name: cookie.name, value: cookie.value, path: cookie.path ?? '/' });
    }
    const location = response.headers.location;
    return {
      status: response.statusCode,
      body: response.body,
      headers: response.headers,
      location: typeof location === 'string' ? new URL(location, url).href : undefined,
    };
  }

  get(target: string): Promise<PageResponse> {
    return this.request('GET', target);
  }

  post(target: string, form: Record<string, string>): Promise<PageResponse> {
    return this.request('POST', target, form);
  }

  postJson(target: string, body: unknown): Promise<PageResponse> {
    return this.request('POST', target, undefined, body);
  }

  /** Follows redirects until one leaves the provider (the relying party's callback) or a page renders. */
  async follow(response: PageResponse): Promise<PageResponse> {
    let current = response;
    for (let hops = 0; hops < 10 && current.location && current.status >= 300 && current.status < 400; hops += 1) {
      if (!new URL(current.location).pathname.startsWith('/idp/')) return current;
      current = await this.get(current.location);
    }
    return current;
  }
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  verifier: string;
  url: string;
}

export function buildAuthorizationRequest(config: Config, extra: Record<string, string> = {}): AuthorizationRequest {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const query = new URLSearchParams({
    client_id: config.oidc.clientId,
    redirect_uri: `${config.publicUrl}/auth-callback`,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { state, nonce, verifier, url: `${config.oidc.issuer}/auth?${query.toString()}` };
}

/** The token request Kontor's server sends: client_secret_basic, with the PKCE verifier. */
export async function exchangeCode(
  app: FastifyInstance,
  config: Config,
  code: string,
  verifier: string,
  secret = config.oidc.clientSecret ?? '',
) {
  const basic = Buffer.from(`${encodeURIComponent(config.oidc.clientId)}:${encodeURIComponent(secret)}`).toString('base64');
  return app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: {
      host: new URL(config.publicUrl).host,
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${config.publicUrl}/auth-callback`,
      code_verifier: verifier,
    }).toString(),
  });
}

/** Decodes an id_token and checks its RS256 signature against the provider's published JWKS. */
export async function verifyIdToken(app: FastifyInstance, config: Config, idToken: string): Promise<Record<string, unknown>> {
  const [encodedHeader = '', encodedPayload = '', signature = ''] = idToken.split('.');
  const header = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString()) as { kid: string; alg: string };
  const jwks = await app.inject({ method: 'GET', url: '/idp/jwks', headers: { host: new URL(config.publicUrl).host } });
  const { keys } = jwks.json<{ keys: (JsonWebKey & { kid: string })[] }>();
  const jwk = keys.find((key) => key.kid === header.kid);
  if (!jwk || header.alg !== 'RS256') throw new Error(`no RS256 key ${header.kid} in the JWKS`);
  if ('d' in jwk) throw new Error('the JWKS leaks a private key');
  const isValid = verify(
    'RSA-SHA256',
    Buffer.from(`${encodedHeader}.${encodedPayload}`),
    createPublicKey({ key: jwk, format: 'jwk' }),
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) throw new Error('id_token signature does not verify');
  return JSON.parse(Buffer.from(encodedPayload, 'base64url').toString()) as Record<string, unknown>;
}
