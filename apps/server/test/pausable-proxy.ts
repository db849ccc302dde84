import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can go silent, as a paused (SIGSTOP) or unreachable
 * server does: connections stay open, and nothing comes back. Tests cannot pause the shared test
 * server (other test files use it), so they connect through this instead.
 */
export interface PausableProxy {
  /** The database URL with the proxy's port in place of the server's. */
  url(databaseUrl: string): string;
  /** From now on nothing is forwarded either way, and new connections are held unanswered. */
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

/** Where the server of `databaseUrl` listens: its Unix socket (a `host` folder) or host and port. */
function targetOf(databaseUrl: string): net.NetConnectOpts {
  const parsed = new URL(databaseUrl);
  const port = Number(parsed.port || 5432);
  const folder = parsed.searchParams.get('host');
  return folder?.startsWith('/') ? { path: `${folder}/.s.PGSQL.${port}` } : { host: parsed.hostname, port };
}

export async function startPausableProxy(databaseUrl: string): Promise<PausableProxy> {
  const target = targetOf(databaseUrl);
  let isPaused = false;
  const pairs = new Set<{ client: net.Socket; server: net.Socket }>();
  const held: net.Socket[] = [];

  const forward = (client: net.Socket) => {
    const server = net.connect(target);
    const pair = { client, server };
    pairs.add(pair);
    client.pipe(server);
    server.pipe(client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('error', end).on('close', end);
    server.on('error', end).on('close', end);
  };
  const proxy = net.createServer((client) => {
    if (isPaused) {
      client.pause();
      client.on('error', () => client.destroy());
      held.push(client);
    } else forward(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;

  return {
    url(databaseUrl) {
      const parsed = new URL(databaseUrl);
      parsed.searchParams.delete('host');
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    pause() {
      if (isPaused) return;
      isPaused = true;
      for (const { client, server } of pairs) {
        client.unpipe(server);
        server.unpipe(client);
        client.pause();
        server.pause();
      }
    },
    resume() {
      if (!isPaused) return;
      isPaused = false;
      for (const { client, server } of pairs) {
        client.pipe(server);
        server.pipe(client);
        client.resume();
        server.resume();
      }
      for (const client of held.splice(0)) if (!client.destroyed) forward(client);
    },
    async close() {
      for (const { client, server } of pairs) {
        client.destroy();
        server.destroy();
      }
      for (const client of held) client.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
