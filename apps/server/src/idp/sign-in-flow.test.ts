import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createIdentityAccount } from './identity-accounts';
import { buildAuthorizationRequest, exchangeCode, TestBrowser, verifyIdToken, type PageResponse } from '../../test/test-browser';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

const newBrowser = (headers: Record<string, string> = {}) => new TestBrowser(testApp.app, testApp.config.publicUrl, { headers });

/** Starts an authorization request and lands on the interaction page. */
async function openInteraction(browser: TestBrowser, extra: Record<string, string> = {}) {
  const request = buildAuthorizationRequest(testApp.config, extra);
  const redirect = await browser.get(request.url);
  expect(redirect.status).toBe(303);
  const interactionUrl = redirect.location ?? '';
  expect(interactionUrl).toMatch(/^http:\/\/localhost:3000\/idp\/interaction\/[\w-]+$/);
  const page = await browser.get(interactionUrl);
  return { request, interactionUrl, page };
}

/** The relying party's callback URL the provider finally redirects to, parsed. */
function callbackOf(response: PageResponse): URLSearchParams {
  expect(response.status).toBe(303);
  const location = new URL(response.location ?? '');
  expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/auth-callback');
  return location.searchParams;
}

describe('discovery', () => {
  it('publishes the issuer under /idp with code flow, PKCE S256 and the Kontor claims', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/idp/.well-known/openid-configuration',
      headers: { host: 'localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
    const metadata = response.json<Record<string, unknown>>();
    expect(metadata).toMatchObject({
      issuer: 'http://localhost:3000/idp',
      authorization_endpoint: 'http://localhost:3000/idp/auth',
      token_endpoint: 'http://localhost:3000/idp/token',
      jwks_uri: 'http://localhost:3000/idp/jwks',
      end_session_endpoint: 'http://localhost:3000/idp/session/end',
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      ui_locales_supported: ['de', 'en'],
    });
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(metadata.claims_supported).toEqual(expect.arrayContaining(['sub', 'email', 'email_verified', 'name', 'locale']));
    expect(metadata.token_endpoint_auth_methods_supported).toContain('client_secret_basic');
  });
});

describe('sign-up, code and tokens', () => {
  it('signs up on the sign-up screen and returns an id_token with the account claims', async () => {
    const browser = newBrowser();
    const { request, interactionUrl, page } = await openInteraction(browser, { screen: 'sign-up', ui_locales: 'de' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Konto erstellen');

    const submitted = await browser.post(`${interactionUrl}/sign-up`, {
      name: 'Lena Vogt',
      email: 'Lena.Vogt@Example.com',
      password: 'a sturdy password',
      lang: 'de',
    });
    const callback = callbackOf(await browser.follow(submitted));
    expect(callback.get('state')).toBe(request.state);
    expect(callback.get('iss')).toBe('http://localhost:3000/idp');
    const code = callback.get('code') ?? '';
    expect(code).not.toBe('');

    const tokenResponse = await exchangeCode(testApp.app, testApp.config, code, request.verifier);
    expect(tokenResponse.statusCode).toBe(200);
    const tokens = tokenResponse.json<{ id_token: string; access_token: string; token_type: string }>();
    expect(tokens.token_type).toBe('Bearer');

    const claims = await verifyIdToken(testApp.app, testApp.config, tokens.id_token);
    expect(claims).toMatchObject({
      iss: 'http://localhost:3000/idp',
      aud: 'kontor-web',
      nonce: request.nonce,
      email: 'lena.vogt@example.com',
      email_verified: false,
      name: 'Lena Vogt',
      locale: 'de',
    });
    const account = await testApp.database.pool.query<{ id: string }>(
      `select id from identity_accounts where email = 'lena.vogt@example.com'`,
    );
    expect(claims.sub).toBe(account.rows[0]?.id);

    const userinfo = await testApp.app.inject({
      method: 'GET',
      url: '/idp/me',
      headers: { host: 'localhost:3000', authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.json()).toMatchObject({ sub: claims.sub, email: 'lena.vogt@example.com' });
  });

  it('rejects a code used twice and revokes what the first use issued', async () => {
    await createIdentityAccount(testApp.database, { email: 'reuse@example.com', password: 'reuse password' });
    const browser = newBrowser();
    const { request, interactionUrl } = await openInteraction(browser);
    const signedIn = await browser.post(`${interactionUrl}/login`, { email: 'reuse@example.com', password: 'reuse password' });
    const code = callbackOf(await browser.follow(signedIn)).get('code') ?? '';

    const first = await exchangeCode(testApp.app, testApp.config, code, request.verifier);
    expect(first.statusCode).toBe(200);
    const second = await exchangeCode(testApp.app, testApp.config, code, request.verifier);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ error: 'invalid_grant' });

    const userinfo = await testApp.app.inject({
      method: 'GET',
      url: '/idp/me',
      headers: { host: 'localhost:3000', authorization: `Bearer ${first.json<{ access_token: string }>().access_token}` },
    });
    expect(userinfo.statusCode).toBe(401);

    // The provider session outlives the revoked grant: the next request goes through the consent
    // step, which the first-party client passes without a page, and yields a fresh code.
    const again = buildAuthorizationRequest(testApp.config);
    const consent = await browser.get(again.url);
    expect(consent.location).toMatch(/\/idp\/interaction\//);
    const fresh = callbackOf(await browser.follow(consent));
    expect(fresh.get('state')).toBe(again.state);
    const tokens = await exchangeCode(testApp.app, testApp.config, fresh.get('code') ?? '', again.verifier);
    expect(tokens.statusCode).toBe(200);
    const claims = await verifyIdToken(testApp.app, testApp.config, tokens.json<{ id_token: string }>().id_token);
    expect(claims.email).toBe('reuse@example.com');
  });

  it('requires the PKCE verifier and the client secret', async () => {
    await createIdentityAccount(testApp.database, { email: 'pkce@example.com', password: 'pkce password' });
    const browser = newBrowser();
    const { request, interactionUrl } = await openInteraction(browser);
    const signedIn = await browser.post(`${interactionUrl}/login`, { email: 'pkce@example.com', password: 'pkce password' });
    const code = callbackOf(await browser.follow(signedIn)).get('code') ?? '';

    const wrongSecret = await exchangeCode(testApp.app, testApp.config, code, request.verifier, 'not-the-secret');
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    const wrongVerifier = await exchangeCode(testApp.app, testApp.config, code, 'x'.repeat(43));
    expect(wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses an authorization request without a code challenge', async () => {
    const request = buildAuthorizationRequest(testApp.config);
    const withoutPkce = new URL(request.url);
    withoutPkce.searchParams.delete('code_challenge');
    withoutPkce.searchParams.delete('code_challenge_method');
    const response = await newBrowser().get(withoutPkce.href);
    const callback = callbackOf(response);
    expect(callback.get('error')).toBe('invalid_request');
  });

  it('signs in again without a password while the provider session lasts', async () => {
    await createIdentityAccount(testApp.database, { email: 'again@example.com', password: 'again password' });
    const browser = newBrowser();
    const { interactionUrl } = await openInteraction(browser);
    await browser.follow(
      await browser.post(`${interactionUrl}/login`, { email: 'again@example.com', password: 'again password' }),
    );

    const second = buildAuthorizationRequest(testApp.config);
    const callback = callbackOf(await browser.follow(await browser.get(second.url)));
    expect(callback.get('code')).toBeTruthy();
    expect(callback.get('state')).toBe(second.state);
  });
});

describe('logout', () => {
  async function signedInBrowser(email: string) {
    await createIdentityAccount(testApp.database, { email, password: 'logout password' });
    const browser = newBrowser();
    const { request, interactionUrl } = await openInteraction(browser);
    const signedIn = await browser.post(`${interactionUrl}/login`, { email, password: 'logout password' });
    const code = callbackOf(await browser.follow(signedIn)).get('code') ?? '';
    const tokens = (await exchangeCode(testApp.app, testApp.config, code, request.verifier)).json<{ id_token: string }>();
    return { browser, idToken: tokens.id_token };
  }

  it('signs out at once when Kontor sends its id_token, then returns to Kontor', async () => {
    const { browser, idToken } = await signedInBrowser('logout@example.com');
    const query = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: 'http://localhost:3000/',
      client_id: 'kontor-web',
      ui_locales: 'de',
    });
    const page = await browser.get(`/idp/session/end?${query.toString()}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Sie werden abgemeldet');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'sha256-/);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';

    const confirmed = await browser.post('/idp/session/end/confirm', { xsrf, logout: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toBe('http://localhost:3000/');

    // The provider session is gone: the next sign-in asks for the password again.
    const next = await browser.get(buildAuthorizationRequest(testApp.config).url);
    expect(next.location).toMatch(/\/idp\/interaction\//);
  });

  it('asks first when the logout request does not come from Kontor', async () => {
    const { browser } = await signedInBrowser('ask@example.com');
    const page = await browser.get('/idp/session/end');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Do you want to sign out of Kontor?');
    expect(page.body).toContain('Stay signed in');
    expect(page.headers['content-security-policy']).toContain("script-src 'none'");

    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const done = await browser.follow(await browser.post('/idp/session/end/confirm', { xsrf, logout: 'yes' }));
    expect(done.status).toBe(200);
    expect(done.body).toContain('You have been signed out of Kontor.');
  });
});
