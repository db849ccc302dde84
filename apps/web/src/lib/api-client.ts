import type { UserResponse } from '@kontor/domain/auth';
import { ApiError, NETWORK_ERROR_CODE, readApiError } from './api-error';
import { saveReturnTo } from './auth-redirect';
import { clearLocalUser, saveLocalUser } from './local-user';
import { handleOrganizationMismatch, organizationHeaders } from './organization-binding';
import { isPublicPath } from './public-paths';

/**
 * The one way the SPA talks to the server (SPEC §4, §7, §8): same-origin cookies, JSON,
 * and on a 401 one shared session refresh followed by one retry. If the refresh fails the
 * local user is cleared and the browser goes to /session-expired (unless on a public page).
 */
export const API_BASE = '/api';
export const SESSION_EXPIRED_PATH = '/session-expired';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data; the browser sets the content type with its boundary. */
  formData?: FormData;
  signal?: AbortSignal;
  /** Auth calls whose 401 is the answer itself (authenticate, logout), not a reason to refresh. */
  skipSessionRefresh?: boolean;
}

export interface SessionHooks {
  /**
   * Drops cached server answers: 'all' of them, or only the 'inactive' ones that no mounted
   * screen shows (emptying a query under a mounted screen makes it fetch again at once).
   */
  clearCache: (scope: 'all' | 'inactive') => void;
  /** Moves the app to a path; may be asynchronous (the router's navigate). */
  navigate: (path: string) => unknown;
}

let sessionHooks: SessionHooks = {
  clearCache: () => undefined,
  navigate: (path) => window.location.assign(path),
};

/** The app wires in its query cache and router; tests wire in spies. */
export function configureSessionHooks(hooks: Partial<SessionHooks>): void {
  sessionHooks = { ...sessionHooks, ...hooks };
}

let refreshInFlight: Promise<boolean> | null = null;
/** Counts successful refreshes: a 401 to a call sent before the latest refresh just retries. */
let sessionGeneration = 0;
let isHandlingExpiry = false;

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${url}?${queryString}` : url;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...organizationHeaders() };
  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      code: NETWORK_ERROR_CODE,
      message: error instanceof Error ? error.message : 'Network request failed',
    });
  }
}

async function readBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return undefined as T;
  return (await response.json()) as T;
}

/**
 * GET /auth/refresh, shared by every caller while one is running. Logs and re-raises a failure
 * (SPEC §8); the 401 path below turns that failure into the session-expired handling.
 */
export function refreshSession(): Promise<UserResponse> {
  const run = async (): Promise<UserResponse> => {
    const response = await send('/auth/refresh', {});
    if (!response.ok) throw await readApiError(response);
    const answer = await readBody<UserResponse>(response);
    saveLocalUser(answer.user);
    sessionGeneration += 1;
    return answer;
  };
  const attempt = run().catch((error: unknown) => {
    console.error('[session] refresh failed', error);
    throw error;
  });
  return attempt;
}

function refreshOnce(): Promise<boolean> {
  refreshInFlight ??= refreshSession()
    .then(() => true)
    .catch(() => false)
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

function currentPath(): string {
  const location = globalThis.location;
  return location ? `${location.pathname}${location.search}${location.hash}` : '/';
}

/**
 * Clears the local user and the cached server answers. Off public pages it also remembers
 * where the user was and leaves for /session-expired, and only then empties the whole cache;
 * a public page stays put and keeps what its mounted screens show.
 */
export function expireSession(): void {
  clearLocalUser();
  const pathname = globalThis.location?.pathname ?? '/';
  if (isPublicPath(pathname)) {
    sessionHooks.clearCache('inactive');
    return;
  }
  if (isHandlingExpiry) return;
  isHandlingExpiry = true;
  saveReturnTo(currentPath());
  const finish = () => {
    sessionHooks.clearCache('all');
    isHandlingExpiry = false;
  };
  Promise.resolve(sessionHooks.navigate(SESSION_EXPIRED_PATH)).then(finish, finish);
}

/** The session generation a call was sent under; pass it to renewSessionAfter401 if it answers 401. */
export function currentSessionGeneration(): number {
  return sessionGeneration;
}

/**
 * After a 401: true when the call may be retried (a refresh happened since it was sent, or the
 * shared refresh now succeeded). Exported for transports other than fetch (upload progress).
 */
export async function renewSessionAfter401(sentAtGeneration: number): Promise<boolean> {
  return sentAtGeneration !== sessionGeneration || refreshOnce();
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const sentAtGeneration = sessionGeneration;
  let response = await send(path, options);

  if (response.status === 401 && !options.skipSessionRefresh) {
    const isRefreshed = await renewSessionAfter401(sentAtGeneration);
    if (!isRefreshed) {
      const error = await readApiError(response);
      expireSession();
      throw error;
    }
    response = await send(path, options);
  }

  if (!response.ok) throw await refusal(response);
  return readBody<T>(response);
}

/** The error of a refused call; one refused for another organisation also reloads the tab. */
export async function refusal(response: Response): Promise<ApiError> {
  const error = await readApiError(response);
  handleOrganizationMismatch(error);
  return error;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body' | 'formData'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body' | 'formData'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Test-only: forget in-flight refreshes and counters between tests. */
export function resetApiClientForTests(): void {
  refreshInFlight = null;
  sessionGeneration = 0;
  isHandlingExpiry = false;
}
