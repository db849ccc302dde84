// Starting and stopping Kontor for the benchmarks: a free port, `scripts/start.mjs` (what
// `npm start` runs) with its own data folder, and the server process's id for memory figures.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The children of `parentPid` whose command line contains `commandPart` (Linux /proc). */
function findChildren(parentPid, commandPart) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === parentPid && command.includes(commandPart)) found.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

/**
 * The processes that serve: the api processes a cluster's primary started (KONTOR_API_PROCESSES,
 * apps/server/src/cluster.ts), or the one server process when it serves alone.
 */
function serverProcesses(startPid) {
  const [server] = findChildren(startPid, 'main.js');
  if (server === undefined) return [];
  const members = findChildren(server, 'main.js');
  return members.length > 0 ? members : [server];
}

/**
 * Starts Kontor with the given data folder and ports. `seconds` is the time until / answers 200
 * (the first api process serves); it resolves once Kontor says it is ready (every api process
 * listens), with the ids of the processes that serve and a `stop` that ends the process group.
 * `forceBuild` rebuilds even when the sources did not change; `onOutput` sees what the server prints
 * (at `logLevel`).
 */
export async function startKontor({
  dataDir,
  port,
  pgPort,
  forceBuild = false,
  timeoutSeconds = 300,
  logLevel = 'warn',
  onOutput,
}) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      KONTOR_DATA_DIR: dataDir,
      KONTOR_PG_PORT: String(pgPort),
      LOG_LEVEL: logLevel,
      KONTOR_FORCE_BUILD: forceBuild ? '1' : '0',
    },
  });
  // The line main.ts prints when every api process listens (the later ones start after the first).
  let output = '';
  const ready = new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      onOutput?.(chunk.toString());
      output += chunk.toString();
      if (/Kontor is ready on/.test(output)) resolve();
      if (output.length > 10_000) output = output.slice(-1_000);
    });
  });
  const deadline = Date.now() + timeoutSeconds * 1000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`Kontor did not answer within ${timeoutSeconds} s`);
    try {
      if ((await fetch(`http://localhost:${port}/`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.race([
    ready,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('Kontor did not say it is ready')), Math.max(0, deadline - Date.now())).unref(),
    ),
  ]);
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      process.kill(-child.pid, 'SIGTERM');
    });
  return { seconds, serverPids: serverProcesses(child.pid), stop };
}
