import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadJob } from '@kontor/domain';
import { readDatevFile } from '@kontor/formats';
import { invoices } from '../src/db/schema';
import { browser, type TestOrganization } from './factories';
import type { TestApp } from './harness';
import { startExportTest, exportFile, readyInvoice, type ExportClient, type ExportMasterData } from './exports-fixtures';

/**
 * Issue 57: an export job whose first attempt dies while it writes offers nothing, keeps its
 * invoices held, and the retry writes the whole file; an exported invoice's approvals cannot be reset.
 */
describe('export jobs: a retried attempt and the lock (issue 57)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let client: ExportClient;
  let master: ExportMasterData;

  beforeAll(async () => {
    ({ testApp, org, client, master } = await startExportTest('Wiederholung GmbH'));
  });
  afterAll(async () => testApp.close());

  const statusOf = async (id: string) =>
    (await testApp.database.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)))[0]!.status;

  it('a first attempt that dies mid-file offers no file and keeps the invoices held; the retry writes the whole file', async () => {
    const ids = [await readyInvoice(testApp, org, master), await readyInvoice(testApp, org, master)];
    const created = await client.create({ selection: { kind: 'invoices', invoiceIds: ids }, format: 'datev', type: 'csv' });
    expect(created.statusCode).toBe(202);
    const job = created.json<DownloadJob>();

    // The storage dies after the first chunk of the file (a killed worker, a broken connection).
    const storage = testApp.app.storage;
    const putStream = storage.putStream.bind(storage);
    storage.putStream = async (_key, body) => {
      for await (const chunk of body) {
        void chunk;
        throw new Error('connection reset while writing');
      }
      throw new Error('connection reset before writing');
    };
    try {
      await expect(testApp.app.exports.runner.run({ orgId: org.id, importId: job.id })).rejects.toThrow('connection reset');
    } finally {
      storage.putStream = putStream;
    }
    const afterDeath = (await client.get(job.id)).json<DownloadJob>();
    expect(afterDeath).toMatchObject({ status: 'processing', fileName: null });
    expect((await client.link(job.id)).statusCode).toBeGreaterThanOrEqual(400);
    for (const id of ids) expect(await statusOf(id)).toBe('approved');
    // Still held by the job: a second export of them is refused meanwhile.
    const second = await client.create({ selection: { kind: 'invoices', invoiceIds: ids }, format: 'datev', type: 'csv' });
    expect(second.statusCode).toBe(409);

    // pg-boss runs the job again (retryLimit 1): the file is written anew, whole.
    await testApp.app.exports.runner.run({ orgId: org.id, importId: job.id });
    const done = (await client.get(job.id)).json<DownloadJob>();
    expect(done).toMatchObject({ status: 'completed', bookingCount: 2 });
    expect(readDatevFile(await exportFile(testApp, job.id)).records).toHaveLength(2);
    expect((await client.link(job.id)).statusCode).toBe(200);
    for (const id of ids) expect(await statusOf(id)).toBe('exported');

    // GoBD: the approvals of an exported invoice cannot be reset.
    const [row] = await testApp.database.db.select().from(invoices).where(eq(invoices.id, ids[0]!));
    const reset = await testApp.app.inject({
      method: 'POST',
      url: `/api/invoices/${ids[0]}/reset`,
      headers: browser(org.admin.cookie),
      payload: { version: row!.version },
    });
    expect(reset.statusCode).toBe(409);
    expect(reset.json().code).toBe('invoice_booked_locked');
    expect(await statusOf(ids[0]!)).toBe('exported');
  });
});
