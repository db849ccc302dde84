import type { Config } from './config';
import { connectDatabase, migrateDatabase, type Database } from './db/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';

/** The database Kontor runs on: started (embedded unless DATABASE_URL) and migrated. */
export interface StartedDatabase {
  url: string;
  database: Database;
  embedded: EmbeddedDatabase | undefined;
}

/**
 * Starts and migrates the database. Kept apart from the server's code (server-process.ts) so that
 * a cluster's primary does this without loading the server: its first api process loads it
 * meanwhile, and seeds the demo data.
 */
export async function startDatabase(config: Config): Promise<StartedDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.database.url;
  if (!url) {
    console.log(`Starting embedded PostgreSQL (data in ${config.dataDir}/pg) …`);
    embedded = await startEmbeddedPostgres(config.dataDir, config.database.embeddedPort, {
      log: (message) => console.error(message),
      // The primary looks after it: a PostgreSQL that died is started again within seconds.
      watchIntervalMs: 2_000,
    });
    url = embedded.url;
  }
  const database = connectDatabase(url, config.database);
  await migrateDatabase(database);
  return { url, database, embedded };
}
