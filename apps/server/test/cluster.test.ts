import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, freePort, type TestDatabase } from './harness';

const serverRoot = path.resolve(import.meta.dirname, '..');

/**
 * The api processes the primary `pid` started (Linux /proc): its children running main.ts. tsx
 * may add a child of its own (esbuild's service) while its cache is cold.
 */
function apiProcessesOf(pid: number): number[] {
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const parent = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      return parent === pid && command.includes('src/main.ts') ? [Number(entry)] : [];
    } catch {
      return []; // ended meanwhile
    }
  });
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `main.ts` as `npm start` runs it, with two api processes (cluster.ts) on a test database: the
 * primary serves nothing itself, replaces a process that ends, and a stop ends them all.
 */
describe('api processes sharing one port (KONTOR_API_PROCESSES)', () => {
  let testDatabase: TestDatabase;
  let dataDir: string;
  let port: number;
  let primary: ChildProcess;
  let output = '';

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-cluster-'));
    port = await freePort();
    primary = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        KONTOR_API_PROCESSES: '2',
        KONTOR_DATA_DIR: dataDir,
        KONTOR_DEMO: '0',
        DATABASE_URL: testDatabase.url,
        INVOICE_READING: '0',
        VAT_CHECK: '0',
        SMTP_IMPORT_PORT: '0',
      },
    });
    primary.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    primary.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  });
  afterAll(async () => {
    if (primary.exitCode === null) primary.kill('SIGKILL');
    await testDatabase.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const health = async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status;

  it('serves from two processes, starts a replacement for one that ends, and stops them all', async () => {
    await until('the ready line', () => (/ready on .* with 2 api processes/.test(output) ? true : undefined), 60_000);
    const members = apiProcessesOf(primary.pid!);
    expect(members, output).toHaveLength(2);
    expect(await health()).toBe(200);

    process.kill(members[1]!, 'SIGKILL');
    const replaced = await until('a replacement process', () => {
      const now = apiProcessesOf(primary.pid!);
      return now.length === 2 && !now.includes(members[1]!) ? now : undefined;
    });
    await until('the replacement notice', () =>
      /api process \d ended \(SIGKILL\); starting it again/.test(output) ? true : undefined,
    );
    // Every connection is answered, whichever process it goes to; the replacement serves too.
    await until('the replacement serving', async () => {
      const statuses = await Promise.all(Array.from({ length: 6 }, () => health()));
      return statuses.every((status) => status === 200) ? true : undefined;
    });

    const exited = new Promise<number | null>((resolve) => primary.once('exit', resolve));
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of replaced) expect(existsSync(`/proc/${pid}`)).toBe(false);
    await expect(health()).rejects.toThrow();
  }, 90_000);
});
