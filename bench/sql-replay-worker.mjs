// One thread of the raw-SQL replay (bench/sql-replay.mjs), standing in for one api process: its
// share of the connections (load loops), its own pipelining pool and its process's shared read
// connections, replaying a page's statements as the API sends them.
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

const { tenantReadQuery, withGenericPlan } = await tsImport('../apps/server/src/db/tenant-read.ts', import.meta.url);
const { SharedReaders } = await tsImport('../apps/server/src/db/shared-readers.ts', import.meta.url);

const { databaseUrl, loops, poolSize, sharedReadConnections } = workerData;
const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, options: '-c role=kontor_app', pipeline: true });
const readers = new SharedReaders(databaseUrl, sharedReadConnections);

const configOf = ({ name, text, values, genericPlan }) => {
  const config = { name, text, values };
  return genericPlan ? withGenericPlan(config) : config;
};

/** One page's waves on a connection of its own, as the API sends writing work (db/database.ts). */
async function sendOnOwnConnection(waves) {
  const client = await pool.connect();
  const send = (statement) =>
    statement.tenant
      ? tenantReadQuery(client, statement.tenant)(configOf(statement))
      : client.query(statement.name ? configOf(statement) : statement.text);
  let committed = Promise.resolve();
  // A wave leaves in one write; a transaction's COMMIT, if there is one, is not waited for.
  for (const wave of waves) {
    client.connection.stream.cork();
    setImmediate(() => client.connection.stream.uncork());
    const answers = Promise.all(wave.filter((statement) => statement.text !== 'commit').map(send));
    committed = Promise.all(wave.filter((statement) => statement.text === 'commit').map(send));
    await answers;
  }
  committed.then(() => client.release());
}

/** One read-only page's waves on a shared connection, as the API reads (db/shared-readers.ts). */
async function sendShared(connection, waves) {
  await readers.read(connection, waves[0][0].tenant, async (client) => {
    for (const wave of waves) await Promise.all(wave.map((statement) => client.query(configOf(statement))));
  });
}

async function run({ statements, warmUpMs, durationMs }) {
  const waves = [];
  for (const statement of statements) (waves[statement.wave] ??= []).push(statement);
  const tenants = new Set(statements.map((statement) => statement.tenant && JSON.stringify(statement.tenant)));
  const isSharedRead = tenants.size === 1 && !tenants.has(undefined);
  const latencies = [];
  const measuredFrom = performance.now() + warmUpMs;
  const deadline = measuredFrom + durationMs;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const shared = isSharedRead ? readers.pick() : null;
        if (shared) await sendShared(shared, waves);
        else await sendOnOwnConnection(waves);
        if (started >= measuredFrom) latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

parentPort.on('message', async (message) => {
  if (message.type === 'end') {
    await Promise.all([pool.end(), readers.close()]);
    parentPort.postMessage({ type: 'ended' });
    return;
  }
  parentPort.postMessage({ type: 'latencies', latencies: await run(message) });
});
