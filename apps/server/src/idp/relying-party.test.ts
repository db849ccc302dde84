import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { TestBrowser } from '../../test/test-browser';

/**
 * The whole loop with Kontor's own relying party (modules/auth, openid-client): what a person
 * does in the browser from "Create account" in the web app to a signed-in session and back out.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

describe('Kontor signing in through the built-in provider', () => {
  it('signs up in German, opens a session, and signs out of both', async () => {
    const browser = new TestBrowser(testApp.app, testApp.config.publicUrl);

    const start = await browser.get('/api/auth/login?mode=sign-up&locale=de');
    expect(start.location).toMatch(/^http:\/\/localhost:3000\/idp\/auth\?/);
    const authorize = new URL(start.location ?? '');
    expect(authorize.searchParams.get('screen')).toBe('sign-up');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

    const interaction = await browser.get(start.location ?? '');
    const page = await browser.get(interaction.location ?? '');
    expect(page.body).toContain('Konto erstellen');
    expect(page.body).toContain('<html lang="de">');

    const signedUp = await browser.post(`${interaction.location}/sign-up`, {
      name: 'Jonas Richter',
      email: 'jonas@example.com',
      password: 'ein langes Passwort',
      lang: 'de',
    });
    const callback = await browser.follow(signedUp);
    const callbackUrl = new URL(callback.location ?? '');
    expect(callbackUrl.pathname).toBe('/auth-callback');

    const authenticated = await browser.postJson('/api/auth/authenticate', {
      code: callbackUrl.searchParams.get('code'),
      state: callbackUrl.searchParams.get('state'),
      iss: callbackUrl.searchParams.get('iss'),
    });
    expect(authenticated.status).toBe(200);
    expect(JSON.parse(authenticated.body)).toMatchObject({ user: { email: 'jonas@example.com' } });

    const logout = await browser.postJson('/api/auth/logout?returnTo=/', {});
    const { logoutUrl } = JSON.parse(logout.body) as { logoutUrl?: string };
    expect(logoutUrl).toMatch(/^http:\/\/localhost:3000\/idp\/session\/end\?/);
    const logoutPage = await browser.get(logoutUrl ?? '');
    expect(logoutPage.status).toBe(200);
    // Kontor sent its id_token, so the provider signs out without asking.
    expect(logoutPage.body).toContain("getElementById('logout-yes').click()");
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(logoutPage.body)?.[1] ?? '';
    const done = await browser.post('/idp/session/end/confirm', { xsrf, logout: 'yes' });
    expect(done.location).toBe('http://localhost:3000/');
  });
});
