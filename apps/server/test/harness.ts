import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/database';
import { InvalidationListener } from '../src/lib/invalidation';
import type { BankDataProvider } from '../src/modules/bank-connections/provider';
import { createTestDatabase, type TestDatabaseOptions } from './database';

export { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  url: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  env?: Record<string, string>;
  runWorkers?: boolean;
  /** A bank-data provider in place of the configured one (a bank that fails on cue). */
  bankProvider?: BankDataProvider;
  /** Pool settings and the address the pools connect to (database-unavailable.test.ts). */
  database?: TestDatabaseOptions;
}

/** The real app on a fresh database; not listening (use app.inject). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDatabase = await createTestDatabase(options.database);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-app-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      KONTOR_DATA_DIR: dataDir,
      KONTOR_DEMO: '0',
      PUBLIC_URL: 'http://localhost:3000',
      KONTOR_WEB_DIST: path.join(dataDir, 'web-dist'),
      // Off unless a test is about them: reading keeps uploads "in OCR" until a job runs, and
      // test files run in parallel, so a fixed SMTP port would clash.
      INVOICE_READING: '0',
      // No VIES lookups unless a test is about them (counterparty-vat-check.test.ts runs a fake VIES).
      VAT_CHECK: '0',
      SMTP_IMPORT_PORT: '0',
      ...options.env,
    },
    options.config,
  );
  const listener = new InvalidationListener(testDatabase.url);
  await listener.start();
  const app = await buildApp(config, {
    database: testDatabase.database,
    listener,
    runWorkers: options.runWorkers ?? false,
    bankProvider: options.bankProvider,
  });
  await app.ready();
  return {
    app,
    database: testDatabase.database,
    config,
    url: testDatabase.url,
    async close() {
      await app.close();
      await listener.stop();
      await testDatabase.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
