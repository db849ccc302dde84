import pg from 'pg';
import { destroyConnection, type WatchedConnections } from './database-watchdog';
import { tenantReadQuery, type TenantIds } from './tenant-read';

/**
 * Short read-only work shares a few pipelined connections per process instead of checking out a
 * connection of its own (what Npgsql calls multiplexing). Every read-only statement is already a
 * transaction of its own, its tenant set by the opening in front of it up to its Sync
 * (tenant-read.ts), so the statements of many requests can queue on one connection, each with its
 * own tenant, and nothing of one reaches another.
 *
 * Why: with a connection per request, every statement woke a sleeping PostgreSQL backend and was
 * written and answered on its own. On a shared connection the backend finds the next statements
 * waiting when it finishes one, and the statements issued in one event-loop turn by different
 * requests leave in one write. Measured on the large seed at 20 connections (2 cores): PostgreSQL
 * per counterparty VAT-start search 0.50 → 0.41 ms, per "my approvals" page 0.92–1.01 → 0.67–0.73
 * ms; PostgreSQL context switches per request 1.1 → 0.3.
 *
 * The price is that a statement waits for those queued in front of it. Work whose statements may
 * run long (exports) therefore keeps its own connection (`withOrg`'s `ownConnection`), and a
 * connection whose oldest unanswered statement is older than SLOW_STATEMENT_MS takes no more work:
 * the read goes to a connection of its own instead.
 */
export const SLOW_STATEMENT_MS = 100;

/** The client drizzle and queryPrepared see for one piece of read-only tenant work. */
export class TenantReadClient {
  constructor(
    private readonly connection: pg.Client,
    private readonly send: ReturnType<typeof tenantReadQuery>,
    private readonly onStatement: (answer: Promise<pg.QueryResult>) => void,
  ) {}

  static on(
    connection: pg.ClientBase,
    tenant: TenantIds,
    onStatement: (answer: Promise<pg.QueryResult>) => void,
  ): TenantReadClient {
    return new TenantReadClient(connection as pg.Client, tenantReadQuery(connection, tenant), onStatement);
  }

  /** node-postgres's query(config) / query(text, values), as drizzle calls it. */
  query(...args: unknown[]): Promise<pg.QueryResult> {
    this.corkForThisTurn();
    const answer = this.send(...args);
    this.onStatement(answer);
    return answer;
  }

  /**
   * The statements issued until the event loop has run this turn's microtasks leave in one write
   * (node-postgres writes each on its own; a write system call costs more here than PostgreSQL
   * needs to answer a short read). The cork is the connection's: on a shared connection the
   * statements of every request issued in the same turn travel together.
   */
  private corkForThisTurn(): void {
    const socket = socketOf(this.connection);
    if (!socket || socket.writableCorked > 0) return;
    socket.cork();
    setImmediate(() => socket.uncork());
  }
}

type Socket = { cork(): void; uncork(): void; writableCorked: number };

/** node-postgres's socket; its typings do not expose it. */
export function socketOf(client: pg.ClientBase): Socket | undefined {
  const stream = (client as unknown as { connection?: { stream?: Partial<Socket> } }).connection?.stream;
  return stream?.cork && stream.uncork ? (stream as Socket) : undefined;
}

/** Whether an error leaves the connection as it was (PostgreSQL refused a statement) or broke it. */
export const isStatementError = (error: unknown): boolean => error instanceof pg.DatabaseError;

/** One shared connection and the statements it has not answered yet (by when each was sent). */
class SharedConnection {
  readonly client: pg.Client;
  readonly connected: Promise<void>;
  isBroken = false;
  private readonly unanswered = new Map<number, number>();
  private sent = 0;

  constructor(url: string, settings: ConnectionSettings) {
    this.client = new pg.Client({ connectionString: url, pipeline: true, ...settings });
    // Ended by PostgreSQL (restart, administrator) or the network: the statements on it fail, and
    // the next read gets a new connection.
    this.client.on('error', () => (this.isBroken = true));
    this.client.on('end', () => (this.isBroken = true));
    this.connected = this.client.connect().then(
      () => undefined,
      (error: unknown) => {
        this.isBroken = true;
        throw error;
      },
    );
    // Awaited by every read on it; a connection made but not yet used must not fail unheard.
    this.connected.catch(() => {});
  }

  get load(): number {
    return this.unanswered.size;
  }

  /** When its oldest unanswered statement was sent, if any. */
  get busySince(): number | undefined {
    for (const sentAt of this.unanswered.values()) return sentAt;
    return undefined;
  }

  /** Whether its oldest unanswered statement was sent more than SLOW_STATEMENT_MS ago. */
  isHeldUp(now: number): boolean {
    const since = this.busySince;
    return since !== undefined && now - since > SLOW_STATEMENT_MS;
  }

  track(answer: Promise<pg.QueryResult>): void {
    const id = this.sent++;
    this.unanswered.set(id, performance.now());
    answer.then(
      () => this.unanswered.delete(id),
      (error: unknown) => {
        this.unanswered.delete(id);
        if (!isStatementError(error)) this.isBroken = true;
      },
    );
  }

  end(): Promise<void> {
    this.isBroken = true;
    return this.client.end().catch(() => {});
  }
}

/** What a connection is opened with: the role, PostgreSQL's timeouts, the connect timeout. */
export interface ConnectionSettings {
  options: string;
  connectionTimeoutMillis: number;
}

/** A process's shared read connections, opened on first use and replaced when broken. */
export class SharedReaders implements WatchedConnections {
  private readonly connections: (SharedConnection | undefined)[];
  private isClosed = false;

  constructor(
    private readonly url: string,
    count: number,
    private readonly settings: ConnectionSettings,
  ) {
    this.connections = Array.from({ length: Math.max(1, count) }, () => undefined);
  }

  /**
   * The least loaded connection for the next piece of work, or null when every one is held up by
   * a slow statement (the caller then reads on a connection of its own).
   */
  pick(): SharedConnection | null {
    if (this.isClosed) return null;
    const now = performance.now();
    let best: SharedConnection | null = null;
    for (let index = 0; index < this.connections.length; index += 1) {
      let connection = this.connections[index];
      if (!connection || connection.isBroken) {
        if (connection) void connection.end();
        connection = this.connections[index] = new SharedConnection(this.url, this.settings);
      }
      if (connection.isHeldUp(now)) continue;
      if (!best || connection.load < best.load) best = connection;
    }
    return best;
  }

  /** Runs read-only `work` for `tenant` on `connection` (from pick). */
  async read<T>(connection: SharedConnection, tenant: TenantIds, work: (client: TenantReadClient) => Promise<T>): Promise<T> {
    await connection.connected;
    return work(TenantReadClient.on(connection.client, tenant, (answer) => connection.track(answer)));
  }

  *busy(): Iterable<{ since: number; destroy(): void }> {
    for (const connection of this.connections) {
      const since = connection?.busySince;
      if (connection && since !== undefined) yield { since, destroy: () => destroyConnection(connection.client) };
    }
  }

  async close(): Promise<void> {
    this.isClosed = true;
    await Promise.all(this.connections.map((connection) => connection?.end()));
  }
}
