import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRun } from '@kontor/domain';
import { todayIso } from '@kontor/domain';
import { validateSepaXml } from '@kontor/formats';
import { paymentHistory } from '../src/db/schema';
import { setFourEyes } from './approval-fixtures';
import { createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import {
  activityOf,
  createRunFlow,
  decideAnalysis,
  IBAN,
  insertForeignCountryCounterparty,
  insertOpenTransaction,
  insertOpenTransactions,
  runClient,
  transactionRows,
} from './payment-runs-fixtures';

describe('SEPA export of a payment run (issue 7 item 4)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let client: ReturnType<typeof runClient>;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Export GmbH');
    client = runClient(testApp, org.admin);
    await createRunFlow(testApp, org.admin, [org.admin]);
    // The admin approves the runs they create: the four-eyes principle has its own test.
    await setFourEyes(testApp, org.id, false);
  });
  afterAll(async () => testApp.close());

  /** An approved run (version 3) of the given transactions. */
  async function approvedRun(ids: string[]): Promise<PaymentRun> {
    const run = (await client.create(ids)).json<PaymentRun>();
    expect((await client.requestApproval(run.id, 1)).statusCode).toBe(200);
    const approved = await client.approve(run.id, 2);
    expect(approved.statusCode).toBe(200);
    return approved.json<PaymentRun>();
  }

  it('exports pain.001.001.09 that validates, with one block per debitor, and downloads the same bytes again', async () => {
    const ids = [
      ...(await insertOpenTransactions(testApp, org.id, 2, { amount: 1_999, requestedExecutionDate: '2030-03-01' })),
      await insertOpenTransaction(testApp, org.id, {
        amount: 50_000,
        debitorIban: IBAN.debitorB,
        debitorName: 'Export GmbH Zweitkonto',
        creditorName: 'Çağrı & Søren Straße',
        creditorIban: IBAN.creditor2,
        requestedExecutionDate: '2020-01-01',
      }),
    ];
    const run = await approvedRun(ids);
    const response = await client.export(run.id, run.version);
    expect(response.statusCode, response.body).toBe(200);
    const exported = response.json<PaymentRun>();
    const today = todayIso();
    expect(exported).toMatchObject({
      status: 'exported',
      version: run.version + 1,
      export: { format: 'pain.001.001.09', fileName: `PR-${run.number}-${today}.xml` },
    });
    expect(exported.export!.messageId).toBe(`KONTOR-PR${run.number}-${run.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`);

    const file = await client.file(run.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/xml');
    expect(file.headers['content-disposition']).toContain(`attachment; filename="PR-${run.number}-${today}.xml"`);
    const xml = file.body;
    expect(createHash('sha256').update(xml).digest('hex')).toBe(exported.export!.sha256);
    expect(await validateSepaXml(xml, 'pain.001.001.09')).toEqual({ valid: true, errors: [] });
    expect(xml.match(/<PmtInf>/g)).toHaveLength(2);
    expect(xml).toContain('<NbOfTxs>3</NbOfTxs>');
    expect(xml).toContain('<CtrlSum>539.98</CtrlSum>');
    // The past execution date is sent as today; special characters are transliterated.
    expect(xml).toContain(`<Dt>${today}</Dt>`);
    expect(xml).not.toContain('2020-01-01');
    expect(xml).toContain('<Nm>Cagri + Soren Strasse</Nm>');

    const rows = await transactionRows(testApp, org.id, ids);
    expect(rows.every((row) => row.status === 'exported' && row.exportedAt !== null)).toBe(true);
    const history = await testApp.database.db
      .select()
      .from(paymentHistory)
      .where(and(eq(paymentHistory.organizationId, org.id), eq(paymentHistory.source, 'export')));
    expect(history.filter((entry) => ids.some((id) => entry.entryKey === `export:${id}`))).toHaveLength(3);
    expect(history.find((entry) => entry.entryKey === `export:${ids[2]}`)).toMatchObject({
      creditorIban: IBAN.creditor2,
      amount: 50_000,
      paidOn: today,
    });

    // Exporting again (even with the old version) returns the same run and file, and moves nothing.
    const again = await client.export(run.id, run.version);
    expect(again.json<PaymentRun>()).toEqual(exported);
    expect((await client.file(run.id)).body).toBe(xml);
    const log = await activityOf(testApp, org.id, run.id);
    expect(log.filter((entry) => entry.action === 'export')).toHaveLength(1);
    expect(log.at(-1)!.changes).toMatchObject({ exported: { count: 3, amount: 53_998 }, sha256: exported.export!.sha256 });
  });

  it('exports pain.001.001.03 on request, valid against its XSD', async () => {
    const run = await approvedRun(await insertOpenTransactions(testApp, org.id, 2));
    const exported = (await client.export(run.id, run.version, 'pain.001.001.03')).json<PaymentRun>();
    expect(exported.export!.format).toBe('pain.001.001.03');
    const xml = (await client.file(run.id)).body;
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(await validateSepaXml(xml, 'pain.001.001.03')).toEqual({ valid: true, errors: [] });
  });

  it('exports once when two exports arrive at the same moment', async () => {
    const ids = await insertOpenTransactions(testApp, org.id, 5);
    const run = await approvedRun(ids);
    const [first, second] = await Promise.all([client.export(run.id, run.version), client.export(run.id, run.version)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json<PaymentRun>().export!.sha256).toBe(second.json<PaymentRun>().export!.sha256);
    const log = await activityOf(testApp, org.id, run.id);
    expect(log.filter((entry) => entry.action === 'export')).toHaveLength(1);
    const transactionLogs = await Promise.all(ids.map((id) => activityOf(testApp, org.id, id)));
    expect(transactionLogs.map((entries) => entries.filter((entry) => entry.action === 'export').length)).toEqual([
      1, 1, 1, 1, 1,
    ]);
  });

  it('refuses while a transaction is suspicious or not OK, and exports after it is marked OK', async () => {
    const counterpartyId = await insertForeignCountryCounterparty(testApp, org.id);
    const suspicious = await insertOpenTransaction(testApp, org.id, { counterpartyId });
    const fine = await insertOpenTransaction(testApp, org.id);
    const run = await approvedRun([suspicious, fine]);
    const refused = await client.export(run.id, run.version);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'payment_run_export_blocked', params: { count: 1 } });
    // The fresh analysis is kept (the reason the interface shows), nothing else changed.
    const [row] = await transactionRows(testApp, org.id, [suspicious]);
    expect(row!.analysisStatus).toBe('suspicious');
    expect(row!.analysisFlags.map((flag) => flag.code)).toContain('iban_country_differs');
    expect(await client.get(run.id)).toMatchObject({ status: 'approved', version: run.version, blockedCount: 1 });

    await decideAnalysis(testApp, org.id, [suspicious], 'not_ok');
    expect((await client.export(run.id, run.version)).json().code).toBe('payment_run_export_blocked');
    await decideAnalysis(testApp, org.id, [suspicious], 'marked_ok');
    const exported = await client.export(run.id, run.version);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json<PaymentRun>()).toMatchObject({ status: 'exported', blockedCount: 0 });
  });

  it('refuses non-EUR payments with their currencies, and refuses runs that are not approved', async () => {
    const run = await approvedRun([
      await insertOpenTransaction(testApp, org.id, { currency: 'CHF' }),
      await insertOpenTransaction(testApp, org.id, { currency: 'USD' }),
      await insertOpenTransaction(testApp, org.id),
    ]);
    const refused = await client.export(run.id, run.version);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'sepa_currency_not_supported', params: { count: 2, currencies: 'CHF, USD' } });
    expect(refused.json().message).toContain('CHF, USD');
    expect((await client.get(run.id)).status).toBe('approved');

    const draft = (await client.create([await insertOpenTransaction(testApp, org.id)])).json<PaymentRun>();
    expect((await client.export(draft.id, 1)).json()).toMatchObject({
      code: 'payment_run_action_refused',
      params: { status: 'draft' },
    });
    expect((await client.file(draft.id)).statusCode).toBe(409);
  });
});
