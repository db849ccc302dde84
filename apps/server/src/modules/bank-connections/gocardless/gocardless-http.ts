import type { z } from 'zod';
import { BankProviderError } from '../provider';

/**
 * One JSON call to GoCardless Bank Account Data with global fetch: the API is a dozen plain JSON
 * endpoints, and its official Node client (nordigen-node) brings axios and no timeouts, so this
 * file is smaller than the glue around it would be.
 */
export interface GoCardlessResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface GoCardlessHttp {
  send(method: 'GET' | 'POST' | 'DELETE', path: string, options?: { body?: object; token?: string }): Promise<GoCardlessResponse>;
}

export function createGoCardlessHttp(options: { baseUrl: string; fetch: typeof fetch; timeoutMs: number }): GoCardlessHttp {
  // new URL('token/new/', base) drops the base's last segment unless it ends with a slash.
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  return {
    async send(method, path, { body, token } = {}) {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (body) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `Bearer ${token}`;
      const what = `GoCardless ${method} ${path.split('?')[0]}`;
      try {
        const response = await options.fetch(new URL(path, base), {
          method,
          headers,
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const text = await response.text();
        return { status: response.status, headers: response.headers, body: parseBody(text, response.status, what) };
      } catch (error) {
        if (error instanceof BankProviderError) throw error;
        const failure = new BankProviderError(`${what}: ${describeFailure(error, options.timeoutMs)}`, 'unavailable', true);
        failure.cause = error;
        throw failure;
      }
    },
  };
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return 'network error';
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  // undici's "fetch failed" keeps the reason (ECONNREFUSED, ECONNRESET …) in its cause.
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `network error (${code})` : 'network error';
}

function parseBody(text: string, status: number, what: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A gateway's HTML page on an error status is still that error; on 2xx it is a broken answer.
    if (status >= 300) return null;
    throw new BankProviderError(`${what}: the answer is not JSON`, 'unavailable', true);
  }
}

/**
 * The error for a non-2xx answer. GoCardless bodies are `{ summary, detail, status_code }`; 429
 * carries the wait in Retry-After or in its own HTTP_X_RATELIMIT_*_RESET headers (seconds).
 */
export function errorForResponse(response: GoCardlessResponse, what: string): BankProviderError {
  const { status } = response;
  const message = `${what}: ${status}${describeBody(response.body)}`;
  if (status === 429) {
    const seconds = retryAfterSeconds(response.headers);
    return new BankProviderError(
      `${message}${seconds === null ? '' : ` (retry after ${seconds} s)`}`,
      'rate_limited',
      true,
      seconds,
    );
  }
  if (status >= 500 || status === 408) return new BankProviderError(message, 'unavailable', true);
  if (status === 404) return new BankProviderError(message, 'not_found', false);
  return new BankProviderError(message, 'refused', false);
}

function describeBody(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const { summary, detail } = body as { summary?: unknown; detail?: unknown };
  const parts = [summary, detail].filter((part): part is string => typeof part === 'string' && part !== '');
  // A 400 may answer per field: { "redirect": { "summary": …, "detail": … } }.
  if (parts.length === 0) {
    for (const [field, value] of Object.entries(body)) {
      const inner = describeBody(value);
      if (inner) parts.push(`${field}${inner}`);
    }
  }
  return parts.length > 0 ? ` ${parts.join(' — ')}` : '';
}

const RESET_HEADERS = ['retry-after', 'http_x_ratelimit_account_success_reset', 'http_x_ratelimit_reset'];

export function retryAfterSeconds(headers: Headers): number | null {
  for (const name of RESET_HEADERS) {
    const value = headers.get(name)?.trim();
    if (!value) continue;
    if (/^\d+$/.test(value)) return Number(value);
    const date = Date.parse(value); // Retry-After may be an HTTP date
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000));
  }
  return null;
}

/** Reads a 2xx body by its schema; GoCardless answering in another shape is no transient fault. */
export function parseAnswer<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'unexpected shape';
  throw new BankProviderError(`GoCardless ${what}: unreadable answer (${where})`, 'unavailable', false);
}
