import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteTableEntry } from '../src/plugins/access';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { uploadFiles } from './invoice-fixtures';
import { snapshotOrganization } from './snapshot';
import { tinyPng } from './uploads';

const HEADER = 'x-kontor-organization';
const SOME_ID = '3d1f0c2e-0000-4000-8000-000000000000';

/**
 * Issue 55 item 1: a tab's calls name the organisation it shows; when the session works in another
 * one (switched in a second tab), every organisation-scoped call is refused with 409 before
 * anything is read or written, and nothing lands in either organisation.
 */
describe('requests bound to the organisation the tab shows', () => {
  let testApp: TestApp;
  let demo: TestOrganization;
  let muster: TestOrganization;
  let cookie: string;
  let routes: RouteTableEntry[];

  beforeAll(async () => {
    testApp = await createTestApp();
    demo = await createOrganizationWithAdmin(testApp, 'Demo GmbH');
    muster = await createOrganizationWithAdmin(testApp, 'Muster AG');
    // Demo's admin is also a member of Muster, and the session has moved there (the second tab).
    await testApp.database.pool.query(
      `insert into memberships (organization_id, user_id, role, permissions) values ($1, $2, 'admin', '{}')`,
      [muster.id, demo.admin.userId],
    );
    const switched = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/switch-organization',
      headers: browser(demo.admin.cookie),
      payload: { organizationId: muster.id },
    });
    expect(switched.statusCode).toBe(200);
    cookie = String(switched.headers['set-cookie']).split(';')[0]!;
    routes = testApp.app.routeTable.filter((route) => route.url.startsWith('/api/'));
  });
  afterAll(async () => testApp.close());

  it('refuses an upload made for Demo GmbH while the session works in Muster AG: 409, nothing stored anywhere', async () => {
    const [demoBefore, musterBefore] = await Promise.all([
      snapshotOrganization(testApp, demo.id),
      snapshotOrganization(testApp, muster.id),
    ]);
    const response = await uploadFiles(testApp, cookie, [{ filename: 'scan.png', contentType: 'image/png', content: tinyPng() }]);
    expect(response.statusCode).toBe(201); // without the header: the session's organisation, as before
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/invoices/upload',
      headers: browser(cookie, { [HEADER]: demo.id, 'content-type': 'multipart/form-data; boundary=x' }),
      payload:
        '--x\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--x--\r\n',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'organization_mismatch',
      message: expect.stringContaining('another organisation'),
    });
    expect(await snapshotOrganization(testApp, demo.id)).toEqual(demoBefore);
    const musterAfter = await snapshotOrganization(testApp, muster.id);
    expect(musterAfter).not.toEqual(musterBefore); // the one upload without header
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/invoices/upload',
      headers: browser(cookie, { [HEADER]: demo.id, 'content-type': 'multipart/form-data; boundary=x' }),
      payload: '--x--\r\n',
    });
    expect(again.statusCode).toBe(409);
    expect(await snapshotOrganization(testApp, muster.id)).toEqual(musterAfter);
  });

  it('refuses every organisation-scoped route named for another organisation, and serves the one named', async () => {
    const scoped = routes.filter((route) => ['member', 'permission', 'admin'].includes(route.access.kind));
    expect(scoped.length).toBeGreaterThan(50);
    const before = await snapshotOrganization(testApp, muster.id);
    for (const route of scoped) {
      const response = await testApp.app.inject({
        method: route.method as 'POST',
        url: route.url.replace(/:\w+/g, SOME_ID),
        headers: browser(cookie, { [HEADER]: demo.id }),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(409);
    }
    expect(await snapshotOrganization(testApp, muster.id)).toEqual(before);
    const named = await testApp.app.inject({
      method: 'GET',
      url: '/api/invoices?tab=new',
      headers: browser(cookie, { [HEADER]: muster.id }),
    });
    expect(named.statusCode).toBe(200);
    // User-level calls (who am I, switch) name no organisation's data: never refused.
    const management = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/management',
      headers: browser(cookie, { [HEADER]: demo.id }),
    });
    expect(management.statusCode).toBe(200);
  });
});
