import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REQUIRED_FIELDS, type Organization } from '@kontor/domain';
import { addMember, browser, createOrganizationWithAdmin, createUser, signIn, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { multipartBody, tinyPng } from './uploads';

describe('organisation calls (SPEC §7)', () => {
  let testApp: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Kontor Test GmbH');
  });
  afterAll(async () => testApp.close());

  const get = (url: string, cookie = org.admin.cookie) => testApp.app.inject({ method: 'GET', url, headers: browser(cookie) });
  const put = (url: string, payload: object, cookie = org.admin.cookie) =>
    testApp.app.inject({ method: 'PUT', url, headers: browser(cookie), payload });

  it('GET /organization/:id and /organization/slug/:slug answer the organisation', async () => {
    const byId = await get(`/api/organization/${org.id}`);
    expect(byId.statusCode).toBe(200);
    const body = byId.json<Organization>();
    expect(body).toMatchObject({ id: org.id, slug: 'kontor-test-gmbh', name: 'Kontor Test GmbH', hasLogo: false, version: 1 });
    expect(body.authId).toMatch(/^org_/);
    expect(body.requiredFields).toEqual(DEFAULT_REQUIRED_FIELDS);
    expect(body.paymentRunCreationStrategy).toEqual({ mode: 'disabled' });

    const bySlug = await get('/api/organization/slug/kontor-test-gmbh');
    expect(bySlug.json()).toEqual(body);
    const unknown = await get('/api/organization/slug/does-not-exist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('organization_not_found');
  });

  it('does not reveal an organisation the user is not a member of by slug', async () => {
    const other = await createOrganizationWithAdmin(testApp, 'Other Slug AG');
    expect((await get(`/api/organization/slug/${other.slug}`)).statusCode).toBe(404);
  });

  it('POST /organization derives a unique slug and makes the creator admin of it', async () => {
    const { userId } = await createUser(testApp);
    const cookie = await signIn(testApp, userId, null);
    const create = (name: string) =>
      testApp.app.inject({ method: 'POST', url: '/api/organization', headers: browser(cookie), payload: { name } });
    const first = await create('Kontor Test GmbH');
    expect(first.statusCode).toBe(201);
    expect(first.json().organization.slug).toBe('kontor-test-gmbh-2');
    expect(first.json().user).toMatchObject({ role: 'admin', organization: { slug: 'kontor-test-gmbh-2' } });
    // The session moved to the new organisation: the old cookie is gone, the new one works.
    const newCookie = String(first.headers['set-cookie']).split(';')[0]!;
    const management = await get('/api/auth/management', newCookie);
    expect(management.json().organization.slug).toBe('kontor-test-gmbh-2');
    expect((await get('/api/auth/management', cookie)).statusCode).toBe(401);

    const invalid = await testApp.app.inject({
      method: 'POST',
      url: '/api/organization',
      headers: browser(newCookie),
      payload: { name: '  ' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('validation_failed');
    expect(invalid.json().fieldErrors.name).toBeDefined();
  });

  it('PUT /organization updates fields, bumps the version, and refuses a stale version', async () => {
    const current = (await get(`/api/organization/${org.id}`)).json<Organization>();
    const updated = await put('/api/organization', {
      version: current.version,
      name: 'Kontor Test GmbH & Co. KG',
      accountsPayableNumbering: { enabled: true, startNumber: 70001 },
      accountsReceivableNumbering: { enabled: false, startNumber: 10001 },
      paymentRunCreationStrategy: { mode: 'scheduled_weekdays', weekdays: [2, 4], includeAllDueUntilNextRun: true },
      paymentStrategy: 'as_soon_as_possible',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Kontor Test GmbH & Co. KG',
      slug: 'kontor-test-gmbh',
      version: current.version + 1,
      accountsPayableNumbering: { enabled: true, startNumber: 70001 },
      accountsReceivableNumbering: { enabled: false, startNumber: 10001 },
      paymentStrategy: 'as_soon_as_possible',
    });

    const stale = await put('/api/organization', { version: current.version, name: 'Lost update' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
    expect((await get(`/api/organization/${org.id}`)).json().name).toBe('Kontor Test GmbH & Co. KG');

    const invalid = await put('/api/organization', {
      version: current.version + 1,
      paymentRunCreationStrategy: { mode: 'days_before_due', daysBeforeDue: -3 },
    });
    expect(invalid.statusCode).toBe(400);

    const log = await testApp.database.pool.query(
      `select action, changes from activity_log where organization_id = $1 and entity_type = 'organization' order by id`,
      [org.id],
    );
    expect(log.rows.map((row) => row.action)).toEqual(['create', 'update']);
    expect(log.rows[1].changes.name).toEqual({ from: 'Kontor Test GmbH', to: 'Kontor Test GmbH & Co. KG' });
  });

  it('PUT /organization/:id/required-fields stores the four levels', async () => {
    const current = (await get(`/api/organization/${org.id}`)).json<Organization>();
    const requiredFields = {
      ...DEFAULT_REQUIRED_FIELDS,
      costCenter: 'request_approval',
      ledgerAccount: 'last_approval',
      taxCode: 'first_approval',
    };
    const response = await put(`/api/organization/${org.id}/required-fields`, { version: current.version, requiredFields });
    expect(response.statusCode).toBe(200);
    expect(response.json().requiredFields).toEqual(requiredFields);
    const unknownField = await put(`/api/organization/${org.id}/required-fields`, {
      version: response.json().version,
      requiredFields: { ...requiredFields, bogus: 'required' },
    });
    expect(unknownField.statusCode).toBe(400);
  });

  it('settings are admin only', async () => {
    const clerk = await addMember(testApp, org.id, ['ap_invoices:manage']);
    const response = await put('/api/organization', { version: 1, name: 'Nope' }, clerk.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('admin_only');
    expect((await get(`/api/organization/${org.id}`, clerk.cookie)).statusCode).toBe(200);
  });

  describe('logo', () => {
    const upload = (body: Buffer, filename: string, contentType: string) => {
      const multipart = multipartBody('file', filename, contentType, body);
      return testApp.app.inject({
        method: 'PUT',
        url: '/api/organization/logo',
        headers: browser(org.admin.cookie, { 'content-type': multipart.contentType }),
        payload: multipart.body,
      });
    };

    it('stores a PNG and serves it through a time-limited signed URL', async () => {
      expect((await get('/api/organization/signed-logo-url')).json()).toEqual({ url: null, expiresAt: null });
      const response = await upload(tinyPng(), 'logo.png', 'image/png');
      expect(response.statusCode).toBe(200);
      const { url, expiresAt } = response.json();
      expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
      const file = await testApp.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(tinyPng())).toBe(true);
      expect((await get(`/api/organization/${org.id}`)).json().hasLogo).toBe(true);
      const signed = (await get('/api/organization/signed-logo-url')).json();
      expect(signed.url).toMatch(/^http:\/\/localhost:3000\/files\//);
      const tampered = await testApp.app.inject({ method: 'GET', url: new URL(signed.url).pathname.slice(0, -2) + 'xx' });
      expect(tampered.statusCode).toBe(403);
    });

    it('refuses the wrong type by content and a file over 2 MB, keeping the old logo', async () => {
      const logoKey = async () =>
        (await testApp.database.pool.query('select logo_key from organizations where id = $1', [org.id])).rows[0]
          .logo_key as string;
      const before = await logoKey();
      expect(before).toMatch(/\.png$/);
      const pdfNamedPng = await upload(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'logo.png', 'image/png');
      expect(pdfNamedPng.statusCode).toBe(415);
      expect(pdfNamedPng.json().code).toBe('logo_invalid_type');

      const huge = Buffer.concat([tinyPng(), Buffer.alloc(2 * 1024 * 1024 + 10)]);
      const tooLarge = await upload(huge, 'big.png', 'image/png');
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({ code: 'logo_too_large', params: { maxMb: 2 } });

      expect(await logoKey()).toBe(before);
      const stillServed = await testApp.app.inject({
        method: 'GET',
        url: new URL((await get('/api/organization/signed-logo-url')).json().url).pathname,
      });
      expect(stillServed.rawPayload.equals(tinyPng())).toBe(true);
      const de = await testApp.app.inject({
        method: 'PUT',
        url: '/api/organization/logo',
        headers: browser(org.admin.cookie, { 'content-type': 'application/json', 'accept-language': 'de-DE,de;q=0.9' }),
        payload: '{}',
      });
      expect(de.statusCode).toBe(415);
      expect(de.json().message).toMatch(/nicht unterstützt/);
    });
  });
});
