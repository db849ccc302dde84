import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadJob, ExportCheck, ExportSettings } from '@kontor/domain';
import { downloadJobs, invoices, invoiceSplits } from '../src/db/schema';
import { sweepAbandonedJobs } from '../src/modules/exports/plugin';
import { JOBS_SCHEMA } from '../src/plugins/jobs';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import type { TestApp } from './harness';
import { validFields } from './invoice-fixtures';
import {
  startExportTest,
  createExportMasterData,
  exportClient,
  exportNow,
  readyInvoice,
  saveDatevSettings,
  type ExportClient,
  type ExportMasterData,
} from './exports-fixtures';

describe('the pre-export check, the lock on booked invoices and the faults of exports (issue 41)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let client: ExportClient;
  let master: ExportMasterData;

  beforeAll(async () => {
    ({ testApp, org, client, master } = await startExportTest('Prüfung GmbH', { datev: false }));
  });
  afterAll(async () => testApp.close());

  const invoiceRow = async (id: string) => (await testApp.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

  it('answers "nothing released" when no invoice is ready, and names the missing DATEV numbers', async () => {
    const empty = await createOrganizationWithAdmin(testApp);
    const emptyClient = exportClient(testApp, empty.admin);
    const created = await emptyClient.create({ selection: { kind: 'ready' }, format: 'datev', type: 'csv' });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toMatchObject({ code: 'export_nothing_ready', message: 'No invoices released for export yet.' });

    const id = await readyInvoice(testApp, org, master);
    const check = (
      await client.check({ selection: { kind: 'invoices', invoiceIds: [id] }, format: 'datev' })
    ).json<ExportCheck>();
    expect(check.problems).toContainEqual(expect.objectContaining({ code: 'settings_datev_numbers_missing', invoiceId: null }));
    expect(check.exportable).toBe(0);
    // Kontor's own CSV needs no accounts and no settings.
    const csv = (
      await client.check({ selection: { kind: 'invoices', invoiceIds: [id] }, format: 'kontor_csv' })
    ).json<ExportCheck>();
    expect(csv).toMatchObject({ total: 1, exportable: 1, problems: [] });
  });

  it('lists every problem the format has, each with its invoice, and "export the rest" leaves them ready', async () => {
    await saveDatevSettings(client);
    const good = await readyInvoice(testApp, org, master, { invoiceNumber: 'GOOD-1' });
    const noAccounts = await readyInvoice(testApp, org, master, {
      invoiceNumber: 'BAD-1',
      counterpartyId: null,
      ledgerAccountId: null,
    });
    const badText = await readyInvoice(testApp, org, master, {
      invoiceNumber: 'BAD-2',
      counterpartyName: 'Łódź Dostawa Sp. z o.o.',
      currency: 'USD',
    });
    const badTax = await readyInvoice(testApp, org, master, { invoiceNumber: 'BAD-3', taxKeyId: master.taxKeyId });
    const notApproved = await readyInvoice(testApp, org, master, { invoiceNumber: 'BAD-4', status: 'in_approval' });
    const ids = [good, noAccounts, badText, badTax, notApproved];
    const response = await client.check({ selection: { kind: 'invoices', invoiceIds: ids }, format: 'datev' });
    expect(response.statusCode, response.body).toBe(200);
    const check = response.json<ExportCheck>();
    expect(check).toMatchObject({ total: 5, exportable: 1, bookings: 1, isComplete: true, currencies: ['USD'] });
    const codesOf = (id: string) => check.problems.filter((entry) => entry.invoiceId === id).map((entry) => entry.code);
    expect(codesOf(good)).toEqual([]);
    expect(codesOf(noAccounts)).toEqual(expect.arrayContaining(['counterparty_missing', 'ledger_account_missing']));
    expect(codesOf(badText)).toEqual(expect.arrayContaining(['currency_rate_missing', 'character_not_representable']));
    expect(check.problems.find((entry) => entry.code === 'character_not_representable')!.params).toMatchObject({
      field: 'counterpartyName',
      characters: 'Ł ź',
    });
    expect(codesOf(badTax)).toEqual(['tax_key_unknown_to_format']);
    expect(codesOf(notApproved)).toEqual(['not_approved']);
    expect(check.problems.find((entry) => entry.invoiceId === badText)).toMatchObject({ invoiceNumber: 'BAD-2' });

    // With the rate the foreign invoice loses that problem (the character stays).
    const withRate = (
      await client.check({
        selection: { kind: 'invoices', invoiceIds: [badText] },
        format: 'datev',
        exchangeRates: { USD: '1,0850' },
      })
    ).json<ExportCheck>();
    expect(withRate.problems.map((entry) => entry.code)).toEqual(['character_not_representable']);

    const refused = await client.create({ selection: { kind: 'invoices', invoiceIds: ids }, format: 'datev', type: 'csv' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'export_has_problems', message: expect.stringContaining('4 invoices') });

    const rest = await exportNow(testApp, org, client, {
      selection: { kind: 'invoices', invoiceIds: ids },
      format: 'datev',
      type: 'csv',
      skipProblems: true,
    });
    expect(rest).toMatchObject({ status: 'completed', itemCount: 1 });
    expect((await invoiceRow(good)).status).toBe('exported');
    for (const id of [noAccounts, badText, badTax])
      expect(await invoiceRow(id)).toMatchObject({ status: 'approved', lastExportId: null });
  });

  it('refuses foreign invoices (404), a member without the permission (403) and a wrong source (403)', async () => {
    const foreign = await createOrganizationWithAdmin(testApp, 'Fremd AG');
    const foreignMaster = await createExportMasterData(testApp, foreign.id);
    const foreignInvoice = await readyInvoice(testApp, foreign, foreignMaster);
    const own = await readyInvoice(testApp, org, master);
    const body = { selection: { kind: 'invoices' as const, invoiceIds: [own, foreignInvoice] }, format: 'datev' as const };
    expect((await client.check(body)).statusCode).toBe(404);
    expect((await client.create({ ...body, type: 'csv' })).statusCode).toBe(404);
    expect((await invoiceRow(foreignInvoice)).exportingJobId).toBeNull();

    const nobody = exportClient(testApp, await addMember(testApp, org.id, []));
    expect((await nobody.check({ ...body, selection: { kind: 'ready' } })).statusCode).toBe(403);
    const payer = exportClient(testApp, await addMember(testApp, org.id, ['payment_runs:manage']));
    const wrongSource = await payer.check({ ...body, selection: { kind: 'ready' } });
    expect(wrongSource.statusCode).toBe(403);
    expect(wrongSource.json().code).toBe('permission_denied');
  });

  it('locks an exported invoice: edit, reset and delete are refused with the GoBD message, the database refuses too', async () => {
    await saveDatevSettings(client).catch(() => {});
    const id = await readyInvoice(testApp, org, master);
    await exportNow(testApp, org, client, { selection: { kind: 'invoices', invoiceIds: [id] }, format: 'datev', type: 'csv' });
    const row = await invoiceRow(id);
    expect(row).toMatchObject({ status: 'exported', version: 2 });
    expect(row.lastExportId).not.toBeNull();
    expect(row.exportedAt).not.toBeNull();

    const headers = browser(org.admin.cookie);
    const edit = await testApp.app.inject({
      method: 'PUT',
      url: `/api/invoices/${id}`,
      headers,
      payload: { ...validFields(master.debitorId, { notes: 'changed' }), version: row.version },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({
      code: 'invoice_booked_locked',
      message: expect.stringContaining('exported to accounting'),
    });
    const removed = await testApp.app.inject({ method: 'DELETE', url: `/api/invoices/${id}?version=${row.version}`, headers });
    expect(removed.json().code).toBe('invoice_booked_locked');
    const cancelled = await testApp.app.inject({
      method: 'POST',
      url: `/api/invoices/${id}/cancel`,
      headers,
      payload: { reason: 'falsch', version: row.version },
    });
    expect(cancelled.json().code).toBe('invoice_booked_locked');

    // The trigger is the backstop for any code path: booked fields cannot change, not even by SQL.
    await expect(testApp.database.db.update(invoices).set({ totalAmount: 1 }).where(eq(invoices.id, id))).rejects.toMatchObject({
      cause: expect.objectContaining({ code: 'KX001' }),
    });
    await expect(
      testApp.database.db.insert(invoiceSplits).values({ organizationId: org.id, invoiceId: id, position: 0, amount: 1 }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: 'KX001' }) });
    // Archiving stays possible (it changes no booked field).
    const archived = await testApp.app.inject({
      method: 'POST',
      url: `/api/invoices/${id}/archive`,
      headers,
      payload: { version: row.version },
    });
    expect(archived.statusCode, archived.body).toBe(200);
  });

  it('holds invoices while their export runs: changes wait with a clear message, a second export is told', async () => {
    const id = await readyInvoice(testApp, org, master);
    const body = { selection: { kind: 'invoices' as const, invoiceIds: [id] }, format: 'datev' as const, type: 'csv' as const };
    const [first, second] = await Promise.all([client.create(body), client.create(body)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([202, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json()).toMatchObject({ code: 'export_conflict' });

    const row = await invoiceRow(id);
    expect(row.exportingJobId).not.toBeNull();
    const edit = await testApp.app.inject({
      method: 'PUT',
      url: `/api/invoices/${id}`,
      headers: browser(org.admin.cookie),
      payload: { ...validFields(master.debitorId), version: row.version },
    });
    expect(edit.json().code).toBe('invoice_being_exported');
    const winner = (first.statusCode === 202 ? first : second).json<DownloadJob>();
    await testApp.app.exports.runner.run({ orgId: org.id, importId: winner.id });
    expect((await invoiceRow(id)).status).toBe('exported');
  });

  it('marks a job whose worker died failed and gives its invoices back; no file is ever offered', async () => {
    const id = await readyInvoice(testApp, org, master);
    const created = await client.create({ selection: { kind: 'invoices', invoiceIds: [id] }, format: 'datev', type: 'csv' });
    const job = created.json<DownloadJob>();
    expect(job).toMatchObject({ status: 'processing', itemCount: 1, doneCount: 0, fileName: null });
    expect((await client.link(job.id)).json().code).toBe('download_job_not_ready');

    // The worker had stored the file and died before completing (issue 70 item 5): the key was noted first.
    const orphan = `org/${org.id}/exports/${job.id}/EXTF_Buchungsstapel.csv`;
    await testApp.app.storage.put(orphan, Buffer.from('half a job'), 'text/csv');
    await testApp.database.db.update(downloadJobs).set({ fileKey: orphan }).where(eq(downloadJobs.id, job.id));
    // The worker died on its last attempt: pg-boss holds the job as failed; the sweep gives the export up.
    await testApp.database.db.execute(
      sql`update ${sql.raw(JOBS_SCHEMA)}.job set state = 'failed' where singleton_key = ${job.id}`,
    );
    await testApp.database.db.execute(
      sql`update download_jobs set created_at = now() - interval '5 minutes' where id = ${job.id}`,
    );
    await sweepAbandonedJobs(testApp.app);
    const failed = (await client.get(job.id)).json<DownloadJob>();
    expect(failed).toMatchObject({ status: 'failed', failureCode: 'export_interrupted', fileName: null });
    expect(await testApp.app.storage.stat(orphan)).toBeNull();
    expect(await invoiceRow(id)).toMatchObject({ status: 'approved', exportingJobId: null });
    // A late run of the dead job changes nothing.
    await testApp.app.exports.runner.run({ orgId: org.id, importId: job.id });
    expect((await invoiceRow(id)).status).toBe('approved');
    const [stored] = await testApp.database.db.select().from(downloadJobs).where(eq(downloadJobs.id, job.id));
    expect(stored!.fileKey).toBeNull();
  });

  it('keeps the settings for admins, with a version and translated field errors', async () => {
    const current = (await client.settings()).json<ExportSettings>();
    const member = exportClient(testApp, await addMember(testApp, org.id, ['ap_invoices:manage']));
    expect((await member.settings()).statusCode).toBe(200);
    expect((await member.saveSettings({ ...current, accountLength: 5 })).statusCode).toBe(403);

    const invalid = await client.saveSettings({ ...current, datevConsultantNumber: 12, accountLength: 9 });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fieldErrors)).toEqual(expect.arrayContaining(['datevConsultantNumber', 'accountLength']));

    const saved = (await client.saveSettings({ ...current, bmdClientNumber: '  ' })).json<ExportSettings>();
    expect(saved).toMatchObject({ version: current.version + 1, bmdClientNumber: null });
    const stale = await client.saveSettings({ ...current });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
  });
});
