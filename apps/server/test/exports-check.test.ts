import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportFormat } from '@kontor/domain';
import { costCenters, counterparties, exportedCounterparties, exportSettings, invoiceSplits } from '../src/db/schema';
import { type TestOrganization } from './factories';
import type { TestApp } from './harness';
import {
  startExportTest,
  checkOf,
  readyInvoice,
  saveDatevSettings,
  type ExportClient,
  type ExportMasterData,
} from './exports-fixtures';

/**
 * The pre-export check's rules that depend on what the database holds besides the invoice: the
 * counterparty's master record BMD's Personenkonten.csv writes (and whether BMD has it), split
 * lines' own cost centres, and the settings each format's writer takes (issue 56 item 2). The
 * rules themselves are tested case by case in src/modules/exports/export-check*.test.ts.
 */
describe('the pre-export check against the database (issue 56)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let client: ExportClient;
  let master: ExportMasterData;

  beforeAll(async () => {
    ({ testApp, org, client, master } = await startExportTest('Prüfpfad GmbH'));
  });
  afterAll(async () => testApp.close());

  const checkIds = async (format: ExportFormat, invoiceIds: string[]) => {
    const response = await client.check({ selection: { kind: 'invoices', invoiceIds }, format });
    expect(response.statusCode, response.body).toBe(200);
    return checkOf(response);
  };
  const summary = (problems: { code: string; severity: string; params: Record<string, unknown> }[]) =>
    problems.map(({ code, severity, params }) => ({ code, severity, params }));

  it("names a new BMD creditor's street and city that Windows-1252 cannot hold, until BMD has the creditor", async () => {
    const [supplier] = await testApp.database.db
      .insert(counterparties)
      .values({
        organizationId: org.id,
        name: 'Papier & Co. KG',
        accountsPayableNumber: '70002',
        street: 'ul. Łąkowa 7',
        zip: '90-001',
        city: 'Łódź',
      })
      .returning();
    const id = await readyInvoice(testApp, org, master, { counterpartyId: supplier!.id });

    const bmd = await checkIds('bmd', [id]);
    expect(bmd).toMatchObject({ total: 1, exportable: 0 });
    expect(summary(bmd.problems)).toEqual([
      { code: 'character_not_representable', severity: 'error', params: { field: 'street', characters: 'Ł ą' } },
      { code: 'character_not_representable', severity: 'error', params: { field: 'city', characters: 'Ł ź' } },
    ]);
    // DATEV and RZL write no personal accounts file.
    expect((await checkIds('datev', [id])).problems).toEqual([]);

    // Once BMD has received the creditor its record is not written again, so it cannot fail the file.
    await testApp.database.db
      .insert(exportedCounterparties)
      .values({ organizationId: org.id, format: 'bmd', counterpartyId: supplier!.id, firstJobId: randomUUID() });
    expect(await checkIds('bmd', [id])).toMatchObject({ exportable: 1, problems: [] });
  });

  it("checks each split line's own cost centre, naming the line", async () => {
    const [plain, omega] = await testApp.database.db
      .insert(costCenters)
      .values([
        { organizationId: org.id, code: `K-${randomUUID().slice(0, 4)}`, name: 'Vertrieb', type: 1 },
        { organizationId: org.id, code: `Ω-${randomUUID().slice(0, 4)}`, name: 'Omega', type: 1 },
      ])
      .returning();
    const id = await readyInvoice(testApp, org, master, { costCenterId: plain!.id });
    await testApp.database.db.insert(invoiceSplits).values([
      { organizationId: org.id, invoiceId: id, position: 0, amount: 5_900 },
      { organizationId: org.id, invoiceId: id, position: 1, amount: 6_000, costCenterId: omega!.id },
    ]);
    for (const format of ['datev', 'bmd', 'rzl'] as const) {
      const check = await checkIds(format, [id]);
      expect(check, format).toMatchObject({ exportable: 0 });
      // RZL's settings warning (no client number here) concerns the export, not this invoice.
      expect(summary(check.problems.filter((entry) => entry.invoiceId === id)), format).toEqual([
        { code: 'character_not_representable', severity: 'error', params: { line: 2, field: 'costCenter', characters: 'Ω' } },
      ]);
    }
  });

  it('warns that an RZL file without a client number names no client, and still exports it', async () => {
    const id = await readyInvoice(testApp, org, master);
    const without = await checkIds('rzl', [id]);
    expect(without).toMatchObject({ exportable: 1 });
    expect(summary(without.problems)).toEqual([{ code: 'settings_rzl_client_missing', severity: 'warning', params: {} }]);
    expect(without.problems[0]).toMatchObject({ invoiceId: null });

    await saveDatevSettings(client, { rzlClientNumber: '0815' });
    expect(await checkIds('rzl', [id])).toMatchObject({ exportable: 1, problems: [] });
  });

  it('refuses a BMD export whose stored Buchungssymbol is blank, naming the setting', async () => {
    const id = await readyInvoice(testApp, org, master);
    const where = eq(exportSettings.organizationId, org.id);
    await testApp.database.db.update(exportSettings).set({ bmdPaymentSymbol: '' }).where(where);
    try {
      const check = await checkIds('bmd', [id]);
      expect(check).toMatchObject({ exportable: 0, problemCounts: { settings_bmd_client_missing: 1 } });
      expect(check.problems[0]).toMatchObject({
        code: 'settings_bmd_client_missing',
        severity: 'error',
        invoiceId: null,
        params: { field: 'bmdPaymentSymbol' },
      });
    } finally {
      await testApp.database.db.update(exportSettings).set({ bmdPaymentSymbol: 'BK' }).where(where);
    }
    expect(await checkIds('bmd', [id])).toMatchObject({ exportable: 1, problems: [] });
  });
});
