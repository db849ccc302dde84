import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@kontor/domain';
import { invoiceFiles, invoices } from '../src/db/schema';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { createMasterData, insertInvoiceRow, uploadInvoice, validFields } from './invoice-fixtures';

describe('invoice status actions (SPEC §4)', () => {
  let testApp: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Actions GmbH');
  });
  afterAll(async () => testApp.close());

  const post = (url: string, payload: object) =>
    testApp.app.inject({ method: 'POST', url: `/api/invoices${url}`, headers: browser(org.admin.cookie), payload });
  const get = (id: string) =>
    testApp.app.inject({ method: 'GET', url: `/api/invoices/${id}`, headers: browser(org.admin.cookie) });
  const remove = (id: string, version?: number) =>
    testApp.app.inject({
      method: 'DELETE',
      url: `/api/invoices/${id}${version === undefined ? '' : `?version=${version}`}`,
      headers: browser(org.admin.cookie),
    });
  const setStatus = (id: string, status: Invoice['status']) =>
    testApp.database.db.update(invoices).set({ status }).where(eq(invoices.id, id));

  it('cancel needs a reason, archives with it, and restore brings the invoice back to new without it', async () => {
    const invoice = await uploadInvoice(testApp, org.admin.cookie);
    const noReason = await post(`/${invoice.id}/cancel`, { reason: ' ', version: 1 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.reason).toEqual(['Please give a reason.']);

    const cancelled = await post(`/${invoice.id}/cancel`, { reason: 'Doppelt erhalten', version: 1 });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Doppelt erhalten', version: 2 });

    const restored = await post(`/${invoice.id}/restore`, { version: 2 });
    expect(restored.json()).toMatchObject({ status: 'new', cancelReason: null, version: 3 });

    const activity = await testApp.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/activity`,
      headers: browser(org.admin.cookie),
    });
    expect(activity.json().items.map((entry: { action: string }) => entry.action)).toEqual(['update', 'cancel', 'create']);
  });

  it('archives and restores; refused transitions answer 409 with the status', async () => {
    const invoice = await uploadInvoice(testApp, org.admin.cookie);
    const refusedRestore = await post(`/${invoice.id}/restore`, { version: 1 });
    expect(refusedRestore.statusCode).toBe(409);
    expect(refusedRestore.json()).toMatchObject({ code: 'invoice_action_refused', params: { status: 'new' } });

    const archived = await post(`/${invoice.id}/archive`, { version: 1 });
    expect(archived.json()).toMatchObject({ status: 'archived', version: 2 });
    const archiveAgain = await post(`/${invoice.id}/archive`, { version: 2 });
    expect(archiveAgain.statusCode).toBe(409);
    expect(archiveAgain.json().params.status).toBe('archived');
    const cancelArchived = await post(`/${invoice.id}/cancel`, { reason: 'x', version: 2 });
    expect(cancelArchived.statusCode).toBe(409);

    const stale = await post(`/${invoice.id}/restore`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
    expect((await post(`/${invoice.id}/restore`, { version: 2 })).json().status).toBe('new');
  });

  it('restores an archived exported or imported invoice to that status: never editable, approvable or exported again', async () => {
    const { debitorId } = await createMasterData(testApp, org.id);
    for (const booked of ['exported', 'imported'] as const) {
      const invoice = await uploadInvoice(testApp, org.admin.cookie);
      await setStatus(invoice.id, booked);
      let version = 1;
      // Archived and restored twice: the latest archive is the one that counts.
      for (let round = 0; round < 2; round += 1) {
        expect((await post(`/${invoice.id}/archive`, { version })).json()).toMatchObject({ status: 'archived' });
        const restored = await post(`/${invoice.id}/restore`, { version: version + 1 });
        expect(restored.statusCode, restored.body).toBe(200);
        expect(restored.json()).toMatchObject({ status: booked, version: version + 2 });
        version += 2;
      }
      const edited = await testApp.app.inject({
        method: 'PUT',
        url: `/api/invoices/${invoice.id}`,
        headers: browser(org.admin.cookie),
        payload: { ...validFields(debitorId), version },
      });
      // An exported invoice was booked (GoBD): its refusal says so; an imported one is just not editable.
      expect(edited.json()).toMatchObject(
        booked === 'exported' ? { code: 'invoice_booked_locked' } : { code: 'invoice_not_editable', params: { status: booked } },
      );
      const requested = await post(`/${invoice.id}/request-approval`, { version });
      expect(requested.json()).toMatchObject({ code: 'invoice_action_refused', params: { status: booked } });
      const activity = await testApp.app.inject({
        method: 'GET',
        url: `/api/invoices/${invoice.id}/activity`,
        headers: browser(org.admin.cookie),
      });
      expect(activity.json().items[0].changes).toEqual({ status: { from: 'archived', to: booked } });
    }
  });

  it('restores an archived invoice that was never booked to new, also one archived without a logged archive', async () => {
    const rejected = await uploadInvoice(testApp, org.admin.cookie);
    await setStatus(rejected.id, 'rejected');
    expect((await post(`/${rejected.id}/archive`, { version: 1 })).json().status).toBe('archived');
    expect((await post(`/${rejected.id}/restore`, { version: 2 })).json()).toMatchObject({ status: 'new', version: 3 });

    // Archived straight in the database (seeded data): nothing says it was booked.
    const seeded = await uploadInvoice(testApp, org.admin.cookie);
    await setStatus(seeded.id, 'archived');
    expect((await post(`/${seeded.id}/restore`, { version: 1 })).json()).toMatchObject({ status: 'new', version: 2 });
  });

  it('deletes only new invoices, with their files, and needs the current version', async () => {
    const invoice = await uploadInvoice(testApp, org.admin.cookie);
    const [file] = await testApp.database.db.select().from(invoiceFiles).where(eq(invoiceFiles.invoiceId, invoice.id));
    expect(await testApp.app.storage.get(file!.storageKey)).not.toBeNull();

    const withoutVersion = await remove(invoice.id);
    expect(withoutVersion.statusCode).toBe(400);
    expect((await remove(invoice.id, 5)).statusCode).toBe(409);

    await setStatus(invoice.id, 'in_approval');
    const refused = await remove(invoice.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'invoice_action_refused', params: { status: 'in_approval' } });

    await setStatus(invoice.id, 'new');
    expect((await remove(invoice.id, 1)).statusCode).toBe(204);
    expect((await get(invoice.id)).statusCode).toBe(404);
    expect(await testApp.app.storage.get(file!.storageKey)).toBeNull();
  });

  it('bulk-archives what it may and reports the rest, one by one', async () => {
    const fresh = await uploadInvoice(testApp, org.admin.cookie);
    const cancelled = await uploadInvoice(testApp, org.admin.cookie);
    await setStatus(cancelled.id, 'cancelled');
    const unknown = '00000000-0000-4000-8000-000000000002';
    const response = await post('/bulk-archive', { ids: [fresh.id, cancelled.id, unknown] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      archived: [fresh.id],
      failed: [
        { id: cancelled.id, code: 'invoice_action_refused' },
        { id: unknown, code: 'invoice_not_found' },
      ],
    });
    expect((await get(fresh.id)).json().status).toBe('archived');
  });

  it("does not bulk-archive another organisation's invoice", async () => {
    const foreign = await createOrganizationWithAdmin(testApp, 'Bulk Foreign AG');
    const foreignId = await insertInvoiceRow(testApp, foreign.id);
    const response = await post('/bulk-archive', { ids: [foreignId] });
    expect(response.json()).toEqual({ archived: [], failed: [{ id: foreignId, code: 'invoice_not_found' }] });
    const [row] = await testApp.database.db.select().from(invoices).where(eq(invoices.id, foreignId));
    expect(row).toMatchObject({ status: 'new', version: 1 });
  });
});
