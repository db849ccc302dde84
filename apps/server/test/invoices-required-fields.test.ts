import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REQUIRED_FIELDS, type Invoice } from '@kontor/domain';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { createMasterData, uploadInvoice, validFields } from './invoice-fixtures';

/** The organisation's required-field settings (Foundation) applied to invoices, per approval stage. */
describe('required-field settings on invoices', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let master: Awaited<ReturnType<typeof createMasterData>>;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Pflichtfeld GmbH');
    master = await createMasterData(testApp, org.id);
    const settings = { ...DEFAULT_REQUIRED_FIELDS, costCenter: 'request_approval', ledgerAccount: 'last_approval' };
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/api/organization/${org.id}/required-fields`,
      headers: browser(org.admin.cookie),
      payload: { version: 1, requiredFields: settings },
    });
    expect(response.statusCode).toBe(200);
  });
  afterAll(async () => testApp.close());

  it('reports the configured fields an invoice still lacks, per stage, until they are filled', async () => {
    const uploaded = await uploadInvoice(testApp, org.admin.cookie);
    // SPEC §5's base fields first (nothing was read or saved yet), at every stage; then the configured ones.
    const base = ['invoiceNumber', 'date', 'dueDate', 'currency', 'taxRate', 'totalAmount'];
    expect(uploaded.missingRequiredFields).toEqual({
      request_approval: [...base, 'costCenter'],
      first_approval: [...base, 'costCenter'],
      last_approval: [...base, 'costCenter', 'ledgerAccount'],
    });
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: `/api/invoices/${uploaded.id}`,
      headers: browser(org.admin.cookie),
      payload: { ...validFields(master.debitorId, { costCenter: master.kost1Id }), version: uploaded.version },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Invoice>().missingRequiredFields).toEqual({
      request_approval: [],
      first_approval: [],
      last_approval: ['ledgerAccount'],
    });
  });
});
