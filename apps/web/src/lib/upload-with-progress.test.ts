import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureSessionHooks, resetApiClientForTests } from './api-client';
import { ApiError } from './api-error';
import { uploadWithProgress } from './upload-with-progress';

interface ScriptedAnswer {
  status: number;
  body: unknown;
}

/** A stand-in for XMLHttpRequest: answers from a script, reports two progress steps first. */
class FakeXhr {
  static answers: ScriptedAnswer[] = [];
  static sent: { method: string; url: string; withCredentials: boolean }[] = [];
  status = 0;
  responseText = '';
  withCredentials = false;
  private method = '';
  private url = '';
  private listeners = new Map<string, () => void>();
  private uploadListeners = new Map<string, (event: { lengthComputable: boolean; loaded: number; total: number }) => void>();
  upload = {
    addEventListener: (type: string, listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void) =>
      this.uploadListeners.set(type, listener),
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? 'application/json; charset=utf-8' : null;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  abort() {
    this.listeners.get('abort')?.();
  }
  send() {
    FakeXhr.sent.push({ method: this.method, url: this.url, withCredentials: this.withCredentials });
    const answer = FakeXhr.answers.shift();
    queueMicrotask(() => {
      if (!answer) {
        this.listeners.get('error')?.();
        return;
      }
      this.uploadListeners.get('progress')?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.uploadListeners.get('progress')?.({ lengthComputable: true, loaded: 100, total: 100 });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.listeners.get('load')?.();
    });
  }
}

const USER = { id: 'u1', organization: { id: 'o1', slug: 'acme' } };
let fetchMock: ReturnType<typeof vi.fn<(url: string) => Promise<Response>>>;
let navigate: ReturnType<typeof vi.fn<(path: string) => Promise<void>>>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  resetApiClientForTests();
  FakeXhr.answers = [];
  FakeXhr.sent = [];
  fetchMock = vi.fn<(url: string) => Promise<Response>>();
  navigate = vi.fn<(path: string) => Promise<void>>(async () => undefined);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('fetch', fetchMock);
  const storage = new Map<string, string>();
  const memoryStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  };
  vi.stubGlobal('localStorage', memoryStorage);
  vi.stubGlobal('sessionStorage', memoryStorage);
  vi.stubGlobal('location', { pathname: '/acme/invoices/new', search: '', hash: '' });
  configureSessionHooks({ navigate, clearCache: () => undefined });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('uploadWithProgress', () => {
  it('posts with credentials, reports progress and answers the JSON body', async () => {
    FakeXhr.answers.push({ status: 201, body: { items: [{ id: 'i1' }] } });
    const progress: number[] = [];
    const answer = await uploadWithProgress('/invoices/upload', new FormData(), {
      onProgress: ({ ratio }) => progress.push(ratio),
    });
    expect(answer).toEqual({ items: [{ id: 'i1' }] });
    expect(progress).toEqual([0.5, 1]);
    expect(FakeXhr.sent).toEqual([{ method: 'POST', url: '/api/invoices/upload', withCredentials: true }]);
  });

  it('refreshes the session once on a 401 and sends again', async () => {
    FakeXhr.answers.push(
      { status: 401, body: { code: 'session_expired', message: 'expired' } },
      { status: 201, body: { items: [] } },
    );
    fetchMock.mockResolvedValueOnce(json(200, { user: USER }));
    await expect(uploadWithProgress('/invoices/upload', new FormData())).resolves.toEqual({ items: [] });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh']);
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('expires the session when the refresh fails', async () => {
    FakeXhr.answers.push({ status: 401, body: { code: 'session_expired', message: 'expired' } });
    fetchMock.mockResolvedValueOnce(json(401, { code: 'session_expired', message: 'expired' }));
    await expect(uploadWithProgress('/invoices/upload', new FormData())).rejects.toMatchObject({ code: 'session_expired' });
    expect(navigate).toHaveBeenCalledWith('/session-expired');
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('turns an error answer into an ApiError with code and params', async () => {
    FakeXhr.answers.push({
      status: 402,
      body: { code: 'subscription_limit_reached', message: 'limit', params: { limit: 'invoices' } },
    });
    const failure = await uploadWithProgress('/invoices/upload', new FormData()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 402, code: 'subscription_limit_reached', params: { limit: 'invoices' } });
  });

  it('reports a network failure as network_error', async () => {
    await expect(uploadWithProgress('/invoices/upload', new FormData())).rejects.toMatchObject({ code: 'network_error' });
  });
});
