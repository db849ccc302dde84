import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';

describe('transport: bad input gets a clear error and changes nothing', () => {
  let testApp: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Transport GmbH');
  });
  afterAll(async () => testApp.close());

  const currentName = async () =>
    (await testApp.database.pool.query('select name from organizations where id = $1', [org.id])).rows[0].name;

  it('refuses a cross-site POST (CSRF) before doing anything', async () => {
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }, { origin: 'null' }]) {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: '/api/organization',
        headers: { cookie: org.admin.cookie, ...headers },
        payload: { version: 1, name: 'Hacked' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('csrf_refused');
    }
    expect(await currentName()).toBe('Transport GmbH');
  });

  it('answers malformed JSON with invalid_json', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/organization',
      headers: browser(org.admin.cookie, { 'content-type': 'application/json' }),
      payload: '{"version": 1, "name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_json', message: expect.stringContaining('malformed') });
    expect(await currentName()).toBe('Transport GmbH');
  });

  it('answers an oversized JSON body with payload_too_large, in German when asked', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/organization',
      headers: browser(org.admin.cookie, { 'content-type': 'application/json', 'accept-language': 'de' }),
      payload: JSON.stringify({ version: 1, name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'payload_too_large', message: 'Die Anfrage ist zu groß.' });
  });

  it('answers schema violations with field errors', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/organization',
      headers: browser(org.admin.cookie),
      payload: { version: 'one', name: 42 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['name', 'version']);
  });

  it("says the schema's own checks in the caller's language, with what was expected", async () => {
    const get = async (url: string) =>
      (await testApp.app.inject({ method: 'GET', url, headers: browser(org.admin.cookie, { 'accept-language': 'de' }) })).json();
    expect((await get('/api/invoices?tab=bogus')).fieldErrors).toEqual({
      tab: ['Wählen Sie einen dieser Werte: new, my-approvals, all-approvals, rejected, approved, archive.'],
    });
    expect((await get('/api/invoices?limit=500')).fieldErrors).toEqual({ limit: ['Geben Sie höchstens 200 ein.'] });
    expect((await get('/api/invoices/not-a-uuid')).fieldErrors).toEqual({ id: ['Dieser Wert ist ungültig.'] });
    const wrongType = await testApp.app.inject({
      method: 'PUT',
      url: '/api/organization',
      headers: browser(org.admin.cookie, { 'accept-language': 'en' }),
      payload: { version: 'one', name: 'Transport GmbH' },
    });
    expect(wrongType.json().fieldErrors).toEqual({ version: ['Expected a value of type number.'] });
    expect(await currentName()).toBe('Transport GmbH');
  });

  it('answers unknown API paths with a JSON 404 and never leaks internals', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/does-not-exist', headers: browser(org.admin.cookie) });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('route_not_found');
  });

  it('answers 401 with session_expired semantics when the cookie is unknown', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/management',
      headers: browser('kontor_sid=forged'),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it('serves health and the public configuration without a session', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'available',
    });
    const config = (await testApp.app.inject({ method: 'GET', url: '/api/public/config' })).json();
    expect(config.demo).toEqual({ enabled: false, password: null, users: [] });
  });
});
