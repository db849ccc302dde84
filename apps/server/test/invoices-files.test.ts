import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@kontor/domain';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { pdfWithPages, uploadFiles, uploadInvoice } from './invoice-fixtures';

describe('invoice files, comments and visibility', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let clerk: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Files GmbH');
    clerk = await addMember(testApp, org.id, []);
    manager = await addMember(testApp, org.id, ['ap_invoices:manage']);
  });
  afterAll(async () => testApp.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie = org.admin.cookie, payload?: object) =>
    testApp.app.inject({ method, url: `/api/invoices${url}`, headers: browser(cookie), ...(payload ? { payload } : {}) });

  it('signs a URL for the document that serves the stored bytes', async () => {
    const invoice = await uploadInvoice(testApp, org.admin.cookie);
    const response = await call('GET', `/${invoice.id}/files/${invoice.document!.id}/url`);
    expect(response.statusCode).toBe(200);
    const { url, expiresAt } = response.json();
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const file = await testApp.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    expect((await call('GET', `/${invoice.id}/files/00000000-0000-4000-8000-000000000003/url`)).statusCode).toBe(404);
  });

  it('adds and removes attachments; the document stays', async () => {
    const invoice = await uploadInvoice(testApp, org.admin.cookie);
    const added = await uploadFiles(
      testApp,
      org.admin.cookie,
      [{ filename: 'lieferschein.pdf', content: await pdfWithPages(2) }],
      `/api/invoices/${invoice.id}/attachments`,
    );
    expect(added.statusCode, added.body).toBe(200);
    const attachments = added.json<Invoice>().attachments;
    expect(attachments).toEqual([expect.objectContaining({ kind: 'attachment', fileName: 'lieferschein.pdf', pages: 2 })]);
    const refused = await uploadFiles(
      testApp,
      org.admin.cookie,
      [{ filename: 'x.pdf', content: Buffer.from('MZ') }],
      `/api/invoices/${invoice.id}/attachments`,
    );
    expect(refused.statusCode).toBe(415);

    expect((await call('DELETE', `/${invoice.id}/attachments/${invoice.document!.id}`)).statusCode).toBe(404);
    const removed = await call('DELETE', `/${invoice.id}/attachments/${attachments[0]!.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ attachments: [], document: { id: invoice.document!.id } });
  });

  it("lists the document's file name, kept on the invoice as its document changes (migration 0044)", async () => {
    const invoice = await uploadInvoice(testApp, org.admin.cookie, 'beleg-4711.png');
    const listed = async () => {
      const response = await call('GET', '/?tab=new&limit=200');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: { id: string; fileName: string | null }[] }>().items.find((item) => item.id === invoice.id);
    };
    expect(await listed()).toMatchObject({ fileName: 'beleg-4711.png' });
    // An attachment is not the document.
    await uploadFiles(
      testApp,
      org.admin.cookie,
      [{ filename: 'anhang.pdf', content: await pdfWithPages(1) }],
      `/api/invoices/${invoice.id}/attachments`,
    );
    expect(await listed()).toMatchObject({ fileName: 'beleg-4711.png' });
    // However the files change (here by hand, as no route renames or drops a document), the row follows.
    const files = (sql: string) => testApp.database.pool.query(sql, [org.id, invoice.document!.id]);
    await files(`update invoice_files set file_name = 'umbenannt.png' where organization_id = $1 and id = $2`);
    expect(await listed()).toMatchObject({ fileName: 'umbenannt.png' });
    await files(`update invoice_files set kind = 'attachment' where organization_id = $1 and id = $2`);
    expect(await listed()).toMatchObject({ fileName: null });
    await files(`update invoice_files set kind = 'document' where organization_id = $1 and id = $2`);
    expect(await listed()).toMatchObject({ fileName: 'umbenannt.png' });
    await files(`delete from invoice_files where organization_id = $1 and id = $2`);
    expect(await listed()).toMatchObject({ fileName: null });
  });

  it('keeps a comment thread with author names, logged in the activity', async () => {
    const invoice = await uploadInvoice(testApp, org.admin.cookie);
    const empty = await call('POST', `/${invoice.id}/comments`, org.admin.cookie, { body: '  ' });
    expect(empty.statusCode).toBe(400);
    const created = await call('POST', `/${invoice.id}/comments`, org.admin.cookie, { body: 'Bitte Kostenstelle prüfen' });
    expect(created.statusCode).toBe(201);
    const authorName = org.admin.email.split('@')[0];
    expect(created.json()).toMatchObject({ body: 'Bitte Kostenstelle prüfen', authorId: org.admin.userId, authorName });
    expect((await call('GET', `/${invoice.id}/comments`)).json().items).toEqual([created.json()]);
    const activity = (await call('GET', `/${invoice.id}/activity`)).json().items;
    expect(activity[0]).toMatchObject({ action: 'update', actorName: authorName, changes: { commentAdded: created.json().id } });
  });

  it('shows a member without ap_invoices:manage only the invoices they uploaded', async () => {
    const own = await uploadInvoice(testApp, clerk.cookie, 'own.png');
    const others = await uploadInvoice(testApp, org.admin.cookie, 'others.png');

    const listResponse = await call('GET', '/?tab=new&limit=200', clerk.cookie);
    expect(listResponse.statusCode, listResponse.body).toBe(200);
    const clerkList = listResponse.json();
    expect(clerkList.items.map((item: { id: string }) => item.id)).toEqual([own.id]);
    expect(clerkList.counts.new).toBe(1);
    // The search path (a security-definer function) applies the same visibility.
    await testApp.database.pool.query(
      `update invoices set invoice_number = 'SICHT-' || left(id::text, 8) where id = any($1::uuid[])`,
      [[own.id, others.id]],
    );
    // A search of five characters or more and a shorter one take different plans (migration 0041).
    for (const search of ['SICHT', 'SIC']) {
      const searched = (await call('GET', `/?tab=new&limit=200&search=${search}`, clerk.cookie)).json();
      expect(searched.items.map((item: { id: string }) => item.id)).toEqual([own.id]);
      const managerSearch = (await call('GET', `/?tab=new&limit=200&search=${search}`, manager.cookie)).json();
      expect(managerSearch.items.map((item: { id: string }) => item.id).sort()).toEqual([own.id, others.id].sort());
    }
    expect((await call('GET', `/${own.id}`, clerk.cookie)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['GET', `/${others.id}`],
      ['GET', `/${others.id}/comments`],
      ['POST', `/${others.id}/archive`, { version: 1 }],
      ['DELETE', `/${others.id}?version=1`],
    ] as const) {
      const response = await call(method, url, clerk.cookie, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('invoice_not_found');
    }
    const bulk = (await call('POST', '/bulk-archive', clerk.cookie, { ids: [others.id] })).json();
    expect(bulk.failed).toEqual([{ id: others.id, code: 'invoice_not_found' }]);

    const managerIds = (await call('GET', '/?tab=new&limit=200', manager.cookie))
      .json()
      .items.map((item: { id: string }) => item.id);
    expect(managerIds).toEqual(expect.arrayContaining([own.id, others.id]));
    expect((await call('GET', `/${own.id}`, manager.cookie)).statusCode).toBe(200);
  });
});
