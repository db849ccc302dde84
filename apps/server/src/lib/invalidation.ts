import pg from 'pg';

export interface Invalidation {
  table: string;
  key: string;
}

/**
 * Listens on PostgreSQL's `kontor_cache` channel (filled by triggers, see migration 0002),
 * so every process drops cached rows the moment another process, or a person with psql,
 * changes them. While the listener is down, `isLive` is false and caches must not be trusted.
 */
export class InvalidationListener {
  private client: pg.Client | undefined;
  private readonly handlers = new Set<(event: Invalidation | 'all') => void>();
  private stopped = false;
  isLive = false;

  constructor(private readonly url: string) {}

  onInvalidate(handler: (event: Invalidation | 'all') => void): void {
    this.handlers.add(handler);
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (!message.payload) return;
      try {
        this.emit(JSON.parse(message.payload) as Invalidation);
      } catch {
        this.emit('all');
      }
    });
    client.on('error', () => this.reconnect());
    client.on('end', () => this.reconnect());
    await client.connect();
    await client.query('LISTEN kontor_cache');
    this.client = client;
    this.isLive = true;
  }

  private reconnect(): void {
    if (this.stopped || !this.isLive) return;
    this.isLive = false;
    this.client = undefined;
    this.emit('all');
    setTimeout(() => {
      if (!this.stopped) this.start().catch(() => this.reconnectLater());
    }, 500).unref();
  }

  private reconnectLater(): void {
    this.isLive = true; // lets reconnect() run again
    this.reconnect();
  }

  private emit(event: Invalidation | 'all'): void {
    for (const handler of this.handlers) handler(event);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.isLive = false;
    await this.client?.end().catch(() => {});
  }
}
