import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, api, configureSessionHooks, resetApiClientForTests } from './api-client';
import { ApiError } from './api-error';
import { RETURN_TO_KEY } from './auth-redirect';
import { LOCAL_USER_KEY } from './local-user';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const USER = {
  id: '7d3c1e52-3f7a-4c51-9e35-2f3f9b8f1a11',
  email: 'anna@example.com',
  name: 'Anna',
  locale: 'de',
  role: 'admin',
  organization: { id: 'c1a1d1e0-0000-4000-8000-000000000001', slug: 'acme', authId: 'org_1' },
  onboardingCompleted: false,
  featureFlags: [],
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const unauthorized = () => json(401, { code: 'session_expired', message: 'Session expired' });

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;
let navigate: ReturnType<typeof vi.fn<(path: string) => Promise<void>>>;
let clearCache: ReturnType<typeof vi.fn<(scope: 'all' | 'inactive') => void>>;
let localStorageMock: MemoryStorage;
let sessionStorageMock: MemoryStorage;

function respondWith(...handlers: Handler[]): void {
  fetchMock.mockImplementation(async (url, init) => {
    const handler = handlers.shift();
    if (!handler) throw new Error(`Unexpected request ${url}`);
    return handler(url, init);
  });
}

const requestedUrls = () => fetchMock.mock.calls.map(([url]) => url);

beforeEach(() => {
  resetApiClientForTests();
  fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
  localStorageMock = new MemoryStorage();
  sessionStorageMock = new MemoryStorage();
  localStorageMock.setItem(LOCAL_USER_KEY, JSON.stringify(USER));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', localStorageMock);
  vi.stubGlobal('sessionStorage', sessionStorageMock);
  vi.stubGlobal('location', { pathname: '/acme/invoices/new', search: '?page=2', hash: '' });
  navigate = vi.fn<(path: string) => Promise<void>>(async () => undefined);
  clearCache = vi.fn<(scope: 'all' | 'inactive') => void>();
  configureSessionHooks({ navigate, clearCache });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiRequest', () => {
  it('sends same-origin JSON requests under /api', async () => {
    respondWith(() => json(200, { ok: true }));
    await expect(api.post('/organization', { name: 'Acme' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/organization');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"name":"Acme"}');
    expect(init.headers).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it('sends no JSON content type without a body, and none for multipart', async () => {
    respondWith(
      () => json(200, {}),
      () => json(200, {}),
    );
    await api.post('/auth/logout', undefined, { query: { returnTo: 'http://localhost/' } });
    const formData = new FormData();
    await api.put('/organization/logo', undefined, { formData });
    const [[logoutUrl, logoutInit], [, uploadInit]] = fetchMock.mock.calls as unknown as [
      [string, RequestInit],
      [string, RequestInit],
    ];
    expect(logoutUrl).toBe('/api/auth/logout?returnTo=http%3A%2F%2Flocalhost%2F');
    expect(logoutInit.headers).not.toHaveProperty('Content-Type');
    expect(uploadInit.headers).not.toHaveProperty('Content-Type');
    expect(uploadInit.body).toBe(formData);
  });

  it('turns an error body into an ApiError with code and params', async () => {
    respondWith(() => json(409, { code: 'stale_version', message: 'Stale', params: { version: 3 } }));
    const error = await apiRequest('/organization', { method: 'PUT', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'stale_version', message: 'Stale', params: { version: 3 } });
  });

  it('reports an unreachable server as network_error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/auth/management')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('401 handling', () => {
  it('refreshes once and repeats the call', async () => {
    const refreshedUser = { ...USER, name: 'Anna Refreshed' };
    respondWith(
      unauthorized,
      () => json(200, { user: refreshedUser }),
      () => json(200, ['ap_invoices:manage']),
    );
    await expect(api.get('/user/user-permissions')).resolves.toEqual(['ap_invoices:manage']);
    expect(requestedUrls()).toEqual(['/api/user/user-permissions', '/api/auth/refresh', '/api/user/user-permissions']);
    expect(JSON.parse(localStorageMock.getItem(LOCAL_USER_KEY) ?? 'null')).toMatchObject({ name: 'Anna Refreshed' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent calls', async () => {
    let releaseRefresh: () => void = () => undefined;
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/auth/refresh') {
        await new Promise<void>((resolve) => {
          releaseRefresh = resolve;
        });
        return json(200, { user: USER });
      }
      const attempts = requestedUrls().filter((requested) => requested === url).length;
      return attempts === 1 ? unauthorized() : json(200, { url });
    });
    const first = api.get('/auth/management');
    const second = api.get('/user/organizations');
    await vi.waitFor(() => expect(requestedUrls()).toContain('/api/auth/refresh'));
    await vi.waitFor(() => expect(requestedUrls()).toHaveLength(3));
    releaseRefresh();
    await expect(Promise.all([first, second])).resolves.toEqual([
      { url: '/api/auth/management' },
      { url: '/api/user/organizations' },
    ]);
    expect(requestedUrls().filter((url) => url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('retries without refreshing again when a refresh finished after the call was sent', async () => {
    let releaseSlowCall: () => void = () => undefined;
    fetchMock.mockImplementation(async (url) => {
      const attempts = requestedUrls().filter((requested) => requested === url).length;
      if (url === '/api/auth/refresh') return json(200, { user: USER });
      if (url === '/api/slow' && attempts === 1) {
        await new Promise<void>((resolve) => {
          releaseSlowCall = resolve;
        });
        return unauthorized();
      }
      return attempts === 1 ? unauthorized() : json(200, { url });
    });
    const slow = api.get('/slow');
    await vi.waitFor(() => expect(requestedUrls()).toEqual(['/api/slow']));
    await expect(api.get('/fast')).resolves.toEqual({ url: '/api/fast' });
    releaseSlowCall();
    await expect(slow).resolves.toEqual({ url: '/api/slow' });
    expect(requestedUrls().filter((url) => url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('clears the local user and goes to /session-expired when the refresh fails', async () => {
    respondWith(unauthorized, () => json(401, { code: 'auth_refresh_failed', message: 'No session' }));
    await expect(api.get('/auth/management')).rejects.toMatchObject({ status: 401, code: 'session_expired' });
    expect(localStorageMock.getItem(LOCAL_USER_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/session-expired');
    await vi.waitFor(() => expect(clearCache).toHaveBeenCalledWith('all'));
    // The cache is emptied only after leaving the page, so no mounted screen refetches.
    expect(navigate.mock.invocationCallOrder[0]).toBeLessThan(clearCache.mock.invocationCallOrder[0]!);
    expect(sessionStorageMock.getItem(RETURN_TO_KEY)).toBe('/acme/invoices/new?page=2');
    expect(console.error).toHaveBeenCalled();
  });

  it('stays on a public page when the refresh fails there, but forgets the user and unused answers', async () => {
    vi.stubGlobal('location', { pathname: '/sign-up', search: '', hash: '' });
    respondWith(unauthorized, unauthorized);
    await expect(api.get('/auth/management')).rejects.toBeInstanceOf(ApiError);
    expect(localStorageMock.getItem(LOCAL_USER_KEY)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(clearCache).toHaveBeenCalledExactlyOnceWith('inactive');
    expect(sessionStorageMock.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('retries only once: a second 401 is raised without another refresh', async () => {
    respondWith(unauthorized, () => json(200, { user: USER }), unauthorized);
    await expect(api.get('/auth/management')).rejects.toMatchObject({ status: 401 });
    expect(requestedUrls()).toEqual(['/api/auth/management', '/api/auth/refresh', '/api/auth/management']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not refresh for calls whose 401 is the answer (authenticate)', async () => {
    respondWith(() => json(401, { code: 'auth_code_rejected', message: 'Code used' }));
    await expect(api.post('/auth/authenticate', { code: 'x' }, { skipSessionRefresh: true })).rejects.toMatchObject({
      code: 'auth_code_rejected',
    });
    expect(requestedUrls()).toEqual(['/api/auth/authenticate']);
    expect(localStorageMock.getItem(LOCAL_USER_KEY)).not.toBeNull();
  });
});
