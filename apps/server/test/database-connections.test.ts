import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asOrgId } from '../src/db/database';
import { createTestDatabase, type TestDatabase } from './database';

/** PostgreSQL may end a connection at any time (restart, shutdown, an administrator). */
describe('database connections', () => {
  let testDb: TestDatabase;
  const tenant = { orgId: asOrgId(randomUUID()), userId: null };

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => testDb.drop());

  it('survives a tenant connection ended between two statements, and serves the next request', async () => {
    const work = testDb.database.withOrg(tenant, async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      await testDb.database.pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      // The termination arrives while no statement runs on the connection: before, an 'error'
      // event nobody listened to, which ended the whole process.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    });
    await expect(work).rejects.toThrow();
    const { rows } = await testDb.database.withOrg(tenant, (tx) => tx.execute<{ one: number }>(sql`select 1 as one`));
    expect(rows).toEqual([{ one: 1 }]);
  });
});
