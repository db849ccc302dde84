import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../src/modules/organizations/service';
import { users } from '../src/db/schema';
import { createTestDatabase, type TestDatabase } from './database';

/** The counters behind the tab counts (migration 0008) must equal a real count after every kind of change. */
describe('invoice status counts', () => {
  let testDb: TestDatabase;
  let orgId: string;
  let userId: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const [user] = await testDb.database.db
      .insert(users)
      .values({ authSubject: 'test|counts', email: 'c@example.test' })
      .returning();
    userId = user!.id;
    orgId = (await createOrganization(testDb.database, { name: 'Zähler GmbH', adminUserId: userId })).id;
  });
  afterAll(async () => testDb.drop());

  const counters = async () =>
    (
      await testDb.database.pool.query<{ status: string; count: string }>(
        `select status, sum(count)::text as count from invoice_status_counts where organization_id = $1 group by status having sum(count) <> 0 order by status`,
        [orgId],
      )
    ).rows.map((row) => [row.status, Number(row.count)]);
  const actual = async () =>
    (
      await testDb.database.pool.query<{ status: string; count: string }>(
        `select status, count(*)::text as count from invoices where organization_id = $1 group by status order by status`,
        [orgId],
      )
    ).rows.map((row) => [row.status, Number(row.count)]);

  it('follows bulk inserts, status changes, edits and deletes', async () => {
    await testDb.database.pool.query(
      `insert into invoices (organization_id, status, uploaded_by) select $1, (array['new','approved','rejected'])[1 + n % 3], $2 from generate_series(1, 300) n`,
      [orgId, userId],
    );
    expect(await counters()).toEqual(await actual());
    await testDb.database.pool.query(
      `update invoices set status = 'archived' where organization_id = $1 and status = 'rejected'`,
      [orgId],
    );
    expect(await counters()).toEqual(await actual());

    const before = await testDb.database.pool.query(
      `select xmin::text from invoice_status_counts where organization_id = $1 order by status`,
      [orgId],
    );
    await testDb.database.pool.query(`update invoices set notes = 'edited' where organization_id = $1`, [orgId]);
    const after = await testDb.database.pool.query(
      `select xmin::text from invoice_status_counts where organization_id = $1 order by status`,
      [orgId],
    );
    expect(after.rows).toEqual(before.rows); // an edit that keeps the status writes no counter row

    await testDb.database.pool.query(`delete from invoices where organization_id = $1 and status = 'new'`, [orgId]);
    expect(await counters()).toEqual(await actual());
    expect(await counters()).toEqual([
      ['approved', 100],
      ['archived', 100],
    ]);
  });
});
