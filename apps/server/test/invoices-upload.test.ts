import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@kontor/domain';
import { invoiceFiles, invoices, usageCounters } from '../src/db/schema';
import { monthKey } from '../src/modules/subscriptions/service';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { createMasterData, pdfWithPages, uploadFiles } from './invoice-fixtures';
import { tinyPng } from './uploads';

describe('POST /api/invoices/upload', () => {
  let testApp: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Upload GmbH');
  });
  afterAll(async () => testApp.close());

  /** Invoice files in local storage (bodies only, not their metadata sidecars). */
  const storedFiles = (organizationId: string) => {
    if (testApp.config.storage.kind !== 'local') throw new Error('these tests use local storage');
    const folder = path.join(testApp.config.storage.dir, 'org', organizationId, 'invoices');
    if (!existsSync(folder)) return [];
    return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => /\.(png|pdf)$/.test(name));
  };
  const countInvoices = async (organizationId = org.id) =>
    (await testApp.database.db.select().from(invoices).where(eq(invoices.organizationId, organizationId))).length;

  it('refuses a renamed .exe called .pdf by its content (415)', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2048, 0x90)]);
    const response = await uploadFiles(testApp, org.admin.cookie, [
      { filename: 'invoice.pdf', contentType: 'application/pdf', content: exe },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'upload_unsupported_type', params: { fileName: 'invoice.pdf' } });
  });

  it('refuses a 21 MB file (413) and names it', async () => {
    const big = Buffer.concat([await pdfWithPages(1), Buffer.alloc(21 * 1024 * 1024, 0x20)]);
    const response = await uploadFiles(testApp, org.admin.cookie, [{ filename: 'big.pdf', content: big }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'upload_file_too_large', params: { fileName: 'big.pdf', maxMb: 20 } });
  });

  it('refuses 21 files at once (400)', async () => {
    const parts = Array.from({ length: 21 }, (_, index) => ({ filename: `scan-${index}.png`, content: tinyPng() }));
    const response = await uploadFiles(testApp, org.admin.cookie, parts);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'upload_too_many_files', params: { max: 20 } });
  });

  it('refuses an encrypted PDF (422)', async () => {
    const encrypted = readFileSync(path.join(import.meta.dirname, 'fixtures/encrypted.pdf'));
    const response = await uploadFiles(testApp, org.admin.cookie, [{ filename: 'secret.pdf', content: encrypted }]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'upload_pdf_encrypted', params: { fileName: 'secret.pdf' } });
  });

  it('refuses a 51-page PDF (422) and a broken PDF (422)', async () => {
    const long = await uploadFiles(testApp, org.admin.cookie, [{ filename: 'long.pdf', content: await pdfWithPages(51) }]);
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({
      code: 'upload_pdf_too_many_pages',
      params: { fileName: 'long.pdf', pages: 51, max: 50 },
    });
    const broken = Buffer.from('%PDF-1.7\n1 0 obj garbage without structure\n');
    const response = await uploadFiles(testApp, org.admin.cookie, [{ filename: 'broken.pdf', content: broken }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('upload_pdf_broken');
  });

  it('stores nothing when one file of the request fails', async () => {
    const before = await countInvoices();
    const response = await uploadFiles(testApp, org.admin.cookie, [
      { filename: 'good.png', content: tinyPng() },
      { filename: 'bad.pdf', content: Buffer.from('MZ not a pdf') },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().params.fileName).toBe('bad.pdf');
    expect(await countInvoices()).toBe(before);
  });

  it('turns a 1-page PDF and a PNG into two new invoices, stores the files and counts the quota', async () => {
    const { debitorId } = await createMasterData(testApp, org.id);
    const pdf = await pdfWithPages(1);
    const response = await uploadFiles(testApp, org.admin.cookie, [
      { filename: 'rechnung.pdf', content: pdf },
      { filename: 'scan.png', content: tinyPng() },
    ]);
    expect(response.statusCode).toBe(201);
    const items = response.json<{ items: Invoice[] }>().items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      status: 'new',
      ocrStatus: 'none',
      type: 'invoice',
      currency: null,
      shouldCreateTransaction: true,
      debitorBankAccountId: debitorId,
      uploadedBy: org.admin.userId,
      version: 1,
      document: { kind: 'document', fileName: 'rechnung.pdf', contentType: 'application/pdf', pages: 1, size: pdf.length },
      attachments: [],
    });
    expect(items[1]!.document).toMatchObject({ fileName: 'scan.png', contentType: 'image/png', pages: 1 });

    const [row] = await testApp.database.db.select().from(invoiceFiles).where(eq(invoiceFiles.invoiceId, items[0]!.id));
    expect(row!.storageKey).toMatch(new RegExp(`^org/${org.id}/invoices/${items[0]!.id}/[0-9a-f-]{36}\\.pdf$`));
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const stored = await testApp.app.storage.get(row!.storageKey);
    expect(stored?.body.equals(pdf)).toBe(true);

    const subscription = await testApp.app.inject({
      method: 'GET',
      url: '/api/supscription-plan/subscription',
      headers: browser(org.admin.cookie),
    });
    expect(subscription.json().usage.invoicesThisMonth).toBe(2);

    const activity = await testApp.app.inject({
      method: 'GET',
      url: `/api/invoices/${items[0]!.id}/activity`,
      headers: browser(org.admin.cookie),
    });
    expect(activity.json().items).toEqual([expect.objectContaining({ action: 'create', actorType: 'user' })]);
  });

  it('refuses uploads past the plan limit with subscription_limit_reached and stores nothing', async () => {
    const other = await createOrganizationWithAdmin(testApp, 'Limit GmbH');
    const limit = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/supscription-plan/subscription',
        headers: browser(other.admin.cookie),
      })
    ).json().limits.invoicesPerMonth as number;
    await testApp.database.db
      .insert(usageCounters)
      .values({ organizationId: other.id, metric: 'invoices', month: monthKey(), count: limit - 1 });
    const last = await uploadFiles(testApp, other.admin.cookie, [{ filename: 'last.png', content: tinyPng() }]);
    expect(last.statusCode).toBe(201);
    const refused = await uploadFiles(testApp, other.admin.cookie, [{ filename: 'next.png', content: tinyPng() }]);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'subscription_limit_reached', params: { limit: 'invoicesPerMonth' } });
    expect(await countInvoices(other.id)).toBe(1);
    // The refused upload's file was written before the transaction and removed when it failed.
    expect(storedFiles(other.id)).toHaveLength(1);
  });

  it('answers upload_no_files for a request without files', async () => {
    const response = await uploadFiles(testApp, org.admin.cookie, [{ field: 'other', filename: 'x.png', content: tinyPng() }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('upload_no_files');
  });
});
