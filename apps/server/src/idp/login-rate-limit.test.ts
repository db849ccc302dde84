import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createIdentityAccount } from './identity-accounts';
import { buildAuthorizationRequest, TestBrowser } from '../../test/test-browser';

const MAX_FAILURES = 3;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ config: { login: { maxFailures: MAX_FAILURES, windowMinutes: 15 } } });
});

afterAll(async () => {
  await testApp.close();
});

/** A browser on its own IP address, on the sign-in page of a fresh authorization request. */
async function openSignIn(ip: string) {
  const browser = new TestBrowser(testApp.app, testApp.config.publicUrl, { remoteAddress: ip });
  const redirect = await browser.get(buildAuthorizationRequest(testApp.config).url);
  const interactionUrl = redirect.location ?? '';
  await browser.get(interactionUrl);
  return { browser, loginUrl: `${interactionUrl}/login` };
}

async function failureCount(email: string): Promise<number> {
  const result = await testApp.database.pool.query<{ count: string }>('select count(*) from login_failures where email = $1', [
    email,
  ]);
  return Number(result.rows[0]?.count ?? 0);
}

describe('rate limiting of failed sign-ins', () => {
  it(`answers 429 after ${MAX_FAILURES} failures, even with the right password`, async () => {
    await createIdentityAccount(testApp.database, { email: 'limited@example.com', password: 'the right password' });
    const { browser, loginUrl } = await openSignIn('10.0.0.1');

    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
      const failed = await browser.post(loginUrl, { email: 'limited@example.com', password: `wrong ${attempt}` });
      expect(failed.status).toBe(401);
    }
    expect(await failureCount('limited@example.com')).toBe(MAX_FAILURES);

    const blocked = await browser.post(loginUrl, { email: 'Limited@Example.com', password: 'the right password', lang: 'de' });
    expect(blocked.status).toBe(429);
    const seconds = Number(blocked.headers['retry-after']);
    expect(seconds).toBeGreaterThan(15 * 60 - 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(blocked.body).toContain(`Zu viele Versuche. Bitte warten Sie ${seconds} Sekunden`);
    expect(blocked.body).toContain('value="Limited@Example.com"');
    // A blocked attempt is not counted again, so the wait does not grow.
    expect(await failureCount('limited@example.com')).toBe(MAX_FAILURES);
  });

  it('lifts the block once the failures leave the window', async () => {
    await createIdentityAccount(testApp.database, { email: 'window@example.com', password: 'the right password' });
    const { browser, loginUrl } = await openSignIn('10.0.0.2');
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
      await browser.post(loginUrl, { email: 'window@example.com', password: 'wrong password' });
    }
    expect((await browser.post(loginUrl, { email: 'window@example.com', password: 'the right password' })).status).toBe(429);

    await testApp.database.pool.query(
      `update login_failures set at = at - interval '16 minutes' where email = 'window@example.com'`,
    );
    const signedIn = await browser.post(loginUrl, { email: 'window@example.com', password: 'the right password' });
    expect(signedIn.status).toBe(303);
    expect(await failureCount('window@example.com')).toBe(0);
  });

  it('clears the e-mail’s failures on a successful sign-in', async () => {
    await createIdentityAccount(testApp.database, { email: 'clear@example.com', password: 'the right password' });
    const { browser, loginUrl } = await openSignIn('10.0.0.3');
    for (let attempt = 0; attempt < MAX_FAILURES - 1; attempt += 1) {
      await browser.post(loginUrl, { email: 'clear@example.com', password: 'wrong password' });
    }
    expect(await failureCount('clear@example.com')).toBe(MAX_FAILURES - 1);
    const signedIn = await browser.post(loginUrl, { email: 'clear@example.com', password: 'the right password' });
    expect(signedIn.status).toBe(303);
    expect(await failureCount('clear@example.com')).toBe(0);
  });

  it(`blocks one IP address after ${4 * MAX_FAILURES} failures across many e-mails`, async () => {
    await createIdentityAccount(testApp.database, { email: 'victim@example.com', password: 'the right password' });
    const { browser, loginUrl } = await openSignIn('10.0.0.4');
    for (let attempt = 0; attempt < 4 * MAX_FAILURES; attempt += 1) {
      const failed = await browser.post(loginUrl, { email: `spray${attempt}@example.com`, password: 'guess' });
      expect(failed.status).toBe(401);
    }
    const blocked = await browser.post(loginUrl, { email: 'victim@example.com', password: 'the right password' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toContain('Too many attempts. Please wait');

    // Another address is not affected by that IP's failures.
    const other = await openSignIn('10.0.0.5');
    const signedIn = await other.browser.post(other.loginUrl, { email: 'victim@example.com', password: 'the right password' });
    expect(signedIn.status).toBe(303);
  });

  it('counts parallel wrong guesses for one e-mail exactly', async () => {
    await createIdentityAccount(testApp.database, { email: 'parallel@example.com', password: 'the right password' });
    const { browser, loginUrl } = await openSignIn('10.0.0.6');
    const responses = await Promise.all(
      Array.from({ length: MAX_FAILURES + 3 }, (_, index) =>
        browser.post(loginUrl, { email: 'parallel@example.com', password: `parallel guess ${index}` }),
      ),
    );
    expect(responses.filter((response) => response.status === 401)).toHaveLength(MAX_FAILURES);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(3);
  });
});
