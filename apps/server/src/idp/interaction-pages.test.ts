import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createIdentityAccount } from './identity-accounts';
import { buildAuthorizationRequest, TestBrowser } from '../../test/test-browser';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

async function openInteraction(extra: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const browser = new TestBrowser(testApp.app, testApp.config.publicUrl, { headers });
  const redirect = await browser.get(buildAuthorizationRequest(testApp.config, extra).url);
  const interactionUrl = redirect.location ?? '';
  return { browser, interactionUrl, page: await browser.get(interactionUrl) };
}

/** The visible text of a label, button or link with this exact content. */
const hasElementText = (html: string, tag: string, text: string) =>
  new RegExp(`<${tag}[^>]*>${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?: <span|</${tag}>)`).test(html);

describe('sign-in page', () => {
  it('is English by default, with the Kontor look and a link to sign-up', async () => {
    const { page, interactionUrl } = await openInteraction();
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('>Kontor</a>');
    expect(page.body).toContain('#0f3d3e');
    expect(page.body).toContain('#e6f4f1');
    expect(hasElementText(page.body, 'label', 'E-mail')).toBe(true);
    expect(hasElementText(page.body, 'label', 'Password')).toBe(true);
    expect(hasElementText(page.body, 'button', 'Sign in')).toBe(true);
    expect(page.body).toContain(`action="${new URL(interactionUrl).pathname}/login"`);
    expect(page.body).toContain('?screen=sign-up');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('is German for ui_locales=de', async () => {
    const { page } = await openInteraction({ ui_locales: 'de-AT en' });
    expect(page.body).toContain('<html lang="de">');
    expect(hasElementText(page.body, 'label', 'E-Mail')).toBe(true);
    expect(hasElementText(page.body, 'label', 'Passwort')).toBe(true);
    expect(hasElementText(page.body, 'button', 'Anmelden')).toBe(true);
  });

  it('falls back to the kontor.locale cookie, then Accept-Language', async () => {
    const withCookie = new TestBrowser(testApp.app, testApp.config.publicUrl, { headers: { 'accept-language': 'en-US' } });
    withCookie.setCookie('kontor.locale', 'de');
    const redirect = await withCookie.get(buildAuthorizationRequest(testApp.config).url);
    expect((await withCookie.get(redirect.location ?? '')).body).toContain('<html lang="de">');

    const { page } = await openInteraction({}, { 'accept-language': 'fr-FR, de;q=0.8' });
    expect(page.body).toContain('<html lang="de">');
    // ui_locales outranks both.
    const { page: english } = await openInteraction({ ui_locales: 'en' }, { 'accept-language': 'de' });
    expect(english.body).toContain('<html lang="en">');
  });

  it('switches language with the de/en link', async () => {
    const { browser, interactionUrl, page } = await openInteraction();
    const href = /<a href="([^"]+)" lang="de"/.exec(page.body)?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect(href).toContain('lang=de');
    const german = await browser.get(new URL(href, interactionUrl).href);
    expect(hasElementText(german.body, 'button', 'Anmelden')).toBe(true);
  });

  it('keeps the e-mail but not the password after a wrong password', async () => {
    await createIdentityAccount(testApp.database, { email: 'page@example.com', password: 'page password' });
    const { browser, interactionUrl } = await openInteraction();
    const failed = await browser.post(`${interactionUrl}/login`, { email: 'page@example.com', password: 'wrong-password-123' });
    expect(failed.status).toBe(401);
    expect(failed.body).toContain('E-mail or password is wrong.');
    expect(failed.body).toContain('value="page@example.com"');
    expect(failed.body).not.toContain('wrong-password-123');

    const unknown = await browser.post(`${interactionUrl}/login`, { email: 'nobody@example.com', password: 'page password' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toContain('E-mail or password is wrong.');
  });

  it('escapes what the user typed', async () => {
    const { browser, interactionUrl } = await openInteraction();
    const failed = await browser.post(`${interactionUrl}/login`, { email: '"><script>alert(1)</script>', password: 'x' });
    expect(failed.body).not.toContain('<script>alert(1)</script>');
    expect(failed.body).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('sign-up page', () => {
  it('opens for screen=sign-up with the fields in English and German', async () => {
    const { page } = await openInteraction({ screen: 'sign-up' });
    expect(hasElementText(page.body, 'label', 'Name')).toBe(true);
    expect(hasElementText(page.body, 'label', 'E-mail')).toBe(true);
    expect(hasElementText(page.body, 'label', 'Password')).toBe(true);
    expect(hasElementText(page.body, 'button', 'Create account')).toBe(true);
    expect(page.body).toContain('?screen=sign-in');

    const { page: german } = await openInteraction({ screen: 'sign-up', ui_locales: 'de' });
    expect(hasElementText(german.body, 'label', 'E-Mail')).toBe(true);
    expect(hasElementText(german.body, 'label', 'Passwort')).toBe(true);
    expect(hasElementText(german.body, 'button', 'Konto erstellen')).toBe(true);
  });

  it('refuses an unknown screen value', async () => {
    const browser = new TestBrowser(testApp.app, testApp.config.publicUrl);
    const response = await browser.get(buildAuthorizationRequest(testApp.config, { screen: 'admin' }).url);
    expect(new URL(response.location ?? '').searchParams.get('error')).toBe('invalid_request');
  });

  it('explains short passwords, taken e-mails and invalid addresses, keeping name and e-mail', async () => {
    await createIdentityAccount(testApp.database, { email: 'taken@example.com', password: 'taken password' });
    const { browser, interactionUrl } = await openInteraction({ screen: 'sign-up', ui_locales: 'de' });

    const short = await browser.post(`${interactionUrl}/sign-up`, {
      name: 'Kim',
      email: 'kim@example.com',
      password: 'short',
      lang: 'de',
    });
    expect(short.status).toBe(400);
    expect(short.body).toContain('Das Passwort muss mindestens 10 Zeichen haben.');
    expect(short.body).toContain('value="Kim"');
    expect(short.body).toContain('value="kim@example.com"');

    const taken = await browser.post(`${interactionUrl}/sign-up`, {
      email: 'Taken@Example.com',
      password: 'long enough password',
      lang: 'de',
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toContain('Es gibt bereits ein Konto mit dieser E-Mail.');

    const invalid = await browser.post(`${interactionUrl}/sign-up`, {
      email: 'not-an-address',
      password: 'long enough password',
      lang: 'de',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  });
});

describe('expired or unknown interactions', () => {
  it('shows a translated page with a way back to Kontor', async () => {
    const browser = new TestBrowser(testApp.app, testApp.config.publicUrl, { headers: { 'accept-language': 'de' } });
    const page = await browser.get('/idp/interaction/unknown-uid');
    expect(page.status).toBe(400);
    expect(page.body).toContain('Die Anmeldeseite ist abgelaufen. Bitte beginnen Sie erneut.');
    expect(page.body).toContain('href="http://localhost:3000/"');

    const posted = await browser.post('/idp/interaction/unknown-uid/login', {
      email: 'a@example.com',
      password: 'x',
      lang: 'en',
    });
    expect(posted.status).toBe(400);
    expect(posted.body).toContain('The sign-in page has expired. Please start again.');
  });

  it('treats an interaction whose record expired as expired', async () => {
    const { browser, interactionUrl } = await openInteraction();
    const uid = new URL(interactionUrl).pathname.split('/').pop() ?? '';
    await testApp.database.pool.query(
      `update oidc_payloads set expires_at = now() - interval '1 second' where type = 'Interaction' and id = $1`,
      [uid],
    );
    const page = await browser.get(interactionUrl);
    expect(page.status).toBe(400);
    expect(page.body).toContain('The sign-in page has expired.');
  });

  it('refuses form bodies that are not url-encoded or too large', async () => {
    const { interactionUrl } = await openInteraction();
    const json = await testApp.app.inject({
      method: 'POST',
      url: `${new URL(interactionUrl).pathname}/login`,
      headers: { host: 'localhost:3000', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com' }),
    });
    expect(json.statusCode).toBe(415);
    expect(json.headers['content-type']).toContain('text/html');

    const large = await testApp.app.inject({
      method: 'POST',
      url: `${new URL(interactionUrl).pathname}/login`,
      headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${'a'.repeat(20_000)}`,
    });
    expect(large.statusCode).toBe(413);
  });
});
