import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';
import { announceReady, dropForeignStopHooks, exitOnStopSignals } from './process-lifecycle';

/**
 * Several api processes on one port (node:cluster; the primary hands each new connection to
 * the next process). One Node.js process serves on one core, and on the list pages the API spends
 * about as much CPU per request as PostgreSQL (see MAX_DEFAULT_API_PROCESSES in config.ts for
 * what a second process gained). The processes share nothing but PostgreSQL, which is the design
 * anyway (ARCHITECTURE §1: sessions, jobs, locks, rate limits and caches' invalidation live there).
 *
 * The primary (this supervisor) owns the embedded PostgreSQL and migrates, then tells
 * the processes where the database is; it serves no requests itself. The first process also
 * runs the jobs (the worker role), the others only the api.
 */

/**
 * A process asks for the database once it listens for the answer (a message sent before that
 * would be lost), and says when it serves.
 */
type ToMember = { kind: 'database'; url: string; seed: boolean };
type FromMember = { kind: 'waiting' } | { kind: 'listening' };

/** A process that ends this often within this window is failing, not unlucky: give up. */
const RESTARTS_ALLOWED = 5;
const RESTART_WINDOW_MS = 60_000;

export async function superviseApiProcesses(config: Config, startedAt: number): Promise<void> {
  const count = config.apiProcesses;
  const members = new Map<number, Worker>();
  /** Processes asking for the database, with their index. */
  const waiting = new Map<Worker, number>();
  const restarts: number[] = [];
  let databaseUrl: string | undefined;
  let isStopping = false;
  let isReady = false;
  let listening = 0;
  let embeddedStop: (() => Promise<void>) | undefined;

  const stopAll = async () => {
    isStopping = true;
    await Promise.all([...members.values()].map((member) => stopMember(member)));
    await embeddedStop?.();
  };
  const fail = (message: string) => {
    if (isStopping) return;
    console.error(message);
    void stopAll().finally(() => process.exit(1));
  };
  exitOnStopSignals(stopAll, (reason) => console.log(`Stopping Kontor (${reason}) …`));

  const fork = (index: number) => {
    const roles = index === 0 ? [...config.roles].join(',') : 'api';
    const member = cluster.fork({ KONTOR_ROLES: roles });
    members.set(index, member);
    member.on('message', (message: FromMember) => {
      if (message.kind === 'waiting') {
        waiting.set(member, index);
        return tellDatabase();
      }
      if (message.kind !== 'listening' || isReady) return;
      listening += 1;
      if (index === 0) startTheOthers();
      if (listening === count) {
        isReady = true;
        announceReady(config, startedAt, count);
      }
    });
    member.on('exit', (code, signal) => {
      if (isStopping || members.get(index) !== member) return;
      members.delete(index);
      if (!isReady) return fail(`An api process ended while Kontor started (${signal ?? `exit code ${code}`}).`);
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length > RESTARTS_ALLOWED) return fail('An api process keeps ending; Kontor stops.');
      console.error(`api process ${index + 1} ended (${signal ?? `exit code ${code}`}); starting it again`);
      fork(index);
    });
  };
  const tellDatabase = () => {
    if (!databaseUrl) return;
    for (const [member, index] of waiting) {
      // The first process seeds the demo data (idempotent) before it serves, once per start.
      member.send({ kind: 'database', url: databaseUrl, seed: index === 0 && !isReady } satisfies ToMember);
    }
    waiting.clear();
  };
  // The first process alone sets up what processes share (pg-boss's schema and queues, the
  // provider's keys): several at once on a fresh database wait on each other's locks and
  // deadlocks (a fresh start took 11 s instead of 3). It serves as soon as it listens; the
  // others start then and join the port as they get ready.
  let othersStarted = false;
  const startTheOthers = () => {
    if (othersStarted) return;
    othersStarted = true;
    for (let index = 1; index < count; index += 1) fork(index);
  };
  // Before the database is ready: loading the first process's code overlaps PostgreSQL's start.
  fork(0);

  try {
    // Not the server's code: the first process loads that meanwhile, and seeds the demo data.
    const { startDatabase } = await import('./database-start');
    dropForeignStopHooks();
    const started = await startDatabase(config);
    embeddedStop = started.embedded ? () => started.embedded!.stop() : undefined;
    // The processes bring their own pools; the supervisor's was only for migrating.
    await started.database.close();
    databaseUrl = started.url;
  } catch (error) {
    console.error(error);
    return fail('Kontor could not prepare its database.');
  }
  tellDatabase();
}

/** Asks a process to stop (SIGTERM: it finishes its requests) and waits until it has ended. */
function stopMember(member: Worker): Promise<void> {
  if (member.isDead()) return Promise.resolve();
  return new Promise((resolve) => {
    member.once('exit', () => resolve());
    member.process.kill('SIGTERM');
  });
}

/** One api process of the cluster: waits for the database's address, then serves. */
export async function runClusterMember(config: Config): Promise<void> {
  // Loading the server's code (most of a start) overlaps the primary's preparing the database.
  const serverCode = import('./server-process');
  const database = await new Promise<ToMember>((resolve) => {
    const onMessage = (message: ToMember) => {
      if (message.kind !== 'database') return;
      process.off('message', onMessage);
      resolve(message);
    };
    process.on('message', onMessage);
    process.send?.({ kind: 'waiting' } satisfies FromMember);
  });
  const { serve } = await serverCode;
  const server = await serve(config, database.url, { seed: database.seed });
  const stop = exitOnStopSignals(
    () => server.stop(),
    (reason) => server.app.log.info({ reason }, 'shutting down'),
  );
  // The supervisor is gone (killed without passing a signal on): nobody would stop this one.
  process.on('disconnect', () => stop('supervisor ended'));
  process.send?.({ kind: 'listening' } satisfies FromMember);
}
