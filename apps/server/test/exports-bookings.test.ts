import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDatevFile } from '@kontor/formats';
import { costCenters, invoiceSplits, ledgerAccounts, taxKeys } from '../src/db/schema';
import { type TestOrganization } from './factories';
import type { TestApp } from './harness';
import {
  startExportTest,
  exportFile,
  exportNow,
  readyInvoice,
  type ExportClient,
  type ExportMasterData,
} from './exports-fixtures';

/** "119,00" → 11900 */
const cents = (amount: string) => Math.round(Number(amount.replace(',', '.')) * 100);

/**
 * Issue 56 item 4: an organisation's invoices with split lines, tax keys and cost centres become
 * the codec's bookings, read from PostgreSQL; the bookings sum to the invoices' totals.
 */
describe('bookings of invoices with split lines (issue 56)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let client: ExportClient;
  let master: ExportMasterData;

  beforeAll(async () => {
    ({ testApp, org, client, master } = await startExportTest('Splitbuchung GmbH'));
  });
  afterAll(async () => testApp.close());

  it('books each split line with its account, tax key and cost centre; a negative line on the other side; sums equal the totals', async () => {
    const { db } = testApp.database;
    const [vat7] = await db
      .insert(taxKeys)
      .values({
        organizationId: org.id,
        name: `VSt7_${randomUUID().slice(0, 4)}`,
        type: 'PURCHASE',
        rate: 700,
        externalCode: '8',
      })
      .returning();
    const [office] = await db
      .insert(ledgerAccounts)
      .values({ organizationId: org.id, code: '4930', name: 'Bürobedarf' })
      .returning();
    const [sales] = await db
      .insert(costCenters)
      .values({ organizationId: org.id, code: '200', name: 'Vertrieb', type: 1 })
      .returning();

    // 119,00 + 53,50 − 10,00 = 162,50 gross.
    const split = await readyInvoice(testApp, org, master, {
      invoiceNumber: 'RE-SPLIT-1',
      netAmount: 15_000,
      taxAmount: 1_250,
      totalAmount: 16_250,
    });
    await db.insert(invoiceSplits).values([
      {
        organizationId: org.id,
        invoiceId: split,
        position: 1,
        amount: 11_900,
        ledgerAccountId: master.goodsLedgerId,
        taxKeyId: master.vat19Id,
      },
      {
        organizationId: org.id,
        invoiceId: split,
        position: 2,
        amount: 5_350,
        ledgerAccountId: office!.id,
        taxKeyId: vat7!.id,
        costCenterId: sales!.id,
      },
      { organizationId: org.id, invoiceId: split, position: 3, amount: -1_000, ledgerAccountId: office!.id, taxKeyId: vat7!.id },
    ]);
    const whole = await readyInvoice(testApp, org, master, { invoiceNumber: 'RE-GANZ-1' });
    const credit = await readyInvoice(testApp, org, master, {
      invoiceNumber: 'GS-GANZ-1',
      type: 'credit_note',
      netAmount: -5_000,
      taxAmount: -950,
      totalAmount: -5_950,
    });

    const job = await exportNow(testApp, org, client, {
      selection: { kind: 'invoices', invoiceIds: [split, whole, credit] },
      format: 'datev',
      type: 'csv',
    });
    expect(job).toMatchObject({ status: 'completed', itemCount: 3, bookingCount: 5 });
    const datev = readDatevFile(await exportFile(testApp, job.id));
    const byNumber = (number: string) => datev.records.filter((record) => record['Belegfeld 1'] === number);

    const lines = byNumber('RE-SPLIT-1');
    expect(
      lines.map((record) => [record['Gegenkonto (ohne BU-Schlüssel)'], record['BU-Schlüssel'], record['KOST1 - Kostenstelle']]),
    ).toEqual([
      ['3400', '9', ''],
      ['4930', '8', '200'],
      ['4930', '8', ''],
    ]);
    expect(lines.map((record) => record['Soll/Haben-Kennzeichen'])).toEqual(['H', 'H', 'S']);
    expect(lines.every((record) => record.Konto === '70001')).toBe(true);

    // Haben (credit to the creditor) counts positive, Soll negative: each invoice's bookings give its total.
    const signed = (record: Record<string, string>) =>
      (record['Soll/Haben-Kennzeichen'] === 'H' ? 1 : -1) * cents(record['Umsatz (ohne Soll/Haben-Kz)']!);
    const sumOf = (number: string) => byNumber(number).reduce((sum, record) => sum + signed(record), 0);
    expect(sumOf('RE-SPLIT-1')).toBe(16_250);
    expect(sumOf('RE-GANZ-1')).toBe(11_900);
    expect(sumOf('GS-GANZ-1')).toBe(-5_950);
    expect(datev.records.reduce((sum, record) => sum + signed(record), 0)).toBe(16_250 + 11_900 - 5_950);

    // The splits were read, not the invoice's own account: no booking on the whole invoice's line.
    const stored = await db.select().from(invoiceSplits).where(eq(invoiceSplits.invoiceId, split));
    expect(stored).toHaveLength(lines.length);
  });
});
