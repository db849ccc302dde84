import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asOrgId, queryPrepared } from '../src/db/database';
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

  describe('read-only work, each statement behind an opening that sets the tenant', () => {
    const settings = sql`select current_setting('app.org_id', true) as org, current_setting('transaction_read_only') as read_only,
      txid_current_if_assigned() is null as fresh, pg_backend_pid() as pid`;
    type Settings = { org: string; read_only: string; pid: number };

    it('runs every wave with the tenant set and read only, on the same connection', async () => {
      const waves = await testDb.database.withOrg(
        tenant,
        async (tx) => {
          const first = await Promise.all([tx.execute<Settings>(settings), tx.execute<Settings>(settings)]);
          const second = await tx.execute<Settings>(settings);
          return [...first, second].map((result) => result.rows[0]!);
        },
        { readOnly: true },
      );
      expect(waves.map((row) => [row.org, row.read_only])).toEqual(Array(3).fill([tenant.orgId, 'on']));
      expect(new Set(waves.map((row) => row.pid)).size).toBe(1);
    });

    it('forces a generic plan only for the statements that ask for it', async () => {
      const planMode = sql`select current_setting('plan_cache_mode') as mode`;
      const modes = await testDb.database.withOrg(
        tenant,
        async (tx) => {
          const [generic, custom] = await Promise.all([
            queryPrepared<{ mode: string }>(tx, planMode, 'plan_mode_generic', { plan: 'generic' }),
            queryPrepared<{ mode: string }>(tx, planMode, 'plan_mode_custom'),
          ]);
          return [generic[0]!.mode, custom[0]!.mode];
        },
        { readOnly: true },
      );
      expect(modes).toEqual(['force_generic_plan', 'auto']);
    });

    it('keeps a connection usable after prepared statements failed to parse or to run', async () => {
      const read = <T extends Record<string, unknown>>(statement: ReturnType<typeof sql>, label: string) =>
        testDb.database.withOrg(tenant, (tx) => queryPrepared<T>(tx, statement, label), { readOnly: true });
      for (const round of [1, 2, 3]) {
        await expect(read(sql`select 1 / (${round}::int - ${round}::int) as quotient`, 'failing_run')).rejects.toMatchObject({
          message: 'division by zero',
        });
        await expect(read(sql`select no_such_column from counterparties`, 'failing_parse')).rejects.toMatchObject({
          message: expect.stringMatching(/no_such_column/),
        });
        // The same connection (the pool hands out the one released last) and its statements go on.
        expect(
          await read<{ round: number; org: string }>(
            sql`select ${round}::int as round, current_setting('app.org_id') as org`,
            'after_failures',
          ),
        ).toEqual([{ round, org: tenant.orgId }]);
      }
    });

    it('refuses writes in any wave', async () => {
      const write = testDb.database.withOrg(
        tenant,
        async (tx) => {
          await tx.execute(sql`select 1`);
          await tx.execute(sql`create temporary table written (id int)`);
        },
        { readOnly: true },
      );
      await expect(write).rejects.toMatchObject({ cause: { message: expect.stringMatching(/read-only transaction/) } });
    });

    it('leaves no transaction open after a failed statement, a thrown error or an unawaited statement', async () => {
      const failing = testDb.database.withOrg(tenant, (tx) => tx.execute(sql`select 1 / 0`), { readOnly: true });
      await expect(failing).rejects.toMatchObject({ cause: { message: 'division by zero' } });
      const throwing = testDb.database.withOrg(
        tenant,
        async (tx) => {
          await tx.execute(sql`select 1`);
          throw new Error('not found');
        },
        { readOnly: true },
      );
      await expect(throwing).rejects.toThrow('not found');
      await testDb.database.withOrg(
        tenant,
        async (tx) => {
          void tx.execute(sql`select pg_sleep(0.05)`);
        },
        { readOnly: true },
      );
      // The pool's connections are all idle and outside a transaction again; the next writer
      // gets a transaction of its own, with its own tenant.
      const other = { orgId: asOrgId(randomUUID()), userId: null };
      const row = await testDb.database.withOrg(other, async (tx) => (await tx.execute<Settings>(settings)).rows[0]!);
      expect(row.org).toBe(other.orgId);
      const { rows } = await testDb.database.pool.query<{ open: number }>(
        `select count(*)::int as open from pg_stat_activity where usename = 'kontor_app' and state like 'idle in transaction%'`,
      );
      expect(rows[0]!.open).toBe(0);
    });
  });
});
