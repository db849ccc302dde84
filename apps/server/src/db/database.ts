import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { compileSql } from './compile-sql';
import { DatabaseWatchdog, watchPool, type WatchdogOptions } from './database-watchdog';
import { isStatementError, SharedReaders, socketOf, TenantReadClient } from './shared-readers';
import { fillSlots, preparedStatementName, type SlotValues, type StatementTemplate } from './statement-templates';
import { withGenericPlan } from './tenant-read';
import type * as schema from './schema';

export type Schema = typeof schema;
export type Db = NodePgDatabase;
/**
 * A transaction handle; repo functions take this so that callers decide the transaction. It is
 * the query builder both of drizzle's transactions and of a drizzle bound to one checked-out
 * connection (withOrg); repos use the query builder only (no relational `db.query` API).
 */
export type Tx = PgDatabase<NodePgQueryResultHKT>;

declare const orgIdBrand: unique symbol;
/** An organisation id that came from request.org or a job payload, never from user input directly. */
export type OrgId = string & { readonly [orgIdBrand]: true };
export const asOrgId = (id: string): OrgId => id as OrgId;

export interface TenantContext {
  orgId: OrgId;
  userId: string | null;
}

export interface Database {
  pool: pg.Pool;
  db: Db;
  /**
   * Runs `work` as kontor_app with app.org_id set: row-level security applies. Writing work runs
   * in a transaction on a connection of its own. Read-only work runs each statement as a
   * read-only transaction of its own (tenant-read.ts), on a connection it shares with other
   * requests' reads (shared-readers.ts), or with `ownConnection` on one of its own: for work whose
   * statements may run long (exports), which would hold up the short reads queued behind them.
   */
  withOrg<T>(context: TenantContext, work: (tx: Tx) => Promise<T>, options?: WithOrgOptions): Promise<T>;
  /** Runs `work` in a transaction as the owner: only for auth, seed and cross-organisation jobs. */
  withSystem<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Whether PostgreSQL answers the watchdog's probe within a second and a half (/api/health). */
  answers(): Promise<boolean>;
  close(): Promise<void>;
}

export interface WithOrgOptions {
  readOnly?: boolean;
  /** Read-only work that may run long keeps a connection to itself (see withOrg). */
  ownConnection?: boolean;
}

export interface DatabaseOptions {
  /** Connections of each pool (the owner's, the tenants'). */
  poolSize?: number;
  /** Shared connections for short read-only work (shared-readers.ts). */
  sharedReadConnections?: number;
  /** PostgreSQL ends a tenant statement (request or job) that runs longer (57014 → 503). */
  statementTimeoutMs?: number;
  /** Opening a connection, or waiting for one of the pool's, fails after this long (→ 503). */
  connectTimeoutMs?: number;
  /** database-watchdog.ts: when work is suspected stuck, how soon a silent database counts as down. */
  watchdog?: WatchdogOptions;
}

/** PostgreSQL ends a transaction left open this long, and frees its locks (a process that hung mid-work). */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

// bigint (int8) columns come back as strings by default; money sums stay exact as bigint in JS.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));

export function connectDatabase(
  url: string,
  {
    poolSize = 20,
    sharedReadConnections = 1,
    statementTimeoutMs = 60_000,
    connectTimeoutMs = 5_000,
    watchdog: watchdogOptions,
  }: DatabaseOptions = {},
): Database {
  const onIdleError = () => {
    // An idle client lost its connection (e.g. the server restarted); the pool replaces it.
  };
  const idleInTransaction = `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_TIMEOUT_MS}`;
  // The owner's pool: migrations, auth, sessions, jobs and withSystem. No statement timeout:
  // migrations and pg-boss's maintenance may rightly run long.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectTimeoutMs,
    options: idleInTransaction,
  });
  pool.on('error', onIdleError);
  // The tenants' connections are kontor_app from their start-up packet on, so no statement on
  // them can bypass row-level security even if setting the tenant failed.
  const tenantSettings = {
    options: `-c role=kontor_app -c statement_timeout=${statementTimeoutMs} ${idleInTransaction}`,
    connectionTimeoutMillis: connectTimeoutMs,
  };
  // The tenants' pool. Its connections pipeline, so a request's first statements travel together
  // with its BEGIN (see withOrg).
  const tenantPool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    pipeline: true,
    ...tenantSettings,
  });
  tenantPool.on('error', onIdleError);
  // A connection PostgreSQL ends while it is checked out but between statements (a restart, a
  // shutdown racing ours, an administrator) emits 'error' outside any query, which unheard ends
  // the process. The statement that next uses it fails, and withOrg then drops it.
  const ignoreErrorsOutsideStatements = (client: pg.PoolClient) => client.on('error', () => {});
  pool.on('connect', ignoreErrorsOutsideStatements);
  tenantPool.on('connect', ignoreErrorsOutsideStatements);
  const db = drizzle(pool, { casing: 'snake_case' });
  const sharedReaders = new SharedReaders(url, sharedReadConnections, tenantSettings);
  const watchdog = new DatabaseWatchdog(url, [watchPool(pool), watchPool(tenantPool), sharedReaders], watchdogOptions);

  return {
    pool,
    db,
    withOrg: async (context, work, options = {}) => {
      // Every request runs through here. The ids are interpolated, so they must be UUIDs
      // (checked, never user text).
      if (!UUID.test(context.orgId) || (context.userId !== null && !UUID.test(context.userId))) {
        throw new Error('withOrg needs UUIDs');
      }
      watchdog.assertAvailable();
      if (options.readOnly) {
        const shared = options.ownConnection ? null : sharedReaders.pick();
        if (shared) return sharedReaders.read(shared, context, (reader) => work(readerDrizzle(reader)));
        return readAsTenant(await tenantPool.connect(), context, work);
      }
      const client = await tenantPool.connect();
      const tenant = `select set_config('app.org_id', '${context.orgId}', true), set_config('app.user_id', '${context.userId ?? ''}', true)`;
      batchWritesUntilIdle(client);
      let isBroken = false;
      try {
        // Not awaited: the work's first statements are pipelined behind it, so opening the
        // transaction costs no round trip of its own. Should it fail, the statements behind it
        // fail too (or, outside a transaction, see no tenant and thus no rows).
        const opened = client.query(`begin; ${tenant}`);
        opened.catch(() => {});
        const result = await work(drizzleOn(client));
        await opened;
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {
          isBroken = true;
        });
        throw error;
      } finally {
        client.release(isBroken);
      }
    },
    withSystem: (work) => {
      watchdog.assertAvailable();
      return db.transaction(work);
    },
    answers: () => watchdog.probe(),
    close: async () => {
      watchdog.stop();
      await Promise.all([pool.end(), tenantPool.end(), sharedReaders.close()]);
    },
  };
}

export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  // One process migrates at a time, even when several start together.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migrate(database.db, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}

/**
 * Holds the connection's outgoing messages until the current event-loop turn has run its
 * microtasks, then sends them in one write. node-postgres writes every statement on its own
 * (one write system call each), and on these machines the system calls of BEGIN, the tenant
 * settings and a page's statements cost more CPU than PostgreSQL needs to answer them (measured:
 * a quarter of the API's CPU time went to socket writes). Statements a request issues together —
 * Promise.all, or behind the unawaited BEGIN — thus leave in one packet; a statement issued after
 * awaiting a result is written at once, because the stream is no longer corked by then.
 */
function batchWritesUntilIdle(client: pg.PoolClient): void {
  const socket = socketOf(client);
  if (!socket) return;
  socket.cork();
  setImmediate(() => socket.uncork());
}

/** One query builder per pooled connection, made on its first checkout (not per request). */
const drizzles = new WeakMap<pg.PoolClient, Tx>();
function drizzleOn(client: pg.PoolClient): Tx {
  let tx = drizzles.get(client);
  if (!tx) drizzles.set(client, (tx = drizzle(client, { casing: 'snake_case' })));
  return tx;
}

/**
 * The query builder of one piece of read-only work (its TenantReadClient is made per piece of
 * work): under a microsecond, and nothing kept for it after the work.
 */
const readerDrizzle = (reader: TenantReadClient): Tx => drizzle(reader as unknown as pg.Client, { casing: 'snake_case' });

/**
 * Read-only work on a connection of its own: the statements as on a shared one (each behind its
 * opening, TenantReadClient), and the connection back to the pool when the work is done, or
 * dropped if one of them broke it.
 */
async function readAsTenant<T>(client: pg.PoolClient, tenant: TenantContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  let isBroken = false;
  const reader = TenantReadClient.on(client, tenant, (answer) =>
    answer.catch((error: unknown) => {
      if (!isStatementError(error)) isBroken = true;
    }),
  );
  try {
    return await work(readerDrizzle(reader));
  } finally {
    client.release(isBroken);
  }
}

const dialect = new PgDialect({ casing: 'snake_case' });

/** Under the server tests every prepared statement is compiled both ways and must match. */
const CHECK_COMPILER = process.env.VITEST !== undefined;

function assertCompiledAsDrizzle(statement: SQL, text: string, params: unknown[]): void {
  const expected = dialect.sqlToQuery(statement);
  if (expected.sql !== text || !isDeepStrictEqual(expected.params, params)) {
    throw new Error(`compileSql differs from drizzle for: ${expected.sql}`);
  }
}

// Statement names by label and text: a hash per call cost more than the lookup; shapes are few.
const statementNames = new Map<string, Map<string, string>>();
const NAMES_KEPT_PER_LABEL = 500;

function statementName(label: string, text: string): string {
  let names = statementNames.get(label);
  if (names === undefined) statementNames.set(label, (names = new Map()));
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= NAMES_KEPT_PER_LABEL) names.clear();
    name = preparedStatementName(label, text);
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a hot, fixed-shape statement as a named prepared statement on the transaction's
 * connection, so that PostgreSQL plans it once per connection instead of on every request
 * (planning the invoice page under row-level security costs more than executing it). Outside
 * withOrg (no single connection to prepare on) it runs as an ordinary statement.
 *
 * PostgreSQL still plans a prepared statement per call when its generic plan looks dearer than
 * the plans for the actual values; `plan: 'generic'` overrides that for statements whose shape
 * alone fixes the plan (an index range in the page's order), for which the per-call planning
 * costs more than the whole execution. In read-only work the statement's opening sets it
 * (tenant-read.ts); in a transaction it is set and reset around the statement, in the same write.
 */
export async function queryPrepared<T extends Record<string, unknown>>(
  tx: Tx,
  statement: SQL,
  label: string,
  options: PrepareOptions = {},
): Promise<T[]> {
  const client = connectionOf(tx);
  if (!client) return (await tx.execute<T>(statement)).rows as T[];
  const { sql: text, params } = compileSql(statement, dialect);
  if (CHECK_COMPILER) assertCompiledAsDrizzle(statement, text, params);
  return sendPrepared<T>(client, { name: statementName(label, text), text, values: params }, options);
}

/**
 * queryPrepared for a statement template (statement-templates.ts): the text and name are its
 * shape's, the parameters this call's values. Only where work has a connection (withOrg).
 */
export async function queryTemplate<T extends Record<string, unknown>>(
  tx: Tx,
  template: StatementTemplate,
  values: SlotValues,
  options: PrepareOptions = {},
): Promise<T[]> {
  const client = connectionOf(tx);
  if (!client) throw new Error('A statement template runs in withOrg');
  const params = fillSlots(template, values);
  if (options.unnamed) return (await client.query({ text: template.text, values: params })).rows as T[];
  return sendPrepared<T>(client, { name: template.name, text: template.text, values: params }, options);
}

interface PrepareOptions {
  plan?: 'generic';
  /** Sent as the unnamed statement: planned for its values on every call, as an ad-hoc query is. */
  unnamed?: boolean;
}

/** The connection behind withOrg's work: a read-only client or the transaction's own. */
function connectionOf(tx: Tx): TenantReadClient | pg.Client | null {
  const client = (tx as { $client?: unknown }).$client;
  return client instanceof TenantReadClient || client instanceof pg.Client ? client : null;
}

async function sendPrepared<T extends Record<string, unknown>>(
  client: TenantReadClient | pg.Client,
  config: { name: string; text: string; values: unknown[] },
  options: PrepareOptions,
): Promise<T[]> {
  if (client instanceof TenantReadClient) {
    return (await client.query(options.plan === 'generic' ? withGenericPlan(config) : config)).rows as T[];
  }
  if (options.plan !== 'generic') return (await client.query<T>(config)).rows;
  // Issued back to back with no await between them: no other statement can come in between.
  client.query('set local plan_cache_mode = force_generic_plan').catch(() => {});
  const result = client.query<T>(config);
  client.query('set local plan_cache_mode = default').catch(() => {});
  return (await result).rows;
}
