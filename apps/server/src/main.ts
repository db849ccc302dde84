import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config';
import { announceReady, exitOnStopSignals } from './process-lifecycle';

/**
 * Starts Kontor: PostgreSQL (embedded unless DATABASE_URL), migrations, demo data, then the
 * roles named in KONTOR_ROLES (api serves HTTP, worker runs pg-boss jobs; default both), in
 * KONTOR_API_PROCESSES processes on one port (default one per core, see cluster.ts).
 */
async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfig();
  // The server's code is imported where it is needed, not here: the build splits it into chunks,
  // and a cluster's primary never loads it (cluster.ts).
  if (cluster.isWorker) return (await import('./cluster')).runClusterMember(config);
  if (config.roles.has('api') && config.apiProcesses > 1) {
    return (await import('./cluster')).superviseApiProcesses(config, startedAt);
  }

  const [{ startDatabase }, { serve }] = await Promise.all([import('./database-start'), import('./server-process')]);
  const { url, database, embedded } = await startDatabase(config);
  const server = await serve(config, url, { seed: true, database });
  exitOnStopSignals(
    async () => {
      await server.stop();
      await embedded?.stop();
    },
    (signal) => server.app.log.info({ signal }, 'shutting down'),
  );
  if (config.roles.has('api')) announceReady(config, startedAt, 1);
  else console.log('Kontor worker started');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
