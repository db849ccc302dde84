import pg from 'pg';

/**
 * Notices a database that stopped answering and fails the work waiting on it within seconds.
 *
 * PostgreSQL's own timeouts (statement, idle in transaction) run in PostgreSQL: a paused or
 * unreachable server enforces none of them, and an open connection to it waits as long as the
 * pause lasts (59 s seen), so every request, /api/health included, hung with it. So each process
 * watches its own connections: when work has held a connection longer than `suspectAfterMs`, a
 * probe (`select 1` on a connection of the watchdog's own, opened on first need) asks whether
 * PostgreSQL answers at all. An open connection makes the probe cheap for PostgreSQL, so a busy
 * server still answers it in time, and only a silent one fails it. If not within
 * `probeTimeoutMs`, the database counts as unavailable: the sockets of the connections in use are
 * destroyed (their statements fail at once), new work is refused (503 database_unavailable), and a
 * probe every tick tells when it is back. A slow statement on a database that answers is left
 * alone: the probe answers, and only PostgreSQL's statement_timeout ends it.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('The database does not answer', cause === undefined ? undefined : { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** SQLSTATEs that mean "not now" rather than "wrong": a statement timeout, a shutdown, a lost connection. */
const UNAVAILABLE_STATES = new Set(['57014', '57P01', '57P02', '57P03', '53300']);
const CONNECTION_FAILURES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Query read timeout|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT/;

/**
 * Whether an error (or one it wraps: drizzle wraps the driver's) means the database could not be
 * reached or did not answer in time, rather than that it refused the statement.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth += 1
  ) {
    if (current instanceof DatabaseUnavailableError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || code.startsWith('08'))) return true;
    if (!(current instanceof pg.DatabaseError) && current instanceof Error && CONNECTION_FAILURES.test(current.message))
      return true;
  }
  return false;
}

export interface WatchdogOptions {
  suspectAfterMs?: number;
  probeTimeoutMs?: number;
  tickMs?: number;
  /** Told when the database becomes unavailable and when it answers again. */
  onChange?: (isAvailable: boolean) => void;
}

/** Connections whose work the watchdog may end: the pools' checked-out clients, the shared readers. */
export interface WatchedConnections {
  /** Since when each connection has been busy (performance.now()). */
  busy(): Iterable<{ since: number; destroy(): void }>;
}

type Socket = { destroy(): void };

/** Ends a client's connection at once (node-postgres's typings do not expose its socket). */
export function destroyConnection(client: pg.ClientBase): void {
  (client as unknown as { connection?: { stream?: Partial<Socket> } }).connection?.stream?.destroy?.();
}

/** The clients a pool has handed out, with when (the pool's acquire and release events). */
export function watchPool(pool: pg.Pool): WatchedConnections {
  const checkedOut = new Map<pg.PoolClient, number>();
  pool.on('acquire', (client) => checkedOut.set(client, performance.now()));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('remove', (client) => checkedOut.delete(client));
  return {
    *busy() {
      for (const [client, since] of checkedOut) yield { since, destroy: () => destroyConnection(client) };
    },
  };
}

export class DatabaseWatchdog {
  private isAvailableNow = true;
  private probing: Promise<boolean> | null = null;
  private answeredAt = 0;
  private probeClient: pg.Client | null = null;
  private readonly droppedProbes = new WeakSet<pg.Client>();
  private readonly timer: NodeJS.Timeout;
  private readonly suspectAfterMs: number;
  private readonly probeTimeoutMs: number;

  constructor(
    private readonly url: string,
    private readonly watched: WatchedConnections[],
    private readonly options: WatchdogOptions = {},
  ) {
    this.suspectAfterMs = options.suspectAfterMs ?? 1_500;
    this.probeTimeoutMs = options.probeTimeoutMs ?? 1_500;
    this.timer = setInterval(() => void this.tick(), options.tickMs ?? 250);
    this.timer.unref();
  }

  get isAvailable(): boolean {
    return this.isAvailableNow;
  }

  /** Refuses new work at once while the database does not answer. */
  assertAvailable(): void {
    if (!this.isAvailableNow) throw new DatabaseUnavailableError();
  }

  /** Whether PostgreSQL answers `select 1` within the probe timeout (one probe at a time). */
  probe(): Promise<boolean> {
    this.probing ??= this.askDatabase().then((answers) => {
      this.probing = null;
      if (answers) this.answeredAt = performance.now();
      this.setAvailable(answers);
      return answers;
    });
    return this.probing;
  }

  /** `select 1` on the probe's connection, opened (again) when it has none or lost it. */
  private async askDatabase(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    // Decided after the event loop's I/O phase: when the loop was blocked (a long synchronous
    // step), an answer that arrived meanwhile is read before the timer's verdict counts.
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => setImmediate(() => resolve(false)), this.probeTimeoutMs);
    });
    const answer = (async () => {
      if (!this.probeClient) {
        const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: this.probeTimeoutMs });
        client.on('error', () => this.dropProbeClient(client));
        client.on('end', () => this.dropProbeClient(client));
        this.probeClient = client;
        await client.connect();
      }
      await this.probeClient.query('select 1');
      return true as const;
    })().catch(() => false as const);
    try {
      const answers = await Promise.race([answer, late]);
      // No answer in time: the connection may be stuck behind the silence; the next probe opens a new one.
      if (!answers && this.probeClient) this.dropProbeClient(this.probeClient);
      return answers;
    } finally {
      clearTimeout(timer);
    }
  }

  private dropProbeClient(client: pg.Client): void {
    if (this.droppedProbes.has(client)) return;
    this.droppedProbes.add(client);
    if (this.probeClient === client) this.probeClient = null;
    destroyConnection(client);
    void client.end().catch(() => {});
  }

  stop(): void {
    clearInterval(this.timer);
    if (this.probeClient) this.dropProbeClient(this.probeClient);
  }

  private async tick(): Promise<void> {
    if (this.probing) return;
    if (!this.isAvailableNow) {
      // Work that reached a connection meanwhile (an idle one, to the same silent server) ends too.
      this.destroyBusy(0);
      await this.probe();
      return;
    }
    // Long work on a database that answers (an export, an import) is asked about once per period.
    if (performance.now() - this.answeredAt < this.suspectAfterMs || !this.hasWorkOlderThan(this.suspectAfterMs)) return;
    if (!(await this.probe())) this.destroyBusy(this.suspectAfterMs);
  }

  private hasWorkOlderThan(ms: number): boolean {
    const now = performance.now();
    for (const connections of this.watched) for (const { since } of connections.busy()) if (now - since > ms) return true;
    return false;
  }

  private destroyBusy(olderThanMs: number): void {
    const now = performance.now();
    for (const connections of this.watched) {
      for (const connection of [...connections.busy()]) if (now - connection.since >= olderThanMs) connection.destroy();
    }
  }

  private setAvailable(isAvailable: boolean): void {
    if (isAvailable === this.isAvailableNow) return;
    this.isAvailableNow = isAvailable;
    this.options.onChange?.(isAvailable);
  }
}
