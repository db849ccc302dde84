import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asOrgId, queryPrepared, queryTemplate } from '../src/db/database';
import { slot, statementTemplate } from '../src/db/statement-templates';
import { SLOW_STATEMENT_MS } from '../src/db/shared-readers';
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
        // The same shared connection and its prepared statements go on.
        expect(
          await read<{ round: number; org: string }>(
            sql`select ${round}::int as round, current_setting('app.org_id') as org`,
            'after_failures',
          ),
        ).toEqual([{ round, org: tenant.orgId }]);
      }
    });

    it('sends a statement template with its values, read-only and in a transaction', async () => {
      const template = statementTemplate(
        'template_in_database',
        'one',
        () => sql`select ${slot('word')}::text as word, ${slot('number')}::int + 1 as next, current_setting('app.org_id') as org`,
      );
      const read = (options: { readOnly?: boolean }, word: string, number: number) =>
        testDb.database.withOrg(
          tenant,
          (tx) => queryTemplate<{ word: string; next: number; org: string }>(tx, template, { word, number }),
          options,
        );
      expect(await read({ readOnly: true }, 'eins', 1)).toEqual([{ word: 'eins', next: 2, org: tenant.orgId }]);
      expect(await read({ readOnly: true }, 'zwei', 2)).toEqual([{ word: 'zwei', next: 3, org: tenant.orgId }]);
      expect(await read({}, 'drei', 3)).toEqual([{ word: 'drei', next: 4, org: tenant.orgId }]);
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

  describe('short reads share a pipelined connection (shared-readers.ts)', () => {
    const whoAmI = sql`select current_setting('app.org_id', true) as org, pg_backend_pid() as pid`;
    type WhoAmI = { org: string; pid: number };
    const readAs = (orgId: string, statement = whoAmI, options = {}) =>
      testDb.database.withOrg(
        { orgId: asOrgId(orgId), userId: null },
        async (tx) => (await tx.execute<WhoAmI>(statement)).rows[0]!,
        { readOnly: true, ...options },
      );

    it('runs the reads of many tenants at once on one connection, each statement with its own tenant', async () => {
      const tenants = Array.from({ length: 4 }, () => randomUUID());
      const reads = Array.from({ length: 40 }, (_, index) => tenants[index % tenants.length]!);
      const rows = await Promise.all(reads.map((orgId) => readAs(orgId)));
      expect(rows.map((row) => row.org)).toEqual(reads);
      expect(new Set(rows.map((row) => row.pid)).size).toBe(1);
    });

    it('fails only the statement PostgreSQL refuses, not those pipelined around it', async () => {
      const [before, failing, after] = await Promise.allSettled([
        readAs(tenant.orgId),
        readAs(tenant.orgId, sql`select 1 / 0 as org`),
        readAs(tenant.orgId),
      ]);
      expect(failing).toMatchObject({ status: 'rejected', reason: { cause: { message: 'division by zero' } } });
      expect([before, after]).toMatchObject([
        { status: 'fulfilled', value: { org: tenant.orgId } },
        { status: 'fulfilled', value: { org: tenant.orgId } },
      ]);
    });

    it('replaces a shared connection PostgreSQL ended', async () => {
      const { pid } = await readAs(tenant.orgId);
      await testDb.database.pool.query('select pg_terminate_backend($1)', [pid]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The statement sent before the end was noticed may fail; the next read gets a new connection.
      await readAs(tenant.orgId).catch(() => undefined);
      const next = await readAs(tenant.orgId);
      expect(next.org).toBe(tenant.orgId);
      expect(next.pid).not.toBe(pid);
    });

    it('sends no more reads behind a slow statement: they get a connection of their own', async () => {
      const { pid: sharedPid } = await readAs(tenant.orgId);
      const slow = readAs(
        tenant.orgId,
        sql`select current_setting('app.org_id', true) as org, pg_backend_pid() as pid, pg_sleep(0.6)`,
      );
      await new Promise((resolve) => setTimeout(resolve, SLOW_STATEMENT_MS + 100));
      const startedAt = performance.now();
      const quick = await readAs(tenant.orgId);
      expect(performance.now() - startedAt).toBeLessThan(300);
      expect(quick.pid).not.toBe(sharedPid);
      expect((await slow).pid).toBe(sharedPid);
      // Once the slow statement is answered, reads share the connection again.
      expect((await readAs(tenant.orgId)).pid).toBe(sharedPid);
    });

    it('gives work that asks for it a connection of its own', async () => {
      const { pid: sharedPid } = await readAs(tenant.orgId);
      const own = await readAs(tenant.orgId, whoAmI, { ownConnection: true });
      expect(own).toMatchObject({ org: tenant.orgId });
      expect(own.pid).not.toBe(sharedPid);
    });
  });
});
