import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded';
import { freePort } from './harness';

const select1 = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('select 1 as one')).rows[0]!.one;
  } finally {
    await client.end();
  }
};

/** Issue 70 item 4: a PostgreSQL left running on Kontor's data folder, and a start that fails in words. */
describe('embedded PostgreSQL start', () => {
  const folders: string[] = [];
  const running: EmbeddedDatabase[] = [];
  afterAll(async () => {
    for (const database of running) await database.stop().catch(() => {});
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  const folder = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-embedded-'));
    folders.push(dir);
    return dir;
  };

  it('stops a PostgreSQL still running on its data folder and starts anew', { timeout: 120_000 }, async () => {
    const dataDir = folder();
    const port = await freePort();
    const leftover = await startEmbeddedPostgres(dataDir, port, { durable: false });
    expect(await select1(leftover.url)).toBe(1);
    // As if the primary had been killed: nobody stops the first one.
    const messages: string[] = [];
    const restarted = await startEmbeddedPostgres(dataDir, port, { durable: false, log: (message) => messages.push(message) });
    running.push(restarted);
    expect(messages.some((message) => /still running on .*: stopping it\./.test(message))).toBe(true);
    expect(await select1(restarted.url)).toBe(1);
  });

  it('starts PostgreSQL again when it dies, and the clients reconnect', { timeout: 120_000 }, async () => {
    const dataDir = folder();
    const messages: string[] = [];
    const database = await startEmbeddedPostgres(dataDir, await freePort(), {
      durable: false,
      log: (message) => messages.push(message),
      watchIntervalMs: 200,
    });
    running.push(database);
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pool.on('error', () => {});
    try {
      expect((await pool.query('select 1 as one')).rows[0].one).toBe(1);
      const pid = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      const deadline = Date.now() + 60_000;
      while (!messages.includes('The embedded PostgreSQL runs again.') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The pool's old connections died with it; it opens new ones on its own.
      let answered = false;
      while (!answered && Date.now() < deadline) {
        answered = await pool.query('select 1').then(
          () => true,
          () => false,
        );
      }
      expect(answered).toBe(true);
      expect(messages).toContain('The embedded PostgreSQL stopped unexpectedly; starting it again.');
      expect(messages).toContain('The embedded PostgreSQL runs again.');
    } finally {
      await pool.end();
    }
  });

  it('names a port another program holds', { timeout: 120_000 }, async () => {
    const { createServer } = await import('node:net');
    const port = await freePort();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', () => resolve()));
    try {
      await expect(startEmbeddedPostgres(folder(), port, { durable: false })).rejects.toThrow(
        `port ${port} is in use by another program`,
      );
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });
});
