import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import type {
  CreateExportBody,
  DownloadJob,
  ExportCheck,
  ExportCheckBody,
  ExportSettings,
  ExportSettingsInput,
} from '@kontor/domain';
import { counterparties, downloadJobs, invoices, ledgerAccounts, taxKeys } from '../src/db/schema';
import { browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';
import { createMasterData, uploadInvoice } from './invoice-fixtures';

/** The export routes as one user calls them. */
export function exportClient(testApp: TestApp, user: TestUser) {
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: browser(user.cookie), ...(payload ? { payload } : {}) });
  return {
    check: (body: ExportCheckBody) => inject('POST', '/api/exports/check', body),
    create: (body: CreateExportBody) => inject('POST', '/api/exports', body),
    list: (query = '') => inject('GET', `/api/exports${query}`),
    get: (id: string) => inject('GET', `/api/exports/${id}`),
    items: (id: string) => inject('GET', `/api/exports/${id}/items`),
    settings: () => inject('GET', '/api/export-settings'),
    saveSettings: (body: ExportSettingsInput) => inject('PUT', '/api/export-settings', body),
    panel: () => inject('GET', '/api/download-jobs'),
    link: (id: string) => inject('GET', `/api/download-jobs/${id}/link`),
    mail: (id: string) => inject('POST', `/api/download-jobs/${id}/email`),
  };
}
export type ExportClient = ReturnType<typeof exportClient>;

/**
 * A fresh app with one organisation ready to export: its admin's export client, the master data
 * exports book on and, unless `datev: false`, DATEV's consultant and client numbers.
 */
export async function startExportTest(name: string, options: { env?: Record<string, string>; datev?: boolean } = {}) {
  const testApp = await createTestApp(options.env ? { env: options.env } : {});
  const org = await createOrganizationWithAdmin(testApp, name);
  const client = exportClient(testApp, org.admin);
  const master = await createExportMasterData(testApp, org.id);
  if (options.datev !== false) await saveDatevSettings(client);
  return { testApp, org, client, master };
}

/** Master data an export books on: a supplier with its AP account, a G/L account, a tax key DATEV knows. */
export async function createExportMasterData(testApp: TestApp, organizationId: string) {
  const base = await createMasterData(testApp, organizationId);
  const { db } = testApp.database;
  const [counterparty] = await db
    .insert(counterparties)
    .values({ organizationId, name: 'Papier & Co. KG', accountsPayableNumber: '70001' })
    .returning();
  const [vat19] = await db
    .insert(taxKeys)
    .values({ organizationId, name: `VSt19_${randomUUID().slice(0, 4)}`, type: 'PURCHASE', rate: 1900, externalCode: '9' })
    .returning();
  const [ledger] = await db.insert(ledgerAccounts).values({ organizationId, code: '3400', name: 'Wareneingang' }).returning();
  return { ...base, counterpartyId: counterparty!.id, vat19Id: vat19!.id, goodsLedgerId: ledger!.id };
}
export type ExportMasterData = Awaited<ReturnType<typeof createExportMasterData>>;

/**
 * An approved invoice ready for a DATEV export: uploaded (so its document is a real stored file),
 * then given every booked field directly, as approval would have left it.
 */
export async function readyInvoice(
  testApp: TestApp,
  org: TestOrganization,
  master: ExportMasterData,
  values: Partial<typeof invoices.$inferInsert> = {},
): Promise<string> {
  const uploaded = await uploadInvoice(testApp, org.admin.cookie, 'rechnung.png');
  await testApp.database.db
    .update(invoices)
    .set({
      status: 'approved',
      ocrStatus: 'done',
      invoiceNumber: `RE-${randomUUID().slice(0, 6)}`,
      date: '2026-11-02',
      dueDate: '2026-12-02',
      netAmount: 10_000,
      taxAmount: 1_900,
      totalAmount: 11_900,
      currency: 'EUR',
      taxRate: 1900,
      type: 'invoice',
      counterpartyId: master.counterpartyId,
      counterpartyName: 'Papier & Co. KG',
      ledgerAccountId: master.goodsLedgerId,
      taxKeyId: master.vat19Id,
      debitorBankAccountId: master.debitorId,
      ...values,
    })
    .where(eq(invoices.id, uploaded.id));
  return uploaded.id;
}

/** DATEV's numbers saved (a DATEV export needs them). */
export async function saveDatevSettings(client: ExportClient, overrides: Partial<ExportSettingsInput> = {}) {
  const current = (await client.settings()).json<ExportSettings>();
  const response = await client.saveSettings({
    ...current,
    datevConsultantNumber: 29098,
    datevClientNumber: 55003,
    ...overrides,
  });
  if (response.statusCode !== 200) throw new Error(`settings: ${response.body}`);
  return response.json<ExportSettings>();
}

/** Starts an export and runs its job in place of a worker; answers the job as it ended. */
export async function exportNow(testApp: TestApp, org: TestOrganization, client: ExportClient, body: CreateExportBody) {
  const created = await client.create(body);
  if (created.statusCode !== 202) throw new Error(`export: ${created.statusCode} ${created.body}`);
  const job = created.json<DownloadJob>();
  await testApp.app.exports.runner.run({ orgId: org.id, importId: job.id });
  return (await client.get(job.id)).json<DownloadJob>();
}

/** The bytes of a finished job's file, read from storage. */
export async function exportFile(testApp: TestApp, jobId: string): Promise<Buffer> {
  const [job] = await testApp.database.db.select().from(downloadJobs).where(eq(downloadJobs.id, jobId));
  if (!job?.fileKey) throw new Error('the job has no file');
  const stored = await testApp.app.storage.getStream(job.fileKey);
  if (!stored) throw new Error('the file is not in storage');
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export const unzip = (bytes: Buffer): Record<string, Uint8Array> => unzipSync(new Uint8Array(bytes));

/** The export activity entries of an invoice. */
export async function exportActivity(testApp: TestApp, invoiceId: string) {
  const result = await testApp.database.db.execute<{ [key: string]: unknown; action: string; changes: Record<string, unknown> }>(
    sql`select action, changes from activity_log where entity_type = 'invoice' and entity_id = ${invoiceId} and action = 'export' order by created_at`,
  );
  return result.rows;
}

export const checkOf = (response: { json<T>(): T }) => response.json<ExportCheck>();
