import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** A transaction handle; repo functions take this so that callers decide the transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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
  /** Runs `work` in a transaction as kontor_app with app.org_id set: row-level security applies. */
  withOrg<T>(context: TenantContext, work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs `work` in a transaction as the owner: only for auth, seed and cross-organisation jobs. */
  withSystem<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

// bigint (int8) columns come back as strings by default; money sums stay exact as bigint in JS.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));

export function connectDatabase(url: string, poolSize = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // An idle client lost its connection (e.g. the server restarted); the pool replaces it.
  });
  const db = drizzle(pool, { schema, casing: 'snake_case' });

  return {
    pool,
    db,
    withOrg: (context, work) =>
      db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('role', 'kontor_app', true), set_config('app.org_id', ${context.orgId}, true), set_config('app.user_id', ${context.userId ?? ''}, true)`,
        );
        return work(tx);
      }),
    withSystem: (work) => db.transaction(work),
    close: () => pool.end(),
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
