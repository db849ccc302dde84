import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';

/** Issue 55 item 6: every /api answer, success or error, is neither sniffed nor cached. */
describe('protective headers on API answers', () => {
  let testApp: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Header GmbH');
  });
  afterAll(async () => testApp.close());

  it('sends nosniff and no-store with answers of every kind', async () => {
    const answers = await Promise.all([
      testApp.app.inject({ method: 'GET', url: '/api/health' }),
      testApp.app.inject({ method: 'GET', url: '/api/auth/management' }),
      testApp.app.inject({ method: 'GET', url: '/api/invoices?tab=new', headers: browser(org.admin.cookie) }),
      testApp.app.inject({ method: 'GET', url: '/api/no-such-route', headers: browser(org.admin.cookie) }),
      testApp.app.inject({ method: 'POST', url: '/api/counterparties', headers: browser(org.admin.cookie), payload: {} }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 200, 404, 400]);
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });
});
