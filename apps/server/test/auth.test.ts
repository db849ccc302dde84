import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@kontor/domain';
import { addMember, browser as browserHeaders, createOrganizationWithAdmin } from './factories';
import { createTestApp, type TestApp } from './harness';
import { TestBrowser } from './test-browser';

/** SPEC §7 session calls through the real provider, as the web app makes them. */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

interface Callback {
  code: string;
  state: string;
  iss: string;
}

/** Signs up at the built-in provider and stops at the callback, like the browser at /auth-callback. */
async function reachCallback(browser: TestBrowser, email: string): Promise<Callback> {
  const start = await browser.get('/api/auth/login?mode=sign-up&locale=en');
  const interaction = await browser.get(start.location!);
  const signedUp = await browser.post(`${interaction.location}/sign-up`, {
    name: 'Test Person',
    email,
    password: 'a long enough password',
    lang: 'en',
  });
  const callback = new URL((await browser.follow(signedUp)).location!);
  expect(callback.pathname).toBe('/auth-callback');
  return {
    code: callback.searchParams.get('code')!,
    state: callback.searchParams.get('state')!,
    iss: callback.searchParams.get('iss')!,
  };
}

function sessionCookie(browser: TestBrowser): string {
  const value = browser.cookieValue('kontor_sid');
  expect(value).toBeDefined();
  return `kontor_sid=${value}`;
}

describe('POST /auth/authenticate', () => {
  it('opens a session for a new user without organisation', async () => {
    const browser = new TestBrowser(testApp.app, testApp.config.publicUrl);
    const callback = await reachCallback(browser, 'new-person@example.com');
    const response = await browser.postJson('/api/auth/authenticate', callback);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).user).toMatchObject({
      email: 'new-person@example.com',
      name: 'Test Person',
      role: 'user',
      organization: null,
      onboardingCompleted: false,
      featureFlags: [],
    });
    const cookieHeader = String(response.headers['set-cookie']);
    expect(cookieHeader).toMatch(/kontor_sid=[\w-]{40,}/);
    expect(cookieHeader).toMatch(/HttpOnly/);
    expect(cookieHeader).toMatch(/SameSite=Lax/);

    const management = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/management',
      headers: browserHeaders(sessionCookie(browser)),
    });
    expect(management.json()).toMatchObject({ organization: null, onboarding: { completed: false, completedSteps: [] } });
  });

  it('answers "no code given" without a code', async () => {
    const browser = new TestBrowser(testApp.app, testApp.config.publicUrl);
    const response = await browser.postJson('/api/auth/authenticate', { state: 'x' });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).code).toBe('auth_no_code');
  });

  it('refuses a tampered state and a missing sign-in cookie', async () => {
    const browser = new TestBrowser(testApp.app, testApp.config.publicUrl);
    const callback = await reachCallback(browser, 'tamper@example.com');
    const tampered = await browser.postJson('/api/auth/authenticate', { ...callback, state: `${callback.state}x` });
    expect(tampered.status).toBe(400);
    expect(JSON.parse(tampered.body).code).toBe('auth_invalid_state');

    const otherBrowser = new TestBrowser(testApp.app, testApp.config.publicUrl);
    const stolen = await otherBrowser.postJson('/api/auth/authenticate', callback);
    expect(JSON.parse(stolen.body).code).toBe('auth_invalid_state');
  });

  it('refuses a code used twice', async () => {
    const browser = new TestBrowser(testApp.app, testApp.config.publicUrl);
    const callback = await reachCallback(browser, 'reuse@example.com');
    const pending = browser.cookieValue('kontor_auth', '/api/auth')!;
    expect((await browser.postJson('/api/auth/authenticate', callback)).status).toBe(200);
    browser.setCookie('kontor_auth', pending, '/api/auth');
    const again = await browser.postJson('/api/auth/authenticate', callback);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.body).code).toBe('auth_code_rejected');
  });
});

describe('session calls', () => {
  it('GET /auth/refresh rotates the session id and ends the old one', async () => {
    const org = await createOrganizationWithAdmin(testApp, 'Refresh GmbH');
    const refreshed = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: browserHeaders(org.admin.cookie),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user.organization.id).toBe(org.id);
    const next = String(refreshed.headers['set-cookie']).split(';')[0]!;
    expect(next).not.toBe(org.admin.cookie);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/auth/management', headers: browserHeaders(next) })).statusCode,
    ).toBe(200);
    const old = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/management',
      headers: browserHeaders(org.admin.cookie),
    });
    expect(old.statusCode).toBe(401);
    const oldRefresh = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: browserHeaders(org.admin.cookie),
    });
    expect(oldRefresh.statusCode).toBe(401);
  });

  it('GET /auth/refresh?organizationId and POST /auth/switch-organization move between own organisations only', async () => {
    const first = await createOrganizationWithAdmin(testApp, 'First GmbH');
    const second = await createOrganizationWithAdmin(testApp, 'Second GmbH');
    const stranger = await createOrganizationWithAdmin(testApp, 'Stranger GmbH');
    await testApp.database.pool.query(
      `insert into memberships (organization_id, user_id, role, permissions) values ($1, $2, 'user', '{ar_invoices:manage}')`,
      [second.id, first.admin.userId],
    );

    const switched = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/switch-organization',
      headers: browserHeaders(first.admin.cookie),
      payload: { organizationId: second.id },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().user).toMatchObject({ role: 'user', organization: { id: second.id, slug: second.slug } });
    const cookie = String(switched.headers['set-cookie']).split(';')[0]!;
    const permissions = await testApp.app.inject({
      method: 'GET',
      url: '/api/user/user-permissions',
      headers: browserHeaders(cookie),
    });
    expect(permissions.json()).toEqual(['ar_invoices:manage']);

    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/switch-organization',
      headers: browserHeaders(cookie),
      payload: { organizationId: stranger.id },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('organization_not_found');

    const back = await testApp.app.inject({
      method: 'GET',
      url: `/api/auth/refresh?organizationId=${first.id}`,
      headers: browserHeaders(cookie),
    });
    expect(back.json().user).toMatchObject({ role: 'admin', organization: { id: first.id } });
    const backCookie = String(back.headers['set-cookie']).split(';')[0]!;
    const list = await testApp.app.inject({ method: 'GET', url: '/api/user/organizations', headers: browserHeaders(backCookie) });
    expect(list.json().items.map((item: { name: string; role: string }) => [item.name, item.role])).toEqual([
      ['First GmbH', 'admin'],
      ['Second GmbH', 'user'],
    ]);
    const strangerRefresh = await testApp.app.inject({
      method: 'GET',
      url: `/api/auth/refresh?organizationId=${stranger.id}`,
      headers: browserHeaders(backCookie),
    });
    expect(strangerRefresh.statusCode).toBe(404);

    // Another site cannot move the session through a link or an image: refused, the session stays.
    for (const site of ['cross-site', 'same-site']) {
      const forged = await testApp.app.inject({
        method: 'GET',
        url: `/api/auth/refresh?organizationId=${second.id}`,
        headers: browserHeaders(backCookie, { 'sec-fetch-site': site }),
      });
      expect(forged.statusCode, site).toBe(403);
      expect(forged.json().code).toBe('csrf_refused');
    }
    const still = await testApp.app.inject({ method: 'GET', url: '/api/auth/management', headers: browserHeaders(backCookie) });
    expect(still.json().organization).toMatchObject({ id: first.id });
  });

  it('GET /user/user-permissions: admin holds all six, a user only their own', async () => {
    const org = await createOrganizationWithAdmin(testApp, 'Permissions GmbH');
    const admin = await testApp.app.inject({
      method: 'GET',
      url: '/api/user/user-permissions',
      headers: browserHeaders(org.admin.cookie),
    });
    expect(admin.json()).toEqual([...PERMISSIONS]);
    const clerk = await addMember(testApp, org.id, ['ap_invoices:manage']);
    const clerkPermissions = await testApp.app.inject({
      method: 'GET',
      url: '/api/user/user-permissions',
      headers: browserHeaders(clerk.cookie),
    });
    expect(clerkPermissions.json()).toEqual(['ap_invoices:manage']);
  });

  it('PUT /user/locale keeps the language for error messages', async () => {
    const org = await createOrganizationWithAdmin(testApp, 'Locale GmbH');
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/user/locale',
      headers: browserHeaders(org.admin.cookie),
      payload: { locale: 'de' },
    });
    expect(response.json().user.locale).toBe('de');
    const error = await testApp.app.inject({
      method: 'GET',
      url: '/api/organization/slug/nope',
      headers: browserHeaders(org.admin.cookie),
    });
    expect(error.json().message).toBe('Diese Organisation existiert nicht oder Sie sind kein Mitglied.');
  });

  it('POST /auth/logout ends the session and returns the provider logout URL', async () => {
    const browser = new TestBrowser(testApp.app, testApp.config.publicUrl);
    const callback = await reachCallback(browser, 'logout@example.com');
    await browser.postJson('/api/auth/authenticate', callback);
    const cookie = sessionCookie(browser);
    const logout = await testApp.app.inject({
      method: 'POST',
      url: `/api/auth/logout?returnTo=${encodeURIComponent('https://evil.example/phish')}`,
      headers: browserHeaders(cookie),
    });
    const { logoutUrl } = logout.json();
    const target = new URL(logoutUrl);
    expect(target.pathname).toBe('/idp/session/end');
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/');
    expect(target.searchParams.get('id_token_hint')).toBeTruthy();
    expect(String(logout.headers['set-cookie'])).toMatch(/kontor_sid=;/);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/auth/management', headers: browserHeaders(cookie) })).statusCode,
    ).toBe(401);

    const again = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: browserHeaders(cookie) });
    expect(again.json()).toEqual({});
  });

  it('GET /auth/login redirects to the provider with PKCE and sets the signed sign-in cookie', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/login?mode=sign-in&locale=de' });
    expect(response.statusCode).toBe(302);
    const target = new URL(response.headers.location as string);
    expect(target.pathname).toBe('/idp/auth');
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    expect(target.searchParams.get('ui_locales')).toBe('de');
    expect(target.searchParams.get('nonce')).toBeTruthy();
    expect(String(response.headers['set-cookie'])).toMatch(
      /kontor_auth=.+; Max-Age=900; Path=\/api\/auth; HttpOnly; SameSite=Lax/,
    );
  });
});
