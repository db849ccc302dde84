import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, resetApiClientForTests } from './api-client';
import { ApiError } from './api-error';
import {
  bindOrganization,
  handleOrganizationMismatch,
  ORGANIZATION_HEADER,
  RELOAD_AFTER_MISMATCH_MS,
  resetOrganizationBindingForTests,
} from './organization-binding';

const DEMO = 'c1a1d1e0-0000-4000-8000-000000000001';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the organisation a tab shows', () => {
  let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

  beforeEach(() => {
    fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
    vi.stubGlobal('fetch', fetchMock);
    resetApiClientForTests();
    resetOrganizationBindingForTests();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const sentHeaders = () => fetchMock.mock.calls.map(([, init]) => init.headers as Record<string, string>);

  it('is named on every call once bound, and not before', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await api.get('/auth/management');
    bindOrganization(DEMO);
    await api.post('/invoices/bulk-archive', { ids: [] });
    expect(sentHeaders()[0]).not.toHaveProperty(ORGANIZATION_HEADER);
    expect(sentHeaders()[1]).toMatchObject({ [ORGANIZATION_HEADER]: DEMO });
  });

  it('reloads the tab once, a moment after a call was refused for another organisation', async () => {
    vi.useFakeTimers();
    bindOrganization(DEMO);
    const message = 'You are now working in another organisation.';
    fetchMock.mockImplementation(async () => json(409, { code: 'organization_mismatch', message }));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...globalThis.location, reload, pathname: '/demo/invoices/new' });
    await expect(api.post('/counterparties', { name: 'X' })).rejects.toMatchObject({ code: 'organization_mismatch', message });
    await expect(api.post('/counterparties', { name: 'Y' })).rejects.toBeInstanceOf(ApiError);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(RELOAD_AFTER_MISMATCH_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores every other refusal', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    handleOrganizationMismatch(new ApiError({ status: 409, code: 'stale_version', message: 'stale' }), reload);
    vi.advanceTimersByTime(RELOAD_AFTER_MISMATCH_MS * 2);
    expect(reload).not.toHaveBeenCalled();
  });
});
