import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonthsIso, todayIso, type BankFileImport } from '@kontor/domain';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  activityLog,
  bankFileImports,
  companyBankAccounts,
  counterparties,
  counterpartyBankAccounts,
  paymentHistory,
  transactions,
} from '../src/db/schema';
import {
  bankFileUpload,
  camtXml,
  importBankFile,
  painXml,
  uploadBankFile,
  type CamtEntrySpec,
} from './bank-file-import-fixtures';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';

const COMPANY_IBAN = 'DE89370400440532013000';
const SUPPLIER_IBAN = 'DE02120300000000202051';
const NEW_IBAN = 'DE44500105175407324931';
const FOREIGN_DEBTOR_IBAN = 'AT611904300234573201';
const FUTURE = addMonthsIso(todayIso(), 1);

describe('bank file imports: pain.001 as transactions, camt.053 and pain.001 as trusted history', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let supplierId: string;
  let companyAccountId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Zahler GmbH');
    const [account] = await testApp.database.db
      .insert(companyBankAccounts)
      .values({ organizationId: org.id, name: 'Hausbank', iban: COMPANY_IBAN, bic: 'COBADEFFXXX', isDefaultDebitor: true })
      .returning();
    companyAccountId = account!.id;
    const [supplier] = await testApp.database.db
      .insert(counterparties)
      .values({ organizationId: org.id, name: 'Lieferant Alpha GmbH' })
      .returning();
    supplierId = supplier!.id;
    await testApp.database.db
      .insert(counterpartyBankAccounts)
      .values({ organizationId: org.id, counterpartyId: supplierId, name: 'Haupt', iban: SUPPLIER_IBAN });
  });
  afterAll(async () => testApp.close());

  const painFile = painXml('MSG-2025-0001', [
    {
      debtorIban: COMPANY_IBAN,
      executionDate: FUTURE,
      payments: [
        {
          amount: '123.45',
          iban: SUPPLIER_IBAN,
          name: 'Lieferant Alpha GmbH',
          endToEndId: 'E2E-0001',
          remittance: 'RE 2025-001',
        },
        { amount: '99.90', iban: NEW_IBAN, name: 'Neu GmbH', remittance: 'Rechnung 2025-0815 vom 01.02.2025 Kunde 4711' },
        { amount: '10.00', currency: 'CHF', iban: NEW_IBAN, name: 'Franken AG' },
        { amount: '5.00', iban: 'DE00123456789012345678', name: 'Falsch KG' },
        { amount: '0.00', iban: NEW_IBAN, name: 'Null GmbH' },
      ],
    },
    {
      debtorIban: FOREIGN_DEBTOR_IBAN,
      debtorName: 'Tochter GmbH',
      executionDate: '2020-01-15',
      payments: [{ amount: '1000', iban: SUPPLIER_IBAN, remittance: 'Abschlag' }],
    },
  ]);

  it('creates open transactions with parties, amounts and dates from a pain.001, skips with reasons and runs the analysis', async () => {
    const result = await importBankFile(testApp, org, 'transactions', painFile);
    expect(result).toMatchObject({
      status: 'completed',
      format: 'pain.001',
      progress: 1,
      entryCount: 6,
      createdCount: 3,
      skippedCount: 3,
    });
    expect(result.failureCode).toBeNull();
    const codes = result.problems.map(({ kind, code, entry }) => ({ kind, code, entry }));
    expect(codes).toEqual([
      { kind: 'warning', code: 'remittance_shortened', entry: 2 },
      { kind: 'skipped', code: 'not_eur', entry: 3 },
      { kind: 'skipped', code: 'invalid_iban', entry: 4 },
      { kind: 'skipped', code: 'invalid_amount', entry: 5 },
      { kind: 'warning', code: 'debitor_not_company_account', entry: 6 },
      { kind: 'warning', code: 'execution_date_moved', entry: 6 },
    ]);
    expect(result.problems.find((problem) => problem.code === 'execution_date_moved')?.params).toEqual({
      from: '2020-01-15',
      to: todayIso(),
    });

    const rows = await testApp.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.organizationId, org.id), eq(transactions.importId, result.id)))
      .orderBy(asc(transactions.amount));
    expect(rows).toHaveLength(3);
    const [newCreditor, supplierPayment, fromForeignDebtor] = rows;
    expect(supplierPayment).toMatchObject({
      status: 'open',
      origin: 'import',
      amount: 12345,
      currency: 'EUR',
      requestedExecutionDate: FUTURE,
      endToEndId: 'E2E-0001',
      remittanceInformation: 'RE 2025-001',
      counterpartyId: supplierId,
      creditorName: 'Lieferant Alpha GmbH',
      creditorIban: SUPPLIER_IBAN,
      debitorBankAccountId: companyAccountId,
      debitorIban: COMPANY_IBAN,
      debitorName: 'Muster GmbH',
      debitorBic: 'COBADEFFXXX',
      paymentRunId: null,
      createdBy: org.admin.userId,
    });
    expect(newCreditor).toMatchObject({ amount: 9990, counterpartyId: null, creditorName: 'Neu GmbH', creditorIban: NEW_IBAN });
    expect(newCreditor!.remittanceInformation).toBe('Rechnung 2025-0815 vom 01.02.2025');
    expect(newCreditor!.remittanceInformation!.length).toBeLessThanOrEqual(33);
    // NOTPROVIDED in the file: a fresh id like the invoice ones.
    expect(newCreditor!.endToEndId).toMatch(/^TRX[0-9A-F]{32}$/);
    // Without a name in the file the counterparty's name is used; dates in the past move to today.
    expect(fromForeignDebtor).toMatchObject({
      amount: 100000,
      creditorName: 'Lieferant Alpha GmbH',
      counterpartyId: supplierId,
      debitorBankAccountId: null,
      debitorIban: FOREIGN_DEBTOR_IBAN,
      debitorName: 'Tochter GmbH',
      requestedExecutionDate: todayIso(),
    });
    // The fraud checks ran on each new transaction.
    for (const row of rows) expect(row.analysedAt, row.id).not.toBeNull();
    expect(rows.every((row) => row.analysisStatus !== 'not_verified' || row.analysisFlags.length === 0)).toBe(true);

    const activity = await testApp.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.organizationId, org.id), eq(activityLog.entityId, result.id)));
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({
      entityType: 'transaction',
      action: 'create',
      actorType: 'user',
      actorId: org.admin.userId,
    });
    expect(activity[0]!.changes).toMatchObject({
      importId: result.id,
      kind: 'transactions',
      messageId: 'MSG-2025-0001',
      created: 3,
      skipped: 3,
    });
  });

  it('imports the same pain.001 again with a warning: the duplicate check flags the payments', async () => {
    const again = await importBankFile(testApp, org, 'transactions', painFile);
    expect(again).toMatchObject({ status: 'completed', createdCount: 3, skippedCount: 3 });
    expect(again.problems[0]).toEqual({
      kind: 'warning',
      code: 'message_already_imported',
      params: { messageId: 'MSG-2025-0001' },
    });
  });

  it('reads a camt.053 as trusted history: outgoing booked payments with their counterparty, the rest skipped with reasons', async () => {
    const entries: CamtEntrySpec[] = [
      { amount: '250.00', iban: SUPPLIER_IBAN, name: 'Irgendwer', endToEndId: 'E2E-A', reference: 'B1', remittance: 'RE 1' },
      { amount: '75.10', iban: NEW_IBAN, name: 'LIEFERANT ALPHA GMBH', reference: 'B2', bookingDate: '2025-03-04' },
      { amount: '12.00', iban: 'DE75512108001245126199', name: 'Unbekannt e.K.', reference: 'B3' },
      { amount: '500.00', creditDebit: 'CRDT', iban: NEW_IBAN, name: 'Kunde', reference: 'B4' },
      { amount: '33.00', status: 'PDNG', iban: NEW_IBAN, name: 'Später', reference: 'B5' },
      { amount: '8.85', name: 'Bargeld', reference: 'B6' },
    ];
    const file = camtXml(entries);
    const result = await importBankFile(testApp, org, 'trusted_history', file);
    expect(result).toMatchObject({ status: 'completed', format: 'camt.053', entryCount: 6, createdCount: 3, skippedCount: 3 });
    expect(result.problems.map(({ kind, code, entry, params }) => ({ kind, code, entry, params }))).toEqual([
      { kind: 'warning', code: 'no_counterparty', entry: 3, params: { iban: 'DE75512108001245126199' } },
      { kind: 'skipped', code: 'incoming_payment', entry: 4, params: { amount: '500.00', currency: 'EUR' } },
      { kind: 'skipped', code: 'not_booked', entry: 5, params: { amount: '33.00', currency: 'EUR', status: 'PDNG' } },
      { kind: 'skipped', code: 'no_iban', entry: 6, params: { amount: '8.85', currency: 'EUR', name: 'Bargeld' } },
    ]);
    const history = await testApp.database.db
      .select()
      .from(paymentHistory)
      .where(eq(paymentHistory.importId, result.id))
      .orderBy(asc(paymentHistory.amount));
    expect(
      history.map(({ source, creditorIban, amount, currency, paidOn, counterpartyId }) => ({
        source,
        creditorIban,
        amount,
        currency,
        paidOn,
        counterpartyId,
      })),
    ).toEqual([
      {
        source: 'camt053',
        creditorIban: 'DE75512108001245126199',
        amount: 1200,
        currency: 'EUR',
        paidOn: '2025-03-03',
        counterpartyId: null,
      },
      // Found by its exact name (any case), the IBAN being new.
      {
        source: 'camt053',
        creditorIban: NEW_IBAN,
        amount: 7510,
        currency: 'EUR',
        paidOn: '2025-03-04',
        counterpartyId: supplierId,
      },
      {
        source: 'camt053',
        creditorIban: SUPPLIER_IBAN,
        amount: 25000,
        currency: 'EUR',
        paidOn: '2025-03-03',
        counterpartyId: supplierId,
      },
    ]);
    expect(history[2]).toMatchObject({ remittanceInformation: 'RE 1', endToEndId: 'E2E-A', creditorName: 'Irgendwer' });

    // The same statement again adds nothing.
    const again = await importBankFile(testApp, org, 'trusted_history', file);
    expect(again).toMatchObject({ status: 'completed', entryCount: 6, createdCount: 0, skippedCount: 6 });
    expect(again.problems.filter((problem) => problem.code === 'already_known')).toHaveLength(3);
    const all = await testApp.database.db.select().from(paymentHistory).where(eq(paymentHistory.organizationId, org.id));
    expect(all.filter((row) => row.source === 'camt053')).toHaveLength(3);
  });

  it('reads a pain.001 without namespace as trusted history (every currency, paid on its execution date)', async () => {
    const file = painXml(
      'HIST-1',
      [
        {
          debtorIban: COMPANY_IBAN,
          executionDate: '2024-11-29',
          payments: [
            { amount: '40.00', iban: SUPPLIER_IBAN, name: 'Lieferant Alpha GmbH', endToEndId: 'H-1' },
            { amount: '60.50', currency: 'CHF', iban: NEW_IBAN, name: 'Franken AG', endToEndId: 'H-2' },
          ],
        },
      ],
      { namespace: false },
    );
    const result = await importBankFile(testApp, org, 'trusted_history', file);
    expect(result).toMatchObject({ status: 'completed', format: 'pain.001', createdCount: 2, skippedCount: 0 });
    const history = await testApp.database.db
      .select()
      .from(paymentHistory)
      .where(eq(paymentHistory.importId, result.id))
      .orderBy(asc(paymentHistory.amount));
    expect(
      history.map(({ source, amount, currency, paidOn, counterpartyId }) => ({
        source,
        amount,
        currency,
        paidOn,
        counterpartyId,
      })),
    ).toEqual([
      { source: 'pain001', amount: 4000, currency: 'EUR', paidOn: '2024-11-29', counterpartyId: supplierId },
      { source: 'pain001', amount: 6050, currency: 'CHF', paidOn: '2024-11-29', counterpartyId: null },
    ]);
  });

  it('lists the latest imports, newest first, and answers 404 for an unknown id', async () => {
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/bank-file-imports',
      headers: { cookie: org.admin.cookie },
    });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json<{ items: BankFileImport[] }>().items;
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items[0]).toMatchObject({ kind: 'trusted_history', format: 'pain.001', status: 'completed' });
    const times = items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const missing = await testApp.app.inject({
      method: 'GET',
      url: '/api/bank-file-imports/00000000-0000-4000-8000-000000000000',
      headers: { cookie: org.admin.cookie },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('bank_file_import_not_found');
  });

  describe('refused uploads store nothing', () => {
    const storedFiles = () => {
      const folder = path.join(testApp.config.dataDir, 'files', 'org', org.id, 'bank-file-imports');
      return existsSync(folder) ? readdirSync(folder).length : 0;
    };
    const storedImports = async () =>
      (await testApp.database.db.select().from(bankFileImports).where(eq(bankFileImports.organizationId, org.id))).length;

    it.each([
      ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')],
      ['a CSV', 'Datum;Betrag;IBAN\n2025-01-01;12,50;DE89370400440532013000\n'],
      ['an empty file', ''],
      ['XML broken at the start', '<?xml version="1.0"?>\n<Document><<<<&&&'],
      ['another XML message', '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"><CstmrDrctDbtInitn/></Document>'],
    ])('%s → 422 bank_file_unrecognised', async (_label, content) => {
      const before = await storedImports();
      const filesBefore = storedFiles();
      const response = await uploadBankFile(testApp, org.admin.cookie, 'trusted_history', content);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({ code: 'bank_file_unrecognised' });
      expect(await storedImports()).toBe(before);
      expect(storedFiles()).toBe(filesBefore);
    });

    it('a genuine camt.053 with a DOCTYPE → 422 bank_file_doctype_refused, saying why', async () => {
      const before = await storedImports();
      const content = camtXml([{ amount: '1.00', iban: NEW_IBAN }]).replace('<Document', '<!DOCTYPE Document>\n<Document');
      const response = await uploadBankFile(testApp, org.admin.cookie, 'trusted_history', content);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().code).toBe('bank_file_doctype_refused');
      expect(response.json().message).toContain('DOCTYPE');
      expect(await storedImports()).toBe(before);
    });

    it('a camt.053 as transactions → 422 bank_file_wrong_kind', async () => {
      const response = await uploadBankFile(
        testApp,
        org.admin.cookie,
        'transactions',
        camtXml([{ amount: '1.00', iban: NEW_IBAN }]),
      );
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().code).toBe('bank_file_wrong_kind');
    });

    it('a missing, unknown or late kind → 400 naming the field; no file → bank_file_missing', async () => {
      const file = camtXml([{ amount: '1.00', iban: NEW_IBAN }]);
      for (const kind of [null, 'payments']) {
        const response = await uploadBankFile(testApp, org.admin.cookie, kind, file);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ code: 'validation_failed', fieldErrors: { kind: [expect.any(String)] } });
      }
      // The kind after the file: the file is refused for want of it before anything is stored.
      const late = bankFileUpload([], { content: file }, [['kind', 'trusted_history']]);
      const lateResponse = await testApp.app.inject({
        method: 'POST',
        url: '/api/bank-file-imports',
        headers: browser(org.admin.cookie, late.headers),
        payload: late.payload,
      });
      expect(lateResponse.statusCode, lateResponse.body).toBe(400);
      expect(lateResponse.json()).toMatchObject({ code: 'validation_failed', fieldErrors: { kind: [expect.any(String)] } });
      const noFile = bankFileUpload([['kind', 'trusted_history']], null);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/bank-file-imports',
        headers: browser(org.admin.cookie, noFile.headers),
        payload: noFile.payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('bank_file_missing');
      expect(await storedImports()).toBe(5);
    });
  });

  it('keeps what was committed when the file breaks off in the middle, and fails it', async () => {
    const entries: CamtEntrySpec[] = Array.from({ length: 350 }, (_, index) => ({
      amount: `${index + 1}.00`,
      iban: SUPPLIER_IBAN,
      reference: `CUT-${index}`,
    }));
    const full = camtXml(entries);
    const cut = full.slice(0, Math.floor(full.length * 0.6));
    const response = await uploadBankFile(testApp, org.admin.cookie, 'trusted_history', cut);
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<BankFileImport>();
    const { BankFileImportRunner } = await import('../src/modules/bank-file-import/import-runner');
    const runner = new BankFileImportRunner(testApp.database, testApp.app.storage, testApp.app.log, 100);
    await runner.run({ orgId: org.id, importId: id });
    const [row] = await testApp.database.db.select().from(bankFileImports).where(eq(bankFileImports.id, id));
    expect(row).toMatchObject({ status: 'failed', failureCode: 'file_truncated' });
    // About 60 % of 350 entries were read whole; every one of them is stored, the one cut in half is not.
    expect(row!.createdCount).toBeGreaterThan(150);
    expect(row!.createdCount).toBeLessThan(215);
    const stored = await testApp.database.db.select().from(paymentHistory).where(eq(paymentHistory.importId, id));
    expect(stored).toHaveLength(row!.createdCount);
    expect(row!.finishedAt).not.toBeNull();
    expect(row!.bytesRead).toBeGreaterThan(0);
  });

  it('reports progress per batch and resumes after the committed entries when the job is retried', async () => {
    const entries: CamtEntrySpec[] = Array.from({ length: 450 }, (_, index) => ({
      amount: `${index + 1}.25`,
      iban: NEW_IBAN,
      name: `Empfänger ${index}`,
      reference: `RESUME-${index}`,
    }));
    const file = Buffer.from(camtXml(entries));
    const response = await uploadBankFile(testApp, org.admin.cookie, 'trusted_history', file);
    const { id } = response.json<BankFileImport>();
    const { BankFileImportRunner } = await import('../src/modules/bank-file-import/import-runner');
    const storage = testApp.app.storage;
    // A storage whose stream breaks after half the file, as a lost connection would.
    const breaking = {
      ...storage,
      getStream: async (key: string) => {
        const opened = await storage.getStream(key);
        if (!opened) return null;
        async function* halfThenError(): AsyncGenerator<Uint8Array> {
          let sent = 0;
          for await (const chunk of opened!.stream) {
            const room = Math.floor(file.length / 2) - sent;
            if (room <= 0) break;
            const part = chunk.subarray(0, room);
            sent += part.byteLength;
            yield part;
          }
          throw new Error('connection lost');
        }
        return { stream: halfThenError(), size: opened.size };
      },
    };
    const crashing = new BankFileImportRunner(testApp.database, breaking, testApp.app.log, 100);
    await expect(crashing.run({ orgId: org.id, importId: id })).rejects.toThrow('connection lost');
    const progress = await testApp.app.inject({
      method: 'GET',
      url: `/api/bank-file-imports/${id}`,
      headers: { cookie: org.admin.cookie },
    });
    const midway = progress.json<BankFileImport>();
    expect(midway.status).toBe('running');
    expect(midway.entryCount % 100).toBe(0);
    expect(midway.entryCount).toBeGreaterThanOrEqual(100);
    expect(midway.createdCount).toBe(midway.entryCount);
    expect(midway.progress).toBeGreaterThan(0);
    expect(midway.progress).toBeLessThan(1);

    await new BankFileImportRunner(testApp.database, storage, testApp.app.log, 100).run({ orgId: org.id, importId: id });
    const done = await testApp.app.inject({
      method: 'GET',
      url: `/api/bank-file-imports/${id}`,
      headers: { cookie: org.admin.cookie },
    });
    expect(done.json<BankFileImport>()).toMatchObject({
      status: 'completed',
      progress: 1,
      entryCount: 450,
      createdCount: 450,
      skippedCount: 0,
    });
    const stored = await testApp.database.db.select().from(paymentHistory).where(eq(paymentHistory.importId, id));
    expect(stored).toHaveLength(450);
  });
});

describe('bank file size limit', () => {
  let testApp: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { BANK_FILE_MAX_MB: '1' } });
    org = await createOrganizationWithAdmin(testApp, 'Gross GmbH');
  });
  afterAll(async () => testApp.close());

  it('refuses a file above the limit with 413 bank_file_too_large and keeps nothing', async () => {
    const entries: CamtEntrySpec[] = Array.from({ length: 3000 }, (_, index) => ({
      amount: '1.00',
      iban: NEW_IBAN,
      reference: `BIG-${index}`,
    }));
    const file = camtXml(entries);
    expect(file.length).toBeGreaterThan(1024 * 1024);
    const response = await uploadBankFile(testApp, org.admin.cookie, 'trusted_history', file);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toMatchObject({ code: 'bank_file_too_large', params: { maxMb: 1 } });
    const rows = await testApp.database.db.select().from(bankFileImports).where(eq(bankFileImports.organizationId, org.id));
    expect(rows).toEqual([]);
    const folder = path.join(testApp.config.dataDir, 'files', 'org', org.id, 'bank-file-imports');
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });
});
