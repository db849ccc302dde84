import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteTableEntry } from '../src/plugins/access';
import { findUnstorableText } from '../src/lib/validator-compiler';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';

const NUL = 'nul\u0000byte';
const SOME_ID = '3d1f0c2e-0000-4000-8000-000000000000';
const fillUrl = (url: string) => url.replace(/:\w+/g, SOME_ID);

/**
 * Issue 55 item 2: a NUL (or a lone surrogate) anywhere in what a route validates answers 400 with
 * the field named, on every route of the table, never 500 and never a write.
 */
describe('text PostgreSQL cannot store', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let routes: RouteTableEntry[];

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Nullzeichen GmbH');
    routes = testApp.app.routeTable.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'));
  });
  afterAll(async () => testApp.close());

  it('finds the first such text and its path', () => {
    expect(findUnstorableText({ a: 'fine', b: [{ c: 'ok' }, { d: NUL }] })).toEqual(['b', 1, 'd']);
    expect(findUnstorableText({ 'key\u0000': 'x' })).toEqual(['key\u0000']);
    expect(findUnstorableText({ name: 'broken \uD800 pair' })).toEqual(['name']);
    expect(findUnstorableText({ name: 'Müller 😀 – fine' })).toBeNull();
  });

  it('refuses a NUL in every body and query string with 400 and the field named', async () => {
    const bodyRoutes = routes.filter((route) => route.validates.includes('body'));
    const queryRoutes = routes.filter((route) => route.validates.includes('querystring'));
    expect(bodyRoutes.length).toBeGreaterThan(30);
    expect(queryRoutes.length).toBeGreaterThan(10);
    const refusals: number[] = [];
    for (const route of bodyRoutes) {
      const response = await testApp.app.inject({
        method: route.method as 'POST',
        url: fillUrl(route.url),
        headers: browser(org.admin.cookie),
        payload: { name: NUL, notes: [{ text: NUL }] },
      });
      const label = `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      // Routes a plain admin may not reach refuse before reading the body; none may fail inside.
      expect([400, 401, 403], label).toContain(response.statusCode);
      refusals.push(response.statusCode);
      if (response.statusCode === 400) {
        expect(response.json(), label).toMatchObject({ code: 'validation_failed', fieldErrors: { name: [expect.any(String)] } });
      }
    }
    // Nearly every route is the admin's: the NUL is what they are refused for.
    expect(refusals.filter((status) => status === 400).length).toBeGreaterThan(bodyRoutes.length * 0.9);
    for (const route of queryRoutes) {
      const response = await testApp.app.inject({
        method: route.method as 'GET',
        url: `${fillUrl(route.url)}?search=${encodeURIComponent(NUL)}`,
        headers: browser(org.admin.cookie),
      });
      const label = `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect([400, 401, 403], label).toContain(response.statusCode);
      if (response.statusCode === 400) expect(response.json().fieldErrors, label).toHaveProperty('search');
    }
  });

  it('names the field in the caller’s language', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/counterparties',
      headers: browser(org.admin.cookie, { 'accept-language': 'de' }),
      payload: { name: NUL },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.name[0]).toContain('nicht gespeichert werden');
  });
});
