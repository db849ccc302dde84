import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/** Issue 55 item 8: a page or sign-in asked for under another host name goes to PUBLIC_URL first. */
describe('canonical host', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
  });
  afterAll(async () => testApp.close());

  const get = (url: string, host: string, accept = 'text/html,application/xhtml+xml') =>
    testApp.app.inject({ method: 'GET', url, headers: { host, accept } });

  it('redirects pages and the start of sign-in from 127.0.0.1 to PUBLIC_URL, path and query kept', async () => {
    const page = await get('/demo/invoices?tab=new', '127.0.0.1:3000');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('http://localhost:3000/demo/invoices?tab=new');
    const login = await get('/api/auth/login?mode=sign-in&locale=de', '127.0.0.1:3000', '*/*');
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('http://localhost:3000/api/auth/login?mode=sign-in&locale=de');
    const ipv6 = await get('/', '[::1]:3000');
    expect(ipv6.headers.location).toBe('http://localhost:3000/');
  });

  it('leaves requests on PUBLIC_URL’s host, API calls and files alone', async () => {
    expect((await get('/api/health', '127.0.0.1:3000', 'application/json')).statusCode).toBe(200);
    const login = await get('/api/auth/login?mode=sign-in', 'localhost:3000', '*/*');
    expect(login.headers.location ?? '').not.toMatch(/^http:\/\/localhost:3000\/api\/auth\/login/);
    const files = await get('/files/x', '127.0.0.1:3000');
    expect(files.headers.location).toBeUndefined();
  });
});
