import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityAccount } from '../src/idp';
import { createTestApp, type TestApp } from './harness';
import { TestBrowser } from './test-browser';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * "Any external OIDC issuer works by configuration alone": one Kontor's built-in provider,
 * reached over real HTTP, serves as the external issuer of a second Kontor configured only
 * through OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.
 */
describe('an external OpenID provider', () => {
  let provider: TestApp;
  let relyingParty: TestApp;

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    provider = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
    await provider.app.listen({ port, host: '127.0.0.1' });
    relyingParty = await createTestApp({
      env: {
        PUBLIC_URL: publicUrl,
        OIDC_ISSUER: `${publicUrl}/idp`,
        OIDC_CLIENT_ID: provider.config.oidc.clientId,
        OIDC_CLIENT_SECRET: provider.config.oidc.clientSecret ?? '',
      },
    });
    await createIdentityAccount(provider.database, {
      email: 'external@example.com',
      password: 'a long enough password',
      name: 'Ext Ernal',
    });
  });
  afterAll(async () => {
    await relyingParty?.close();
    await provider?.close();
  });

  it('signs in through the external issuer and keys the user by issuer and subject', async () => {
    expect(relyingParty.app.routeTable.some((route) => route.url.startsWith('/idp'))).toBe(false);
    const atKontor = new TestBrowser(relyingParty.app, relyingParty.config.publicUrl);
    const atProvider = new TestBrowser(provider.app, provider.config.publicUrl);

    const start = await atKontor.get('/api/auth/login?mode=sign-in&locale=en');
    expect(start.location).toMatch(new RegExp(`^${provider.config.publicUrl}/idp/auth\\?`));
    const interaction = await atProvider.get(start.location!);
    const signedIn = await atProvider.post(`${interaction.location}/login`, {
      email: 'external@example.com',
      password: 'a long enough password',
      lang: 'en',
    });
    const callback = new URL((await atProvider.follow(signedIn)).location!);
    expect(callback.pathname).toBe('/auth-callback');

    const authenticated = await atKontor.postJson('/api/auth/authenticate', Object.fromEntries(callback.searchParams));
    expect(authenticated.status).toBe(200);
    expect(JSON.parse(authenticated.body).user).toMatchObject({
      email: 'external@example.com',
      name: 'Ext Ernal',
      organization: null,
    });
    const { rows } = await relyingParty.database.pool.query<{ auth_subject: string }>('select auth_subject from users');
    expect(rows.map((row) => row.auth_subject)).toEqual([
      expect.stringMatching(new RegExp(`^${provider.config.publicUrl}/idp\\|`)),
    ]);
  });
});
