import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeGoCardlessApi, HttpError, notFound, type FakeRequisition } from './gocardless-fake-api';
import type { FakeAccountTemplate, FakeInstitution } from './gocardless-fake-data';

export type { FakeRequisition } from './gocardless-fake-api';

/**
 * A local stand-in for GoCardless Bank Account Data API v2 over real HTTP on 127.0.0.1: tokens
 * with expiry, institutions, end-user agreements, requisitions whose `link` a test "visits" to
 * give (or refuse) consent, and accounts with details, balances and transactions. Switches
 * simulate faults: error statuses, 429 with Retry-After or GoCardless's rate-limit headers,
 * slowness and tokens that stop working.
 */
export interface GoCardlessFake {
  /** `http://127.0.0.1:<port>/api/v2/` */
  readonly baseUrl: string;
  readonly secretId: string;
  readonly secretKey: string;
  /** Every API request as `METHOD /api/v2/path` (without the query), oldest first. */
  readonly requests: string[];
  readonly institutions: FakeInstitution[];
  /** Accounts a consent at each institution links (change before granting to vary them). */
  readonly accounts: Record<string, FakeAccountTemplate[]>;
  /**
   * Follows a requisition link as the person's browser would; answers with the redirect back
   * to Kontor (`?ref=<reference>`, plus `error` when refused).
   */
  visit(link: string, choice?: 'grant' | 'deny'): Promise<URL>;
  /** The next `times` requests (whose `METHOD path` contains `match`) answer `status`. */
  failNext(status: number, options?: { times?: number; match?: string; retryAfter?: number; rateLimitHeaders?: boolean }): void;
  /** Every answer waits this long (0: none). */
  delayMs: number;
  /** Access tokens issued so far stop working, as after a key rotation or their 24 h. */
  expireAccessTokens(): void;
  expireRefreshTokens(): void;
  /** The requisition's access ends now (status EX; its accounts answer 401). */
  expireRequisition(requisitionId: string): void;
  requisition(requisitionId: string): FakeRequisition | undefined;
  close(): Promise<void>;
}

interface Fault {
  status: number;
  times: number;
  match: string;
  retryAfter?: number;
  rateLimitHeaders?: boolean;
}

const API = '/api/v2/';

export async function startGoCardlessFake(options: { now?: () => number } = {}): Promise<GoCardlessFake> {
  let origin = '';
  const api = createFakeGoCardlessApi({ now: options.now ?? Date.now, origin: () => origin });
  const faults: Fault[] = [];
  const timers = new Set<NodeJS.Timeout>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    const raw = await readBody(request);
    if (fake.delayMs > 0) await new Promise((resolve) => timers.add(setTimeout(resolve, fake.delayMs)));
    if (response.destroyed) return;
    const start = /^\/psd2\/start\/([^/]+)\/[^/]+$/.exec(url.pathname);
    if (start && request.method === 'GET') {
      const location = api.consentPage(start[1]!, url.searchParams.get('choice'));
      response.writeHead(302, { location }).end();
      return;
    }
    if (!url.pathname.startsWith(API)) throw notFound();
    const path = url.pathname.slice(API.length);
    const method = request.method ?? 'GET';
    fake.requests.push(`${method} ${url.pathname}`);
    const fault = faults.find((item) => `${method} ${path}`.includes(item.match));
    if (fault) {
      if (--fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
      throw faultError(fault);
    }
    if (!path.startsWith('token/')) api.authorize(request.headers.authorization);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const answer = api.route(method, path, url.searchParams, body);
    const status = method === 'POST' && !path.startsWith('token/') ? 201 : 200;
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.destroyed || response.headersSent) return;
      const failure = error instanceof HttpError ? error : new HttpError(500, { summary: 'Server Error', status_code: 500 });
      response
        .writeHead(failure.status, { 'content-type': 'application/json', ...failure.headers })
        .end(JSON.stringify(failure.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: GoCardlessFake = {
    baseUrl: `${origin}${API}`,
    secretId: api.secretId,
    secretKey: api.secretKey,
    requests: [],
    institutions: api.institutions,
    accounts: api.templates,
    delayMs: 0,
    async visit(link, choice = 'grant') {
      const url = new URL(link);
      url.searchParams.set('choice', choice);
      const response = await fetch(url, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) throw new Error(`consent page answered ${response.status}`);
      return new URL(location);
    },
    failNext(status, { times = 1, match = '', retryAfter, rateLimitHeaders } = {}) {
      faults.push({ status, times, match, retryAfter, rateLimitHeaders });
    },
    expireAccessTokens: () => api.expireAccessTokens(),
    expireRefreshTokens: () => api.expireRefreshTokens(),
    expireRequisition: (requisitionId) => api.expireRequisition(requisitionId),
    requisition: (requisitionId) => api.requisition(requisitionId),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return fake;
}

function faultError(fault: Fault): HttpError {
  if (fault.status !== 429) {
    return new HttpError(fault.status, { summary: 'Service temporarily unavailable', status_code: fault.status }, {});
  }
  const wait = String(fault.retryAfter ?? 60);
  const headers: Record<string, string> = fault.rateLimitHeaders
    ? {
        HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_LIMIT: '4',
        HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_REMAINING: '0',
        HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_RESET: wait,
      }
    : { 'retry-after': wait };
  return new HttpError(
    429,
    { summary: 'Rate limit exceeded', detail: `Request was throttled. Expected available in ${wait} seconds.`, status_code: 429 },
    headers,
  );
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}
