import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { INVOICE_STATUSES } from '@kontor/domain';
import { counterparties, counterpartyBankAccounts, invoices } from '../src/db/schema';
import { CLOSED_INVOICE_STATUSES } from '../src/modules/counterparties/record-repo';
import { createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { insertInvoiceRow } from './invoice-fixtures';

/** The list's bank account and open invoice counts are stored and kept by triggers (migration 0030). */
describe('stored counterparty counts', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let first: string;
  let second: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Zähler GmbH');
    const rows = await testApp.database.db
      .insert(counterparties)
      .values([
        { organizationId: org.id, name: 'Erste Lieferant GmbH' },
        { organizationId: org.id, name: 'Zweite Lieferant AG' },
      ])
      .returning({ id: counterparties.id });
    [first, second] = rows.map((row) => row.id) as [string, string];
  });
  afterAll(async () => testApp.close());

  /** Stored next to counted (with the server's list of closed statuses), for both counterparties. */
  async function storedAndCounted() {
    const stored = await testApp.database.db
      .select({
        id: counterparties.id,
        open: counterparties.openInvoiceCount,
        accounts: counterparties.bankAccountCount,
      })
      .from(counterparties)
      .where(eq(counterparties.organizationId, org.id))
      .orderBy(counterparties.name);
    const counted = await testApp.database.db.execute<{ id: string; open: number; accounts: number }>(sql`
      select c.id,
             (select count(*)::int from invoices i where i.organization_id = c.organization_id and i.counterparty_id = c.id
                and i.status not in (${sql.join(
                  CLOSED_INVOICE_STATUSES.map((status) => sql`${status}`),
                  sql`, `,
                )})) as open,
             (select count(*)::int from counterparty_bank_accounts b
               where b.organization_id = c.organization_id and b.counterparty_id = c.id) as accounts
        from counterparties c where c.organization_id = ${org.id} order by c.name`);
    return { stored, counted: counted.rows };
  }

  it('follows inserts, every status change, moves between counterparties and deletes of invoices', async () => {
    const ids: string[] = [];
    for (const status of INVOICE_STATUSES) ids.push(await insertInvoiceRow(testApp, org.id, { counterpartyId: first, status }));
    // Several rows in one statement, and one without a counterparty.
    await testApp.database.db.insert(invoices).values([
      { organizationId: org.id, counterpartyId: second, status: 'new' },
      { organizationId: org.id, counterpartyId: second, status: 'exported' },
      { organizationId: org.id, counterpartyId: second, status: 'approved' },
      { organizationId: org.id, counterpartyId: null, status: 'new' },
    ]);
    let { stored, counted } = await storedAndCounted();
    expect(stored).toEqual(counted);
    expect(stored.map((row) => row.open)).toEqual([INVOICE_STATUSES.length - CLOSED_INVOICE_STATUSES.length, 2]);

    // Every status to every other one, on the first invoice.
    for (const from of INVOICE_STATUSES) {
      for (const to of INVOICE_STATUSES) {
        await testApp.database.db.update(invoices).set({ status: from }).where(eq(invoices.id, ids[0]!));
        await testApp.database.db.update(invoices).set({ status: to }).where(eq(invoices.id, ids[0]!));
        ({ stored, counted } = await storedAndCounted());
        expect(stored, `${from} → ${to}`).toEqual(counted);
      }
    }

    // Moved to the other counterparty (a merge), with and without a status change, and unassigned.
    await testApp.database.db
      .update(invoices)
      .set({ counterpartyId: second })
      .where(inArray(invoices.id, ids.slice(0, 3)));
    await testApp.database.db.update(invoices).set({ counterpartyId: first, status: 'archived' }).where(eq(invoices.id, ids[1]!));
    await testApp.database.db.update(invoices).set({ counterpartyId: null }).where(eq(invoices.id, ids[2]!));
    ({ stored, counted } = await storedAndCounted());
    expect(stored).toEqual(counted);

    await testApp.database.db
      .delete(invoices)
      .where(and(eq(invoices.organizationId, org.id), eq(invoices.counterpartyId, second)));
    ({ stored, counted } = await storedAndCounted());
    expect(stored).toEqual(counted);
    expect(stored[1]!.open).toBe(0);
  });

  it('follows bank accounts added, moved and removed', async () => {
    const [account] = await testApp.database.db
      .insert(counterpartyBankAccounts)
      .values([
        { organizationId: org.id, counterpartyId: first, name: 'Giro', iban: 'DE02120300000000202051' },
        { organizationId: org.id, counterpartyId: first, name: 'Spar', iban: 'DE02500105170137075030' },
        { organizationId: org.id, counterpartyId: second, name: 'Giro', iban: 'DE02100500000054540402' },
      ])
      .returning({ id: counterpartyBankAccounts.id });
    let { stored, counted } = await storedAndCounted();
    expect(stored.map((row) => row.accounts)).toEqual([2, 1]);
    expect(stored).toEqual(counted);

    await testApp.database.db
      .update(counterpartyBankAccounts)
      .set({ counterpartyId: second })
      .where(eq(counterpartyBankAccounts.id, account!.id));
    ({ stored, counted } = await storedAndCounted());
    expect(stored.map((row) => row.accounts)).toEqual([1, 2]);
    expect(stored).toEqual(counted);

    await testApp.database.db.delete(counterpartyBankAccounts).where(eq(counterpartyBankAccounts.organizationId, org.id));
    ({ stored, counted } = await storedAndCounted());
    expect(stored.map((row) => row.accounts)).toEqual([0, 0]);
  });
});
