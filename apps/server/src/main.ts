import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { connectDatabase, migrateDatabase } from './db/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { seedDemoData } from './db/seed/demo';
import { InvalidationListener } from './lib/invalidation';

/**
 * Starts Kontor: PostgreSQL (embedded unless DATABASE_URL), migrations, demo data, then the
 * roles named in KONTOR_ROLES (api serves HTTP, worker runs pg-boss jobs; default both).
 */
async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfig();
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

  const listener = new InvalidationListener(url);
  await listener.start();
  const app = await buildApp(config, { database, listener, runWorkers: config.roles.has('worker') });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await listener.stop();
      await database.close();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (config.roles.has('api')) {
    await app.listen({ port: config.port, host: config.host });
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    console.log(`Kontor is ready on ${config.publicUrl} (started in ${seconds} s)`);
    if (config.demo) console.log('Demo sign-in: admin@demo.kontor.test / kontor-demo');
  } else {
    await app.ready();
    console.log('Kontor worker started');
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
