// "The raw SQL of the same page": the statements the API sends for it (captured by
// bench/page-statements.ts from the server's own code), replayed straight through node-postgres as
// the API's database role, each read behind the same opening (apps/server/src/db/tenant-read.ts,
// loaded from the server's source), with the same prepared-statement names and the same grouping
// into round trips. As in the API, a read-only page goes over shared pipelined connections
// (db/shared-readers.ts), other work over a pipelining pool, a connection per page; and the load
// is split over as many threads as `npm start` runs api processes, each with its process's shared
// connections (one thread alone parsed every answer on one core, and fell behind the API).
// What is left between the API's figure and this one is HTTP, session, validation and serialisation.
import { Worker } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { loadConfig } = await tsImport('../apps/server/src/config.ts', import.meta.url);

/** What `npm start` runs on this machine: its api processes and each one's shared read connections. */
function apiShape() {
  const config = loadConfig({ ...process.env, SESSION_SECRET: 'x'.repeat(32), OIDC_CLIENT_SECRET: 'bench' });
  return { processes: config.apiProcesses, sharedReadConnections: config.database.sharedReadConnections };
}

/** Replay threads for `connections` load loops in all; `run` replays a page for a duration. */
export function createSqlReplay(databaseUrl, connections) {
  const { processes, sharedReadConnections } = apiShape();
  const workers = Array.from({ length: processes }, (_, index) => {
    const loops = Math.floor(connections / processes) + (index < connections % processes ? 1 : 0);
    return new Worker(new URL('./sql-replay-worker.mjs', import.meta.url), {
      workerData: { databaseUrl, loops, poolSize: connections, sharedReadConnections },
    });
  });
  const ask = (worker, message, answer) =>
    new Promise((resolve, reject) => {
      const onMessage = (reply) => {
        if (reply.type !== answer) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(reply);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.postMessage(message);
    });
  return {
    /** Every page's latency (ms) over `durationMs`, after `warmUpMs` of the same load not counted. */
    async run(statements, { warmUpMs, durationMs }) {
      const replies = await Promise.all(
        workers.map((worker) => ask(worker, { type: 'run', statements, warmUpMs, durationMs }, 'latencies')),
      );
      return replies.flatMap((reply) => reply.latencies);
    },
    async end() {
      await Promise.all(workers.map((worker) => ask(worker, { type: 'end' }, 'ended')));
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
