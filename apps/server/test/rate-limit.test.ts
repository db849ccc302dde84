import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { InvalidationListener } from '../src/lib/invalidation';
import { hit } from '../src/plugins/rate-limit-store';
import { createTestApp, type TestApp } from './harness';

/**
 * The rate limits hold across api processes: their counters are in PostgreSQL. Two apps on one
 * database stand for two processes behind the load balancer (or `KONTOR_API_PROCESSES`).
 */
describe('rate limits shared by every api process', () => {
  let first: TestApp;
  let second: App;
  let secondListener: InvalidationListener;

  beforeAll(async () => {
    first = await createTestApp();
    secondListener = new InvalidationListener(first.url);
    await secondListener.start();
    second = await buildApp(first.config, { database: first.database, listener: secondListener, runWorkers: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondListener.stop();
    await first.close();
  });

  const retryAfterOf = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after']);
  const openToken = (app: App, ip: string) =>
    app.inject({ method: 'GET', url: `/api/public/bank-account-verification/${'x'.repeat(43)}`, remoteAddress: ip });

  it('refuses the 31st request of a minute even when the two processes served 15 and 15', async () => {
    for (let index = 0; index < 30; index += 1) {
      const response = await openToken(index % 2 === 0 ? first.app : second, '203.0.113.7');
      expect(response.statusCode).not.toBe(429);
      expect(Number(response.headers['x-ratelimit-remaining'])).toBe(29 - index);
    }
    const refused = await openToken(second, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', params: { seconds: retryAfterOf(refused) } });
    const retryAfter = retryAfterOf(refused);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another caller, and the same caller on another limited route, count on their own.
    expect((await openToken(first.app, '203.0.113.8')).statusCode).not.toBe(429);
    const signIn = await second.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: {},
      remoteAddress: '203.0.113.7',
    });
    expect(signIn.statusCode).not.toBe(429);
  });

  it('counts parallel hits exactly and starts a new window when the last one ends', async () => {
    const counts = await Promise.all(Array.from({ length: 40 }, () => hit(first.database, 'parallel', 400)));
    expect(counts.map((count) => count.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    for (const { ttl } of counts) {
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(400);
    }
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await hit(first.database, 'parallel', 400)).toMatchObject({ current: 1 });
  });
});
