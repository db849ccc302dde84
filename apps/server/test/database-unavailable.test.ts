import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asOrgId } from '../src/db/database';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { startPausableProxy, type PausableProxy } from './pausable-proxy';

/** When PostgreSQL does not answer in time, requests end with 503 and a translated message, soon. */
describe('a database that does not answer', () => {
  describe('a statement that outlasts the statement timeout', () => {
    let testApp: TestApp;
    let org: TestOrganization;

    beforeAll(async () => {
      testApp = await createTestApp({ database: { database: { statementTimeoutMs: 1_000 } } });
      org = await createOrganizationWithAdmin(testApp);
    });
    afterAll(async () => testApp.close());

    it('answers 503 database_unavailable in the caller’s language, and the next request is served', async () => {
      // An administrator's lock on the invoices: every statement reading them waits behind it.
      const locker = await testApp.database.pool.connect();
      try {
        await locker.query('begin; lock table invoices in access exclusive mode');
        const started = Date.now();
        const refused = await testApp.app.inject({
          method: 'GET',
          url: '/api/invoices?tab=new',
          headers: browser(org.admin.cookie, { 'accept-language': 'de' }),
        });
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('5');
        expect(refused.json()).toEqual({
          code: 'database_unavailable',
          message: expect.stringMatching(/^Die Datenbank antwortet gerade nicht/),
        });
      } finally {
        await locker.query('rollback');
        locker.release();
      }
      const served = await testApp.app.inject({
        method: 'GET',
        url: '/api/invoices?tab=new',
        headers: browser(org.admin.cookie),
      });
      expect(served.statusCode).toBe(200);
    });
  });

  describe('a paused or unreachable server (connections open, nothing answers)', () => {
    let proxy: PausableProxy;
    let testApp: TestApp;
    let org: TestOrganization;
    const invoices = () =>
      testApp.app.inject({ method: 'GET', url: '/api/invoices?tab=new', headers: browser(org.admin.cookie) });

    beforeAll(async () => {
      proxy = await startPausableProxy(inject('adminUrl'));
      testApp = await createTestApp({ database: { connectThrough: (url) => proxy.url(url) } });
      org = await createOrganizationWithAdmin(testApp);
    });
    afterEach(() => proxy.resume());
    afterAll(async () => {
      await testApp.close();
      await proxy.close();
    });

    it('reports healthy while it answers', async () => {
      const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', database: 'available' });
      expect((await invoices()).statusCode).toBe(200);
    });

    it('leaves a long statement on a database that answers alone, also with the event loop blocked for a while', async () => {
      const tenant = { orgId: asOrgId(org.id), userId: null };
      const slow = testApp.database.withOrg(tenant, (tx) => tx.execute(sql`select pg_sleep(3)`));
      // A synchronous step of 2 s while the watchdog probes: its verdict waits for the answer that came meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      const blockedUntil = Date.now() + 2_000;
      while (Date.now() < blockedUntil) {
        // busy
      }
      await expect(slow).resolves.toBeDefined();
      expect((await invoices()).statusCode).toBe(200);
    });

    it('ends a waiting request with 503 within seconds, refuses new ones at once, and serves again once it answers', async () => {
      const before = await invoices();
      expect(before.statusCode, before.body).toBe(200);
      proxy.pause();

      let started = Date.now();
      const waiting = await invoices();
      const firstMs = Date.now() - started;
      expect(waiting.statusCode).toBe(503);
      expect(waiting.json().code).toBe('database_unavailable');
      expect(firstMs).toBeLessThan(5_000);

      started = Date.now();
      const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(2_500);

      started = Date.now();
      expect((await invoices()).statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(500);

      proxy.resume();
      const deadline = Date.now() + 10_000;
      while ((await invoices()).statusCode !== 200) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  });
});
