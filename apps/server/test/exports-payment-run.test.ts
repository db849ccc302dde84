import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRun } from '@kontor/domain';
import { readDatevFile } from '@kontor/formats';
import { companyBankAccounts, counterparties, ledgerAccounts, paymentRuns } from '../src/db/schema';
import { setFourEyes } from './approval-fixtures';
import type { TestOrganization } from './factories';
import type { TestApp } from './harness';
import { checkOf, exportFile, exportNow, startExportTest, type ExportClient, type ExportMasterData } from './exports-fixtures';
import { createRunFlow, insertOpenTransaction, runClient } from './payment-runs-fixtures';

/**
 * Issue 58 item 4: the transactions tab's export of a SEPA-exported payment run: each payment
 * debits the creditor's personal account against the paying bank's G/L account, with the skonto
 * taken; the run is exported to accounting once, and again only when asked.
 */
describe('accounting export of a payment run (issue 58)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let client: ExportClient;
  let master: ExportMasterData;

  beforeAll(async () => {
    ({ testApp, org, client, master } = await startExportTest('Zahlungsbuchung GmbH'));
    await createRunFlow(testApp, org.admin, [org.admin]);
    // The admin approves the runs they create: the four-eyes principle has its own test.
    await setFourEyes(testApp, org.id, false);
  });
  afterAll(async () => testApp.close());

  it('books the payments of an exported run in DATEV, refuses a second export unless asked again', async () => {
    const { db } = testApp.database;
    const [bankLedger] = await db
      .insert(ledgerAccounts)
      .values({ organizationId: org.id, code: '1200', name: 'Bank' })
      .returning();
    // The master data's default debit account gets its G/L account (what payment bookings need).
    await db
      .update(companyBankAccounts)
      .set({ ledgerAccountId: bankLedger!.id })
      .where(eq(companyBankAccounts.id, master.debitorId));
    const bank = { id: master.debitorId };
    const [supplier] = await db
      .insert(counterparties)
      .values({ organizationId: org.id, name: 'Müller & Söhne KG', accountsPayableNumber: '70002' })
      .returning();
    const ids = [
      await insertOpenTransaction(testApp, org.id, {
        amount: 9_800,
        skontoDiscount: 200,
        counterpartyId: supplier!.id,
        debitorBankAccountId: bank.id,
        remittanceInformation: 'RE-4711',
      }),
      await insertOpenTransaction(testApp, org.id, {
        amount: 25_000,
        counterpartyId: supplier!.id,
        debitorBankAccountId: bank.id,
        remittanceInformation: 'RE-4712',
      }),
    ];
    const runs = runClient(testApp, org.admin);
    const created = (await runs.create(ids)).json<PaymentRun>();
    expect((await runs.requestApproval(created.id, 1)).statusCode).toBe(200);
    const approved = (await runs.approve(created.id, 2)).json<PaymentRun>();
    const sepa = await runs.export(approved.id, approved.version);
    expect(sepa.statusCode, sepa.body).toBe(200);

    const selection = { kind: 'payment_run' as const, paymentRunId: created.id };
    const check = checkOf(await client.check({ selection, format: 'datev', exchangeRates: {}, exportAgain: false }));
    expect(check).toMatchObject({ total: 2, bookings: 2 });
    expect(check.problems.filter((problem) => problem.severity === 'error')).toEqual([]);

    const job = await exportNow(testApp, org, client, { selection, format: 'datev', type: 'csv' });
    expect(job).toMatchObject({ status: 'completed', bookingCount: 2 });
    const records = readDatevFile(await exportFile(testApp, job.id)).records;
    expect(
      records.map((record) => [record.Konto, record['Gegenkonto (ohne BU-Schlüssel)'], record['Soll/Haben-Kennzeichen']]),
    ).toEqual([
      ['70002', '1200', 'S'],
      ['70002', '1200', 'S'],
    ]);
    expect(records.map((record) => record['Umsatz (ohne Soll/Haben-Kz)']).sort()).toEqual(['250,00', '98,00']);
    expect(records.find((record) => record['Umsatz (ohne Soll/Haben-Kz)'] === '98,00')!.Skonto).toBe('2,00');
    const [run] = await db.select().from(paymentRuns).where(eq(paymentRuns.id, created.id));
    expect(run!.lastAccountingExportId).toBe(job.id);

    // Booked once: a second export of the run is refused, unless asked to export again.
    const again = checkOf(await client.check({ selection, format: 'datev', exchangeRates: {}, exportAgain: false }));
    expect(again.problems.map((problem) => problem.code)).toContain('already_exported');
    const repeated = await exportNow(testApp, org, client, { selection, format: 'datev', type: 'csv', exportAgain: true });
    expect(repeated).toMatchObject({ status: 'completed', bookingCount: 2, exportAgain: true });
  });
});
