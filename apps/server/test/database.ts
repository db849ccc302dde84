import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type Database, type DatabaseOptions } from '../src/db/database';

export interface TestDatabase {
  url: string;
  database: Database;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface TestDatabaseOptions {
  database?: DatabaseOptions;
  /** The address the pools connect to, e.g. a proxy in front of the database (url: the database's own). */
  connectThrough?: (url: string) => string;
}

/** A fresh database cloned from the migrated template: each test file gets its own. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = inject('adminUrl');
  const name = `kontor_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
        break;
      } catch (error) {
        // Two files cloning at the same instant: PostgreSQL refuses one; try again.
        if (attempt >= 20 || !String(error).includes('being accessed')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const database = connectDatabase(options.connectThrough?.(url) ?? url, { poolSize: 10, ...options.database });
  return {
    url,
    database,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
