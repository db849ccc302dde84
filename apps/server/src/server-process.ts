import { buildApp, type App } from './app';
import type { Config } from './config';
import { connectDatabase, type Database } from './db/database';
import { seedDemoData } from './db/seed/demo';
import { InvalidationListener } from './lib/invalidation';

export interface RunningServer {
  app: App;
  /** Closes the app (in-flight requests finish), the invalidation listener and the pools. */
  stop(): Promise<void>;
}

/**
 * Kontor's roles in this process on a started, migrated database: the demo data first where
 * `seed` asks for it (idempotent), then the api listens on the port and the worker runs the
 * pg-boss jobs. `database` is reused when the caller has one open already.
 */
export async function serve(
  config: Config,
  url: string,
  options: { seed: boolean; database?: Database } = { seed: false },
): Promise<RunningServer> {
  const database =
    options.database ??
    connectDatabase(url, {
      ...config.database,
      watchdog: {
        onChange: (isAvailable) =>
          isAvailable
            ? console.log('The database answers again.')
            : console.error('The database does not answer; requests get 503 (database_unavailable) until it does.'),
      },
    });
  if (options.seed && config.demo) await seedDemoData(database, config);
  const listener = new InvalidationListener(url);
  await listener.start();
  const app = await buildApp(config, { database, listener, runWorkers: config.roles.has('worker') });
  if (config.roles.has('api')) await app.listen({ port: config.port, host: config.host });
  else await app.ready();
  return {
    app,
    stop: async () => {
      await app.close();
      await listener.stop();
      await database.close();
    },
  };
}
